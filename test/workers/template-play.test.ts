import { SELF, env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AppliedTemplate } from '../../app/core/applied-template';
import type { ChatMessage } from '../../app/core/protocol';
import type { TemplateDetail, TemplateEntry, TemplateMessage } from '../../app/core/templates';
import type { PartyRoom } from '../../durable-objects/party-room';
import type { Consultant, Guest, PartyRecord } from './fixtures';
import {
  ORIGIN,
  api,
  connected,
  createConsultant,
  createParty,
  expectError,
  joinGuest,
  json,
  JPEG,
  libraryPhoto,
  spoken,
  evictRooms,
  partyRoom,
  roomPlace,
} from './fixtures';
import { database } from '../../worker/db/client';
import { deleteAccount } from '../../worker/services/account-deletion';
import { purgeTemplateTrash, recordSharedPlay } from '../../worker/services/templates';

/**
 * A template played into a party (app/core/applied-template.ts): the manager's calls, the state in
 * the room's storage across an eviction, sending, hiding, restart and continue, the full send that
 * stops at the first error, the timed autoplay run by the room's alarm (across an eviction and a
 * repeated alarm, nothing sent twice), and a shared template's files reaching the guests of the
 * recipient's party. Through the real Worker, room, D1 and R2.
 */

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

type Item = string | { photo: string };

/** A template of `who` with these messages in order (a string is a text message). */
async function template(who: Consultant, items: Item[], title = 'Wellness-Abend'): Promise<{ id: string; messages: TemplateMessage[] }> {
  const created = await ok<TemplateEntry>(await api('/templates/create', { method: 'POST', headers: who.headers, body: { title } }), 201);
  for (const item of items) {
    const body = typeof item === 'string' ? { messageType: 'text', message: item } : { messageType: 'photo', mediaId: item.photo, message: '' };
    await ok(await api(`/templates/${created.id}/sendMessage`, { method: 'POST', headers: who.headers, body }), 201);
  }
  const detail = await ok<TemplateDetail>(await api(`/templates/${created.id}`, { headers: who.headers }));
  return { id: created.id, messages: detail.messages };
}

const path = (party: PartyRecord) => `/parties/${party.id}/template`;
const apply = (party: PartyRecord, headers: Record<string, string>, templateId: string, mode?: 'restart' | 'continue') =>
  api(path(party), { method: 'POST', headers, body: mode ? { templateId, mode } : { templateId } });
const change = (party: PartyRecord, headers: Record<string, string>, body: Record<string, unknown>) => api(path(party), { method: 'PUT', headers, body });
const applied = async (party: PartyRecord, who: Consultant) =>
  (await ok<{ applied: AppliedTemplate | null }>(await api(path(party), { headers: who.headers }))).applied;
const chat = async (party: PartyRecord, headers: Record<string, string>) =>
  spoken((await ok<{ messages: ChatMessage[] }>(await api(`/parties/${party.id}/chat`, { headers }))).messages);
const shown = (state: AppliedTemplate | null) => (state ? state.messages[state.position]!.message : null);

function stub(partyId: string) {
  return partyRoom(partyId);
}

/** Makes the autoplay's next message due now, as if its delay had passed. */
async function dueNow(partyId: string): Promise<void> {
  await runInDurableObject(stub(partyId), (room: PartyRoom) => {
    const state = room.templates.store.applied!;
    room.templates.store.setApplied({ ...state, autoplay: { ...state.autoplay!, nextAt: Date.now() - 1 } });
  });
}

async function setup(items: Item[] = ['Willkommen!', 'Unser Angebot', 'Danke fürs Kommen']) {
  const consultant = await createConsultant();
  const party = await createParty(consultant);
  const guest = await joinGuest(party.id, { firstName: 'Ida', lastName: 'Gast' });
  const tpl = await template(consultant, items);
  return { consultant, party, guest, tpl };
}

describe('only the manager plays templates', () => {
  it('refuses guests and hosts every call, and strangers are no members', async () => {
    const { consultant, party, guest, tpl } = await setup();
    const host = await joinGuest(party.id, { firstName: 'Hanna', lastName: 'Host' });
    await ok(await api(`/parties/${party.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: host.guestId } }), 204);
    const stranger = await createConsultant({ name: 'Berta' });
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    const first = tpl.messages[0]!.id;
    const calls: [string, string, unknown?][] = [
      ['GET', path(party)],
      ['POST', path(party), { templateId: tpl.id, mode: 'restart' }],
      ['PUT', path(party), { action: 'send', messageId: first }],
      ['PUT', path(party), { action: 'autoplay', delayMs: 5000 }],
      ['DELETE', path(party)],
      ['POST', `/parties/${party.id}/sendFullTemplate`, { templateId: tpl.id }],
    ];
    for (const [method, route, body] of calls) {
      for (const who of [guest, host]) await expectError(await api(route, { method, headers: who.headers, body }), 403, 'forbidden');
      await expectError(await api(route, { method, headers: stranger.headers, body }), 403, 'notMember');
      await expectError(await api(route, { method, body }), 401, 'unauthorized');
    }
    // Nothing of it changed anything: the applied template is as it was, nothing was sent.
    expect(await applied(party, consultant)).toMatchObject({ position: 0, hiddenMessages: [], autoplay: null });
    expect(await chat(party, consultant.headers)).toEqual([]);
  });

  it("tells the manager's devices of every change, never a guest's", async () => {
    const { consultant, party, guest, tpl } = await setup();
    const phone = await connected(party.id, consultant.headers);
    // On joining, the manager's device learns what is applied (nothing yet).
    expect((await phone.socket.next('appliedTemplate')).applied).toBeNull();
    const ida = await connected(party.id, guest.headers);
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    expect(shown((await phone.socket.next('appliedTemplate')).applied)).toBe('Willkommen!');
    await ok(await change(party, consultant.headers, { action: 'move', position: 2 }));
    expect((await phone.socket.next('appliedTemplate')).applied?.position).toBe(2);
    // A second device (or a reload) starts exactly there.
    const laptop = await connected(party.id, consultant.headers);
    expect((await laptop.socket.next('appliedTemplate')).applied?.position).toBe(2);
    await ok(await change(party, consultant.headers, { action: 'open', open: false }));
    expect((await laptop.socket.next('appliedTemplate')).applied?.open).toBe(false);
    expect(ida.socket.all('appliedTemplate')).toEqual([]);
    for (const socket of [phone.socket, laptop.socket, ida.socket]) socket.close();
  });

  it('is refused once the party is over', async () => {
    const { consultant, party, tpl } = await setup();
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    await env.DB.prepare('UPDATE parties SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1000, party.id)
      .run();
    await expectError(await change(party, consultant.headers, { action: 'send', messageId: tpl.messages[0]!.id }), 410, 'partyExpired');
    await expectError(await apply(party, consultant.headers, tpl.id, 'restart'), 410, 'partyExpired');
    // The manager still reads where it was.
    expect(await applied(party, consultant)).toMatchObject({ position: 0 });
  });
});

describe('playing one message at a time', () => {
  it('sends, hides, moves on and ends after the last one; the guest sees the messages from the template', async () => {
    const { consultant, party, guest, tpl } = await setup(['Eins', 'Zwei', 'Drei', 'Vier']);
    const ida = await connected(party.id, guest.headers);
    const [one, two, three, four] = tpl.messages.map((message) => message.id) as [string, string, string, string];
    let state = (await ok<{ applied: AppliedTemplate }>(await apply(party, consultant.headers, tpl.id), 201)).applied;
    expect(state).toMatchObject({ templateId: tpl.id, title: 'Wellness-Abend', open: true, position: 0, hiddenMessages: [] });

    const sent = await ok<{ applied: AppliedTemplate; message: ChatMessage }>(await change(party, consultant.headers, { action: 'send', messageId: one }));
    expect(sent.message).toMatchObject({ message: 'Eins', senderType: 'manager', fromTemplate: true });
    expect((await ida.socket.next('newMessage')).message).toMatchObject({ message: 'Eins', fromTemplate: true });
    expect(sent.applied).toMatchObject({ position: 1, hiddenMessages: [one], sentMessages: [one] });

    state = (await ok(await change(party, consultant.headers, { action: 'hide', messageId: two }))).applied;
    expect(shown(state)).toBe('Drei');
    // A hidden or sent message is out of the play.
    await expectError(await change(party, consultant.headers, { action: 'send', messageId: two }), 404, 'messageNotFound');
    await expectError(await change(party, consultant.headers, { action: 'move', position: 0 }), 404, 'messageNotFound');

    // Sending the last in order shows the one before that is still to play.
    state = (await ok(await change(party, consultant.headers, { action: 'send', messageId: four }))).applied;
    expect(shown(state)).toBe('Drei');
    const last = await ok(await change(party, consultant.headers, { action: 'send', messageId: three }));
    expect(last.applied).toBeNull();
    expect(await applied(party, consultant)).toBeNull();
    expect((await chat(party, consultant.headers)).map((m) => m.message)).toEqual(['Eins', 'Vier', 'Drei']);
    await expectError(await change(party, consultant.headers, { action: 'move', position: 0 }), 404, 'templateNotApplied');
    ida.socket.close();
  });

  it('edits a message for this party only: the template stays as it was', async () => {
    const { consultant, party, tpl } = await setup();
    const first = tpl.messages[0]!.id;
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    const edited = (await ok(await change(party, consultant.headers, { action: 'edit', messageId: first, message: 'Willkommen, Ida!' }))).applied;
    expect(edited.messages[0]).toMatchObject({ message: 'Willkommen, Ida!', edited: true });
    await expectError(await change(party, consultant.headers, { action: 'edit', messageId: first, message: '   ' }), 400, 'messageEmpty');
    const sent = await ok(await change(party, consultant.headers, { action: 'send', messageId: first }));
    expect(sent.message.message).toBe('Willkommen, Ida!');
    const detail = await ok<TemplateDetail>(await api(`/templates/${tpl.id}`, { headers: consultant.headers }));
    expect(detail.messages[0]!.message).toBe('Willkommen!');
  });

  it('keeps the applied state in the room across an eviction', async () => {
    const { consultant, party, tpl } = await setup();
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    await ok(await change(party, consultant.headers, { action: 'edit', messageId: tpl.messages[2]!.id, message: 'Bis bald' }));
    await ok(await change(party, consultant.headers, { action: 'hide', messageId: tpl.messages[0]!.id }));
    const before = await applied(party, consultant);
    await evictRooms(party.id);
    expect(await applied(party, consultant)).toEqual(before);
    // It lives in the room, not in D1: a rerun of the room's load is what brought it back.
    expect(before).toMatchObject({ position: 1, hiddenMessages: [tpl.messages[0]!.id] });
    expect(before!.messages[2]).toMatchObject({ message: 'Bis bald', edited: true });
  });

  it('asks before applying the same template again: restart plays it anew, continue keeps where it was', async () => {
    const { consultant, party, tpl } = await setup();
    const [one, two] = tpl.messages.map((message) => message.id) as [string, string];
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    await ok(await change(party, consultant.headers, { action: 'send', messageId: one }));
    await ok(await change(party, consultant.headers, { action: 'edit', messageId: two, message: 'Heute: Tee' }));
    await ok(await change(party, consultant.headers, { action: 'open', open: false }));

    await expectError(await apply(party, consultant.headers, tpl.id), 409, 'templateAlreadyApplied');
    const continued = (await ok(await apply(party, consultant.headers, tpl.id, 'continue'), 201)).applied as AppliedTemplate;
    expect(continued).toMatchObject({ open: true, position: 1, hiddenMessages: [one] });
    expect(continued.messages[1]!.message).toBe('Heute: Tee');

    const restarted = (await ok(await apply(party, consultant.headers, tpl.id, 'restart'), 201)).applied as AppliedTemplate;
    expect(restarted).toMatchObject({ position: 0, hiddenMessages: [], sentMessages: [] });
    expect(restarted.id).not.toBe(continued.id);
    expect(restarted.messages[1]!.message).toBe('Unser Angebot');
    // A restart sends its first message again (a new playing).
    await ok(await change(party, consultant.headers, { action: 'send', messageId: one }));
    expect((await chat(party, consultant.headers)).map((m) => m.message)).toEqual(['Willkommen!', 'Willkommen!']);

    // Another template replaces it without asking.
    const other = await template(consultant, ['Anderes']);
    expect((await ok(await apply(party, consultant.headers, other.id), 201)).applied.templateId).toBe(other.id);
    // Someone else's template, not shared: not found; an empty one cannot be played.
    const berta = await createConsultant({ name: 'Berta' });
    await expectError(await apply(party, consultant.headers, (await template(berta, ['Geheim'])).id), 404, 'templateNotFound');
    await expectError(await apply(party, consultant.headers, (await template(consultant, [])).id), 409, 'templateEmpty');
  });

  it('sends the full template in order and stops at the first message that cannot go', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const photo = await libraryPhoto(consultant);
    const tpl = await template(consultant, ['Eins', 'Zwei', { photo }, 'Vier']);
    await ok(await api(`/media/${photo}`, { method: 'DELETE', headers: consultant.headers }), 204);
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    await expectError(
      await api(`/parties/${party.id}/sendFullTemplate`, { method: 'POST', headers: consultant.headers, body: { templateId: tpl.id } }),
      409,
      'mediaTrashed',
    );
    expect((await chat(party, consultant.headers)).map((m) => m.message)).toEqual(['Eins', 'Zwei']);
    // The panel shows the message that failed; the rest waits.
    const state = await applied(party, consultant);
    expect(state).toMatchObject({ position: 2, hiddenMessages: [tpl.messages[0]!.id, tpl.messages[1]!.id] });
    await ok(await change(party, consultant.headers, { action: 'hide', messageId: tpl.messages[2]!.id }));
    expect(await ok(await api(`/parties/${party.id}/sendFullTemplate`, { method: 'POST', headers: consultant.headers, body: { templateId: tpl.id } }))).toEqual(
      { sent: 1 },
    );
    expect((await chat(party, consultant.headers)).map((m) => m.message)).toEqual(['Eins', 'Zwei', 'Vier']);
    expect(await applied(party, consultant)).toBeNull();
  });
});

describe('timed autoplay', () => {
  it('plays on from the alarm without the manager, across an eviction, and a repeated alarm sends nothing twice', async () => {
    const { consultant, party, guest, tpl } = await setup(['Eins', 'Zwei', 'Drei']);
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    const started = (await ok(await change(party, consultant.headers, { action: 'autoplay', delayMs: 60_000 }))).applied as AppliedTemplate;
    expect(started.autoplay).toMatchObject({ delayMs: 60_000, paused: false });
    expect(started.autoplay!.nextAt).toBeGreaterThan(Date.now() + 50_000);

    // The room goes away; the autoplay and its alarm stay in its storage.
    await evictRooms(party.id);
    const ida = await connected(party.id, guest.headers);
    const alarm = await runInDurableObject(stub(party.id), (_room: PartyRoom, state: DurableObjectState) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeLessThanOrEqual(started.autoplay!.nextAt!);

    await dueNow(party.id);
    expect(await runDurableObjectAlarm(stub(party.id))).toBe(true);
    // No manager socket is open: the guest sees the message arrive all the same.
    expect((await ida.socket.next('newMessage', 3000, (event) => !event.message.message.startsWith('\u0000'))).message).toMatchObject({
      message: 'Eins',
      fromTemplate: true,
    });
    // The alarm runs again (a retry): the next message is not due, nothing is sent.
    await runDurableObjectAlarm(stub(party.id));
    expect((await chat(party, guest.headers)).map((m) => m.message)).toEqual(['Eins']);

    // A retry of the same step after the room lost its record of it (as if the step's state had
    // not been stored) finds the message already sent by its tempId and does not send it again.
    const before = await runInDurableObject(stub(party.id), (room: PartyRoom) => room.templates.store.applied!);
    await runInDurableObject(stub(party.id), (room: PartyRoom) => {
      room.templates.store.setApplied({
        ...before,
        position: 0,
        hiddenMessages: [],
        sentMessages: [],
        autoplay: { ...before.autoplay!, nextAt: Date.now() - 1 },
      });
    });
    await runDurableObjectAlarm(stub(party.id));
    expect((await chat(party, guest.headers)).map((m) => m.message)).toEqual(['Eins']);
    expect(shown(await applied(party, consultant))).toBe('Zwei');

    await dueNow(party.id);
    await runDurableObjectAlarm(stub(party.id));
    await dueNow(party.id);
    await runDurableObjectAlarm(stub(party.id));
    expect((await chat(party, guest.headers)).map((m) => m.message)).toEqual(['Eins', 'Zwei', 'Drei']);
    expect(await applied(party, consultant)).toBeNull();
    ida.socket.close();
  });

  it('a scheduled start: the alarm sends the first message at that time with nobody online, exactly once, then one per delay', async () => {
    const { consultant, party, guest, tpl } = await setup(['Eins', 'Zwei']);
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    const expiration = Date.now() + 24 * 60 * 60_000;
    await ok(await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Wellness-Party', expiration } }));
    // A time already past, one after the party ends, and one that is no time at all change nothing.
    await expectError(await change(party, consultant.headers, { action: 'autoplay', delayMs: 60_000, startAt: Date.now() - 1000 }), 400, 'startInPast');
    await expectError(await change(party, consultant.headers, { action: 'autoplay', delayMs: 60_000, startAt: expiration + 60_000 }), 400, 'startAfterExpiry');
    await expectError(await change(party, consultant.headers, { action: 'autoplay', delayMs: 60_000, startAt: 'morgen' }), 400, 'invalidDate');
    expect((await applied(party, consultant))!.autoplay).toBeNull();

    const startAt = Date.now() + 60 * 60_000;
    const scheduled = (await ok(await change(party, consultant.headers, { action: 'autoplay', delayMs: 60_000, startAt }))).applied as AppliedTemplate;
    expect(scheduled.autoplay).toMatchObject({ startAt, nextAt: startAt, paused: false, delayMs: 60_000 });

    // Nobody is connected and the room sleeps; its alarm is set for the start.
    await evictRooms(party.id);
    const alarm = await runInDurableObject(stub(party.id), (_room: PartyRoom, state: DurableObjectState) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeLessThanOrEqual(startAt);
    // An alarm before the start (another duty's) sends nothing.
    await runDurableObjectAlarm(stub(party.id));
    expect(await chat(party, guest.headers)).toEqual([]);

    // The start arrives: the first message goes once, however often the alarm runs.
    await runInDurableObject(stub(party.id), (room: PartyRoom) => {
      const state = room.templates.store.applied!;
      room.templates.store.setApplied({ ...state, autoplay: { ...state.autoplay!, nextAt: Date.now() - 1, startAt: Date.now() - 1 } });
    });
    await runDurableObjectAlarm(stub(party.id));
    await runDurableObjectAlarm(stub(party.id));
    expect((await chat(party, guest.headers)).map((m) => m.message)).toEqual(['Eins']);
    const after = (await applied(party, consultant))!;
    expect(after.autoplay).toMatchObject({ startAt: null, paused: false });
    expect(after.autoplay!.nextAt!).toBeGreaterThan(Date.now() + 50_000);
    await dueNow(party.id);
    await runDurableObjectAlarm(stub(party.id));
    expect((await chat(party, guest.headers)).map((m) => m.message)).toEqual(['Eins', 'Zwei']);
    expect(await applied(party, consultant)).toBeNull();
  });

  it('a scheduled start that is paused forgets its time; resuming plays one delay from now', async () => {
    const { consultant, party, tpl } = await setup(['Eins', 'Zwei']);
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    await ok(await change(party, consultant.headers, { action: 'autoplay', delayMs: 5000, startAt: Date.now() + 60 * 60_000 }));
    const paused = (await ok(await change(party, consultant.headers, { action: 'pause' }))).applied as AppliedTemplate;
    expect(paused.autoplay).toMatchObject({ paused: true, nextAt: null, startAt: null });
    const resumed = (await ok(await change(party, consultant.headers, { action: 'autoplay', delayMs: 5000 }))).applied as AppliedTemplate;
    expect(resumed.autoplay!.startAt).toBeNull();
    expect(resumed.autoplay!.nextAt!).toBeLessThanOrEqual(Date.now() + 5000);
  });

  it('pauses, resumes and stops; a message that cannot go pauses it with the reason', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const photo = await libraryPhoto(consultant);
    const tpl = await template(consultant, ['Eins', { photo }, 'Drei']);
    await ok(await api(`/media/${photo}`, { method: 'DELETE', headers: consultant.headers }), 204);
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    await expectError(await change(party, consultant.headers, { action: 'autoplay', delayMs: 1000 }), 400, 'invalidInput');
    await ok(await change(party, consultant.headers, { action: 'autoplay', delayMs: 5000 }));
    const paused = (await ok(await change(party, consultant.headers, { action: 'pause' }))).applied as AppliedTemplate;
    expect(paused.autoplay).toMatchObject({ paused: true, nextAt: null });
    await runDurableObjectAlarm(stub(party.id));
    expect(await chat(party, consultant.headers)).toEqual([]);

    await ok(await change(party, consultant.headers, { action: 'autoplay', delayMs: 5000 }));
    await dueNow(party.id);
    await runDurableObjectAlarm(stub(party.id));
    await dueNow(party.id);
    await runDurableObjectAlarm(stub(party.id));
    expect((await chat(party, consultant.headers)).map((m) => m.message)).toEqual(['Eins']);
    expect(await applied(party, consultant)).toMatchObject({ position: 1, autoplay: { paused: true, error: 'mediaTrashed' } });

    const stopped = (await ok(await change(party, consultant.headers, { action: 'stop' }))).applied as AppliedTemplate;
    expect(stopped.autoplay).toBeNull();
  });

  it('sends by itself when the delay has passed', async () => {
    const { consultant, party, guest, tpl } = await setup(['Nur eine']);
    const ida = await connected(party.id, guest.headers);
    await ok(await apply(party, consultant.headers, tpl.id), 201);
    await ok(await change(party, consultant.headers, { action: 'autoplay', delayMs: 5000 }));
    const arrived = await ida.socket.next('newMessage', 9000, (event) => event.message.message === 'Nur eine');
    expect(arrived.message.fromTemplate).toBe(true);
    expect(await applied(party, consultant)).toBeNull();
    ida.socket.close();
  }, 15_000);
});

describe("a shared template's files", () => {
  it("reach the guests of the recipient's party once played, and not before", async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const photo = await libraryPhoto(clara);
    const tpl = await template(clara, ['Schaut mal:', { photo }]);
    const { shareToken } = await ok<{ shareToken: string }>(await api(`/templates/${tpl.id}/share`, { method: 'PUT', headers: clara.headers }));
    const bob = await createConsultant({ name: 'Bob' });
    await ok(await api(`/templates/share/${shareToken}`, { method: 'POST', headers: bob.headers, body: { path: '' } }), 201);
    const party = await createParty(bob);
    const guest: Guest = await joinGuest(party.id);
    const fetchFile = () => SELF.fetch(`${ORIGIN}/files/${photo}`, { headers: guest.headers });
    expect([403, 404]).toContain((await fetchFile()).status);

    await ok(await apply(party, bob.headers, tpl.id), 201);
    await ok(await api(`/parties/${party.id}/sendFullTemplate`, { method: 'POST', headers: bob.headers, body: { templateId: tpl.id } }));
    const [, sent] = await chat(party, guest.headers);
    expect(sent).toMatchObject({
      messageType: 'photo',
      mediaAttachment: photo,
      mediaAttachmentOwner: clara.userId,
      mediaTitle: 'Produktfoto',
      fromTemplate: true,
    });
    const response = await fetchFile();
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(JPEG);
    expect((await api(`/parties/${party.id}/media/${photo}`, { headers: guest.headers })).status).toBe(200);
  });
});

describe('a shared template its owner takes back', () => {
  /** Clara shares a template; Bob adds it and plays it in his party, which Ida watches. */
  async function shared() {
    const clara = await createConsultant({ name: 'Clara' });
    const tpl = await template(clara, ['Eins', 'Zwei', 'Drei']);
    const { shareToken } = await ok<{ shareToken: string }>(await api(`/templates/${tpl.id}/share`, { method: 'PUT', headers: clara.headers }));
    const bob = await createConsultant({ name: 'Bob' });
    await ok(await api(`/templates/share/${shareToken}`, { method: 'POST', headers: bob.headers, body: { path: '' } }), 201);
    const party = await createParty(bob);
    const guest = await joinGuest(party.id, { firstName: 'Ida', lastName: 'Gast' });
    return { clara, tpl, bob, party, guest };
  }

  it("stops the recipient's applied copy at once: no step, no full send, no autoplay; her devices are told", async () => {
    const { clara, tpl, bob, party, guest } = await shared();
    const phone = await connected(party.id, bob.headers);
    await ok(await apply(party, bob.headers, tpl.id), 201);
    await ok(await change(party, bob.headers, { action: 'send', messageId: tpl.messages[0]!.id }));
    await ok(await change(party, bob.headers, { action: 'autoplay', delayMs: 60_000 }));
    expect(await chat(party, guest.headers)).toHaveLength(1);

    await ok(await api(`/templates/${tpl.id}/revokeShare`, { method: 'PUT', headers: clara.headers }), 204);
    // Bob's phone hears it, without asking.
    const told = await phone.socket.next('appliedTemplate', 3000, (event) => event.applied?.revoked === true);
    expect(told.applied).toMatchObject({ templateId: tpl.id, revoked: true, autoplay: null });

    await expectError(await change(party, bob.headers, { action: 'send', messageId: tpl.messages[1]!.id }), 403, 'templateRevoked');
    await expectError(await change(party, bob.headers, { action: 'autoplay', delayMs: 5000 }), 403, 'templateRevoked');
    await expectError(
      await api(`/parties/${party.id}/sendFullTemplate`, { method: 'POST', headers: bob.headers, body: { templateId: tpl.id } }),
      403,
      'templateRevoked',
    );
    // The autoplay's alarm sends nothing more, even when its time had come.
    await runInDurableObject(stub(party.id), (room: PartyRoom) => {
      const state = room.templates.store.applied!;
      room.templates.store.setApplied({ ...state, autoplay: { delayMs: 5000, paused: false, nextAt: Date.now() - 1, error: null } });
    });
    await runDurableObjectAlarm(stub(party.id));
    expect((await chat(party, guest.headers)).map((m) => m.message)).toEqual(['Eins']);
    // A reload shows why; Bob removes it, and cannot apply it again.
    expect(await applied(party, bob)).toMatchObject({ revoked: true });
    await ok(await api(path(party), { method: 'DELETE', headers: bob.headers }), 204);
    expect(await applied(party, bob)).toBeNull();
    await expectError(await apply(party, bob.headers, tpl.id), 404, 'templateNotFound');
    phone.socket.close();
  });

  it("leaves the owner's own copy playing, and a template shared and added again plays anew", async () => {
    const { clara, tpl, bob, party } = await shared();
    const own = await createParty(clara, { title: 'Claras Party' });
    await ok(await apply(own, clara.headers, tpl.id), 201);
    await ok(await apply(party, bob.headers, tpl.id), 201);
    await ok(await api(`/templates/${tpl.id}/revokeShare`, { method: 'PUT', headers: clara.headers }), 204);
    expect((await applied(own, clara))?.revoked).toBeUndefined();
    await ok(await change(own, clara.headers, { action: 'send', messageId: tpl.messages[0]!.id }));
    expect(await applied(party, bob)).toMatchObject({ revoked: true });

    const { shareToken } = await ok<{ shareToken: string }>(await api(`/templates/${tpl.id}/share`, { method: 'PUT', headers: clara.headers }));
    await ok(await api(`/templates/share/${shareToken}`, { method: 'POST', headers: bob.headers, body: { path: '' } }), 201);
    // Applied again, it starts afresh (no question whether to continue a copy taken back).
    const again = (await ok<{ applied: AppliedTemplate }>(await apply(party, bob.headers, tpl.id), 201)).applied;
    expect(again.revoked).toBeUndefined();
    await ok(await change(party, bob.headers, { action: 'send', messageId: tpl.messages[0]!.id }));
  });

  it('an apply that races the revoke is withdrawn by its own record, which finds the copy gone', async () => {
    const { tpl, bob, party } = await shared();
    await ok(await apply(party, bob.headers, tpl.id), 201);
    // The revoke's transaction came between the room taking the template and the apply's record:
    // the copy is gone, the record is not there to be found.
    await env.DB.prepare('DELETE FROM template_recipients WHERE template_id = ?').bind(tpl.id).run();
    await env.DB.prepare('DELETE FROM party_shared_templates WHERE party_id = ?').bind(party.id).run();
    expect(await recordSharedPlay(env, roomPlace(party.id), tpl.id, bob.userId)).toBe(false);
    expect(await applied(party, bob)).toMatchObject({ revoked: true });
    await expectError(await change(party, bob.headers, { action: 'send', messageId: tpl.messages[0]!.id }), 403, 'templateRevoked');
  });

  it("deleting the owner's account, or her template for good, withdraws it from the recipients' parties", async () => {
    const first = await shared();
    await ok(await apply(first.party, first.bob.headers, first.tpl.id), 201);
    await deleteAccount(env, database(env.DB), first.clara.userId);
    expect(await applied(first.party, first.bob)).toMatchObject({ revoked: true });

    const second = await shared();
    await ok(await apply(second.party, second.bob.headers, second.tpl.id), 201);
    await ok(await api(`/templates/${second.tpl.id}`, { method: 'DELETE', headers: second.clara.headers }), 204);
    // In the owner's trash it still plays where it was applied; once purged, it stops.
    expect((await applied(second.party, second.bob))?.revoked).toBeUndefined();
    await purgeTemplateTrash(env, Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await applied(second.party, second.bob)).toMatchObject({ revoked: true });
  });
});
