import { SELF, env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ORIGIN, api, connected, createConsultant, createParty, joinGuest, json, textMessage, partyRoom } from './fixtures';

type Summary = { id: string; unread: boolean; latestMessage: { senderName: string } | null; enteredAt: number | null };

function stub(partyId: string) {
  return partyRoom(partyId);
}

describe("the dashboard's unread marker", () => {
  it('is set by a guest message, not by the manager’s own, and cleared when the manager has seen it', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id, { firstName: 'Ida', lastName: 'Sommer' });
    const summary = async () => (await json<Summary[]>(await api('/parties', { headers: consultant.headers }))).find((p) => p.id === party.id)!;

    const manager = await connected(party.id, consultant.headers);
    manager.socket.send(textMessage('Willkommen'));
    await manager.socket.next('ack');
    expect(await runDurableObjectAlarm(stub(party.id))).toBe(true);
    expect(await summary()).toMatchObject({ unread: false, latestMessage: { senderName: 'Anna Berater' } });

    const ida = await connected(party.id, guest.headers);
    ida.socket.send(textMessage('Hallo!'));
    const ack = await ida.socket.next('ack');
    await runDurableObjectAlarm(stub(party.id));
    expect(await summary()).toMatchObject({ unread: true, latestMessage: { senderName: 'Ida Sommer' } });

    manager.socket.send({ type: 'updateSeen', seq: ack.seq });
    // The room took it: the manager's receipts come back to her.
    await manager.socket.next('presence', 3000, (event) => event.seen?.[consultant.userId] === ack.seq);
    await runDurableObjectAlarm(stub(party.id));
    expect((await summary()).unread).toBe(false);
  });

  it('a guest joining (its notice) neither makes the party unread nor becomes its latest message', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const ida = await joinGuest(party.id, { firstName: 'Ida', lastName: 'Sommer' });
    const summary = async () => (await json<Summary[]>(await api('/parties', { headers: consultant.headers }))).find((p) => p.id === party.id)!;
    const manager = await connected(party.id, consultant.headers);
    const idaSocket = await connected(party.id, ida.headers);
    idaSocket.socket.send(textMessage('Hallo!'));
    const ack = await idaSocket.socket.next('ack');
    manager.socket.send({ type: 'updateSeen', seq: ack.seq });
    await manager.socket.next('presence', 3000, (event) => event.seen?.[consultant.userId] === ack.seq);

    await joinGuest(party.id, { firstName: 'Ben', lastName: 'Kurz' });
    await manager.socket.next('newMessage', 3000, (event) => event.message.senderName === 'Ben Kurz');
    await runDurableObjectAlarm(stub(party.id));
    expect(await summary()).toMatchObject({ unread: false, latestMessage: { senderName: 'Ida Sommer' } });

    // A party where only notices happened has no latest message.
    const quiet = await createParty(consultant);
    await joinGuest(quiet.id, { firstName: 'Ben', lastName: 'Kurz' });
    await runDurableObjectAlarm(stub(quiet.id));
    const quietSummary = (await json<Summary[]>(await api('/parties', { headers: consultant.headers }))).find((p) => p.id === quiet.id)!;
    expect(quietSummary).toMatchObject({ unread: false, latestMessage: null });
    manager.socket.close();
    idaSocket.socket.close();
  });

  it('opening the party page marks the chat timestamp; guests cannot read it', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const before = await json<{ timestamp: number | null }>(await api(`/parties/${party.id}/chatTimestamp`, { headers: consultant.headers }));
    expect(before.timestamp).toBeNull();
    const page = await SELF.fetch(`${ORIGIN}/${party.shortId}`, { headers: { Cookie: `salon_at=${consultant.accessToken}` } });
    expect(page.status).toBe(200);
    const after = await json<{ timestamp: number }>(await api(`/parties/${party.id}/chatTimestamp`, { headers: consultant.headers }));
    expect(after.timestamp).toBeGreaterThan(Date.now() - 10_000);
    expect((await api(`/parties/${party.id}/chatTimestamp`, { headers: guest.headers })).status).toBe(403);
  });
});
