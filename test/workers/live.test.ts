import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { LivePlayback, LiveStart, LiveState } from '../../app/core/live';
import type { ChatMessage } from '../../app/core/protocol';
import type { PartyRoom } from '../../durable-objects/party-room';
import { STAND_IN_HOST } from './stream-stand-in';
import { api, connected, createParty, evictRooms, expectError, json, partyRoom, partyWithTwoGuests } from './fixtures';

/**
 * Live video in the party (issue 44, ADR 060) through the real Worker, room and D1, with the
 * workers' Stream stand-in answering the live inputs API: who may start and stop, what every
 * socket hears, the playback a member gets (signed, never Stream's token), the state across a
 * restart, the recording taken into the manager's library and the chat, and bad input.
 */

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return json<T>(response);
}

/** The party's room as the Worker reaches it (its place, ADR 050). */
const stub = (partyId: string) => partyRoom(partyId);
/** The live feature's alarm duty as it runs when its poll is due (LIVE.recordingPollMs after the last). */
const pollDue = (partyId: string) =>
  runInDurableObject(stub(partyId), async (room: PartyRoom) => {
    expect(room.live.alarm.due()).not.toBeNull();
    await room.live.alarm.run(Date.now() + 60_000);
  });
/** The live input's uid, as the workers' stand-in spells it into the WHIP URL. */
const inputOf = (start: LiveStart) => /\/(\w{32})secret\/webRTC\/publish$/.exec(start.whipUrl)![1]!;

describe('live video', () => {
  it('the manager goes live: every socket hears who is live; a guest, a host (not allowed) and a second show are refused; her own start again resumes', async () => {
    const { consultant, party, maria, tom } = await partyWithTwoGuests();
    const { socket, welcome } = await connected(party.id, maria.headers);
    expect(welcome.type).toBe('welcome');
    const quiet = await socket.next('live');
    expect(quiet.live).toEqual({ show: null, hostsMayGoLive: false });

    await expectError(await api(`/parties/${party.id}/live`, { method: 'POST', headers: maria.headers, body: {} }), 403, 'forbidden');
    expect((await api(`/parties/${party.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: tom.guestId } })).status).toBe(204);
    await expectError(await api(`/parties/${party.id}/live`, { method: 'POST', headers: tom.headers, body: {} }), 403, 'forbidden');

    const start = await ok<LiveStart>(await api(`/parties/${party.id}/live`, { method: 'POST', headers: consultant.headers, body: {} }), 201);
    expect(new URL(start.whipUrl).hostname).toBe(STAND_IN_HOST);
    expect(start.live.show?.by.id).toBe(consultant.userId);
    const heard = await socket.next('live', 3000, (event) => event.live.show !== null);
    expect(heard.live.show).toMatchObject({ by: { id: consultant.userId, role: 'manager' }, watching: 0 });

    // Her page reloaded: she starts again and publishes anew; the show goes on as it was.
    const again = await ok<LiveStart>(await api(`/parties/${party.id}/live`, { method: 'POST', headers: consultant.headers, body: {} }), 201);
    expect(again.live.show?.startedAt).toBe(start.live.show?.startedAt);
    // The host, once allowed, still cannot start a second show while hers is on.
    await ok<LiveState>(await api(`/parties/${party.id}/live/hosts`, { method: 'PUT', headers: consultant.headers, body: { allowed: true } }));
    await expectError(await api(`/parties/${party.id}/live`, { method: 'POST', headers: tom.headers, body: {} }), 409, 'liveAlready');
    socket.close();
  });

  it('a member plays the show with signed WHEP and HLS URLs (no uid, no Stream token); none plays when no show is on; the number watching counts pages', async () => {
    const { consultant, party, maria } = await partyWithTwoGuests();
    await expectError(await api(`/parties/${party.id}/live`, { headers: maria.headers }), 409, 'notLive');
    const start = await ok<LiveStart>(await api(`/parties/${party.id}/live`, { method: 'POST', headers: consultant.headers, body: {} }), 201);
    const uid = inputOf(start);
    const playback = await ok<LivePlayback>(await api(`/parties/${party.id}/live`, { headers: maria.headers }));
    for (const url of [playback.whepUrl, playback.hlsUrl]) {
      expect(new URL(url).hostname).toBe(STAND_IN_HOST);
      expect(url).not.toContain(uid);
      expect(url).not.toContain('test-stream-token');
      expect(new URL(url).pathname.split('/')[1]!.split('.')).toHaveLength(3);
    }
    expect(playback.whepUrl).toMatch(/\/webRTC\/play$/);
    expect(playback.hlsUrl).toMatch(/\/manifest\/video\.m3u8$/);

    const { socket } = await connected(party.id, maria.headers);
    socket.send({ type: 'watchLive', watching: true });
    expect((await socket.next('liveWatching')).watching).toBe(1);
    socket.send({ type: 'watchLive', watching: false });
    expect((await socket.next('liveWatching')).watching).toBe(0);
    socket.close();
  });

  it('the live state survives a restart of the room; the party keeps one live input for every show', async () => {
    const { consultant, party, maria } = await partyWithTwoGuests();
    const first = await ok<LiveStart>(await api(`/parties/${party.id}/live`, { method: 'POST', headers: consultant.headers, body: {} }), 201);
    await evictRooms(party.id);
    const { socket } = await connected(party.id, maria.headers);
    const after = await socket.next('live');
    expect(after.live.show).toMatchObject({ by: { id: consultant.userId }, startedAt: first.live.show!.startedAt });
    socket.close();
    await ok<LiveState>(await api(`/parties/${party.id}/live`, { method: 'DELETE', headers: consultant.headers, body: {} }));
    const second = await ok<LiveStart>(await api(`/parties/${party.id}/live`, { method: 'POST', headers: consultant.headers, body: {} }), 201);
    expect(inputOf(second)).toBe(inputOf(first));
  });

  it('a guest cannot stop the show; the manager stops it, and its recording becomes a video of her "Live" folder and a replay message with her caption', async () => {
    const { consultant, party, maria } = await partyWithTwoGuests();
    await expectError(await api(`/parties/${party.id}/live`, { method: 'DELETE', headers: consultant.headers, body: {} }), 409, 'notLive');
    const start = await ok<LiveStart>(await api(`/parties/${party.id}/live`, { method: 'POST', headers: consultant.headers, body: {} }), 201);
    await expectError(await api(`/parties/${party.id}/live`, { method: 'DELETE', headers: maria.headers, body: {} }), 403, 'forbidden');
    const { socket } = await connected(party.id, maria.headers);
    const stopped = await ok<LiveState>(
      await api(`/parties/${party.id}/live`, { method: 'DELETE', headers: consultant.headers, body: { caption: 'Replay of the live show' } }),
    );
    expect(stopped.show).toBeNull();
    expect((await socket.next('live', 3000, (event) => event.live.show === null)).live.show).toBeNull();

    // Before Stream has the recording, the alarm finds nothing and asks again later.
    await pollDue(party.id);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM media_items WHERE user_id = ?').bind(consultant.userId).first<{ n: number }>()).toEqual({ n: 0 });
    const recording = await (await fetch(`https://${STAND_IN_HOST}/__stand-in/live-recording/${inputOf(start)}`)).json<{ uid: string }>();
    await pollDue(party.id);

    const item = await env.DB.prepare('SELECT id, folder_id, media_type, stream_uid, state FROM media_items WHERE user_id = ?')
      .bind(consultant.userId)
      .first<{ id: string; folder_id: string; media_type: string; stream_uid: string; state: string }>();
    expect(item).toMatchObject({ media_type: 'video', stream_uid: recording.uid, state: 'converting' });
    const folder = await env.DB.prepare('SELECT title, parent_id FROM media_folders WHERE id = ?').bind(item!.folder_id).first();
    expect(folder).toEqual({ title: 'Live', parent_id: null });

    const replay = await socket.next('newMessage', 3000, (event) => event.message.messageType === 'video');
    expect(replay.message).toMatchObject({ messageType: 'video', message: 'Replay of the live show', mediaAttachment: item!.id, sender: consultant.userId });
    // Every member may play it: the party shows the file.
    const file = await ok(await api(`/parties/${party.id}/media/${item!.id}`, { headers: maria.headers }));
    expect(file.mediaAttachment).toBe(item!.id);

    // Nothing is awaited any more; the duty run again posts nothing twice.
    await runInDurableObject(stub(party.id), async (room: PartyRoom) => {
      expect(room.live.alarm.due()).toBeNull();
      await room.live.alarm.run(Date.now() + 60_000);
    });
    const history = await ok<{ messages: ChatMessage[] }>(await api(`/parties/${party.id}/chat`, { headers: consultant.headers }));
    expect(history.messages.filter((message) => message.messageType === 'video')).toHaveLength(1);
    socket.close();
  });

  it('the manager lets the host go live; the host stops her own show; another party’s live input is refused', async () => {
    const { consultant, party, tom } = await partyWithTwoGuests();
    await expectError(await api(`/parties/${party.id}/live/hosts`, { method: 'PUT', headers: tom.headers, body: { allowed: true } }), 403, 'forbidden');
    expect((await api(`/parties/${party.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: tom.guestId } })).status).toBe(204);
    const allowed = await ok<LiveState>(await api(`/parties/${party.id}/live/hosts`, { method: 'PUT', headers: consultant.headers, body: { allowed: true } }));
    expect(allowed.hostsMayGoLive).toBe(true);
    const start = await ok<LiveStart>(await api(`/parties/${party.id}/live`, { method: 'POST', headers: tom.headers, body: {} }), 201);
    expect(start.live.show?.by.id).toBe(tom.guestId);
    await ok<LiveState>(await api(`/parties/${party.id}/live`, { method: 'DELETE', headers: tom.headers, body: {} }));

    // The room keeps the party's live input: a start on any other is refused and changes nothing.
    const other = await createParty(consultant);
    const foreign = await ok<LiveStart>(await api(`/parties/${other.id}/live`, { method: 'POST', headers: consultant.headers, body: {} }), 201);
    const manager = { id: consultant.userId, firstName: 'Clara', lastName: 'Berg', role: 'manager' as const };
    const facts = { partyId: party.id, ownerUserId: consultant.userId, restrictedMessaging: false, expiresAt: null };
    const refused = await stub(party.id).startLive(manager, facts, { inputId: inputOf(foreign), playbackUrl: foreign.whipUrl }, 'Party');
    expect(refused).toEqual({ ok: false, code: 'invalidInput' });
    await expectError(await api(`/parties/${party.id}/live`, { headers: tom.headers }), 409, 'notLive');
  });

  it('bad input changes nothing: a body that is not the schema’s, a caption that is not text', async () => {
    const { consultant, party } = await partyWithTwoGuests();
    await expectError(await api(`/parties/${party.id}/live`, { method: 'POST', headers: consultant.headers, body: { inputId: 'x' } }), 400, 'invalidInput');
    await ok(await api(`/parties/${party.id}/live`, { method: 'POST', headers: consultant.headers, body: {} }), 201);
    await expectError(await api(`/parties/${party.id}/live`, { method: 'DELETE', headers: consultant.headers, body: { caption: 42 } }), 400, 'invalidInput');
    await expectError(
      await api(`/parties/${party.id}/live/hosts`, { method: 'PUT', headers: consultant.headers, body: { allowed: 'yes' } }),
      400,
      'invalidInput',
    );
    // Still live.
    const playback = await ok<LivePlayback>(await api(`/parties/${party.id}/live`, { headers: consultant.headers }));
    expect(playback.live.show).not.toBeNull();
  });
});
