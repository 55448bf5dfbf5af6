import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../app/core/limits';
import type { ChatMessage } from '../../app/core/protocol';
import type { PartyRoom } from '../../durable-objects/party-room';
import { HEADINGS_QUERY } from '../../durable-objects/kernel/schema';
import { api, connect, connected, createConsultant, createParty, expectError, joinGuest, json, partyRoom } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * The party's table of contents (every heading, kept by the room) and the history page around a
 * seq that a jump to a heading far back loads.
 */

type Page = { messages: ChatMessage[]; hasMore: boolean; hasNewer?: boolean; seq: number };

async function chat(partyId: string, headers: Record<string, string>, query = ''): Promise<Page> {
  const response = await api(`/parties/${partyId}/chat${query}`, { headers });
  expect(response.status).toBe(200);
  return json(response);
}

async function postHeading(partyId: string, consultant: Consultant, message: string, messageType = 'heading'): Promise<ChatMessage> {
  const response = await api(`/parties/${partyId}/chat`, {
    method: 'POST',
    headers: consultant.headers,
    body: { tempId: crypto.randomUUID(), messageType, message },
  });
  expect(response.status).toBe(201);
  return json(response);
}

const roomOf = (partyId: string) => partyRoom(partyId);

/** Many plain messages at once, straight into the room's log (the send path is tested elsewhere; here only volume matters). */
async function seed(partyId: string, sender: string, count: number): Promise<void> {
  await runInDurableObject(roomOf(partyId), (room: PartyRoom) => {
    for (let n = 1; n <= count; n++) {
      room.store.appendMessage({
        id: crypto.randomUUID(),
        tempId: null,
        sender,
        senderType: 'guest',
        senderName: 'Maria Klein',
        messageType: 'text',
        message: `Nachricht ${n}`,
        replyingTo: null,
        timestamp: Date.now(),
      });
    }
  });
}

async function setup() {
  const consultant = await createConsultant();
  const party = await createParty(consultant);
  const guest = await joinGuest(party.id);
  return { consultant, party, guest };
}

describe('the heading index in the welcome', () => {
  it('lists every heading of a party longer than a page, in order, with levels, edits and deletions', async () => {
    const { consultant, party, guest } = await setup();
    const first = await postHeading(party.id, consultant, 'Begrüßung');
    await seed(party.id, guest.guestId, 60);
    const second = await postHeading(party.id, consultant, 'Produkte', 'heading2');
    await seed(party.id, guest.guestId, 60);
    const third = await postHeading(party.id, consultant, 'Fragen', 'heading3');
    await seed(party.id, guest.guestId, 60);
    expect(
      (await api(`/parties/${party.id}/editMessage`, { method: 'PUT', headers: consultant.headers, body: { messageId: first.id, message: 'Willkommen' } }))
        .status,
    ).toBe(200);
    expect((await api(`/parties/${party.id}/deleteMessage`, { method: 'PUT', headers: consultant.headers, body: { messageId: second.id } })).status).toBe(200);

    const { socket, welcome } = await connected(party.id, guest.headers);
    expect(welcome.mode).toBe('snapshot');
    // The newest page holds none of them: only the index tells the page about them.
    expect(welcome.messages.some((m) => m.messageType.startsWith('heading'))).toBe(false);
    expect(welcome.headings).toEqual([
      { id: first.id, seq: first.seq, level: 'heading', text: 'Willkommen', deleted: false },
      { id: second.id, seq: second.seq, level: 'heading2', text: '', deleted: true },
      { id: third.id, seq: third.seq, level: 'heading3', text: 'Fragen', deleted: false },
    ]);
    socket.close();

    // A resume replays the changes instead; the events carry the heading changes.
    const fourth = await postHeading(party.id, consultant, 'Abschluss');
    const resumed = await connected(party.id, guest.headers, welcome.seq);
    expect(resumed.welcome).toMatchObject({ mode: 'replay', headings: [] });
    expect(resumed.welcome.events.map((e) => e.message.id)).toEqual([fourth.id]);
    resumed.socket.close();
  });

  it('cuts a long heading by grapheme (Intl.Segmenter in workerd), never inside an emoji', async () => {
    const { consultant, party, guest } = await setup();
    await postHeading(party.id, consultant, `${'x'.repeat(118)}👩‍👩‍👧‍👦👍🏽 und noch mehr`);
    const { socket, welcome } = await connected(party.id, guest.headers);
    expect(welcome.headings[0]!.text).toBe(`${'x'.repeat(118)}👩‍👩‍👧‍👦…`);
    socket.close();
  });

  it('is read through the partial index of headings, not a scan of the log', async () => {
    const { party } = await setup();
    await runInDurableObject(roomOf(party.id), (_room, state) => {
      const plan = state.storage.sql
        .exec<{ detail: string }>(`EXPLAIN QUERY PLAN ${HEADINGS_QUERY}`)
        .toArray()
        .map((row) => row.detail)
        .join(' | ');
      expect(plan).toContain('USING INDEX messages_headings');
      expect(plan).not.toMatch(/SCAN messages(?! USING)/);
    });
  });

  it('is refused to anyone not in the party: the socket is not opened', async () => {
    const { consultant, party } = await setup();
    await postHeading(party.id, consultant, 'Geheim');
    const outsider = await joinGuest((await createParty(consultant)).id);
    expect(await connect(party.id, outsider.headers)).toBe(403);
    expect(await connect(party.id, (await createConsultant()).headers)).toBe(403);
  });
});

describe('GET /api/parties/:id/chat?around= and ?after=', () => {
  async function long() {
    const context = await setup();
    await seed(context.party.id, context.guest.guestId, 199);
    return context; // seq 1 is the join notice: messages 1..200
  }
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('the page around a seq: half a page before it, the rest from it on, and whether older and newer exist', async () => {
    const { party, guest } = await long();
    const page = await chat(party.id, guest.headers, '?around=100');
    expect(page.messages.map((m) => m.seq)).toEqual(range(75, 124));
    expect(page).toMatchObject({ hasMore: true, hasNewer: true, seq: 200 });
  });

  it('at the bounds: the start of the party, the newest, and beyond the end', async () => {
    const { party, guest } = await long();
    expect(await chat(party.id, guest.headers, '?around=1')).toMatchObject({ hasMore: false, hasNewer: true });
    expect((await chat(party.id, guest.headers, '?around=1')).messages.map((m) => m.seq)).toEqual(range(1, 50));
    const end = await chat(party.id, guest.headers, '?around=190');
    expect(end.messages.map((m) => m.seq)).toEqual(range(165, 200));
    expect(end).toMatchObject({ hasMore: true, hasNewer: false });
    expect((await chat(party.id, guest.headers, '?around=99999')).messages.map((m) => m.seq)).toEqual(range(176, 200));
  });

  it('paging down with after= from a jump yields every message once, up to the newest', async () => {
    const { party, guest } = await long();
    let page = await chat(party.id, guest.headers, '?around=20');
    const seen = page.messages.map((m) => m.seq);
    while (page.hasNewer) {
      page = await chat(party.id, guest.headers, `?after=${seen.at(-1)}`);
      expect(page.hasMore).toBe(true);
      seen.push(...page.messages.map((m) => m.seq));
    }
    expect(seen).toEqual(range(1, 200));
    expect(await chat(party.id, guest.headers, '?after=200')).toMatchObject({ messages: [], hasNewer: false });
  });

  it.each(['around=0', 'around=-1', 'around=abc', 'around=1.5', 'around=', 'around=1e400', 'after=0', 'after=x', 'from=5&around=5', 'around=5&after=5'])(
    '%s is invalidInput',
    async (query) => {
      const { party, guest } = await setup();
      await expectError(await api(`/parties/${party.id}/chat?${query}`, { headers: guest.headers }), 400, 'invalidInput');
    },
  );

  it('requires membership: 403 for outsiders, 401 without credentials, 404 for an unknown party, 410 for a guest of an ended party', async () => {
    const { consultant, party, guest } = await setup();
    const outsider = await joinGuest((await createParty(consultant)).id);
    await expectError(await api(`/parties/${party.id}/chat?around=1`, { headers: outsider.headers }), 403, 'notMember');
    await expectError(await api(`/parties/${party.id}/chat?after=1`, { headers: (await createConsultant()).headers }), 403, 'notMember');
    await expectError(await api(`/parties/${party.id}/chat?around=1`), 401, 'unauthorized');
    await expectError(await api(`/parties/${crypto.randomUUID()}/chat?around=1`, { headers: guest.headers }), 404, 'partyNotFound');
    // Ended straight in D1: whether an edit may set a past expiry is not this test's concern.
    await env.DB.prepare('UPDATE parties SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - DAY_MS, party.id)
      .run();
    await expectError(await api(`/parties/${party.id}/chat?around=1`, { headers: guest.headers }), 410, 'partyExpired');
    // Its manager may still read it.
    expect((await chat(party.id, consultant.headers, '?around=1')).messages.length).toBeGreaterThan(0);
  });
});
