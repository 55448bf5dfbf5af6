import { runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { FollowUp } from '../../app/core/follow-up';
import type { ChatMessage } from '../../app/core/protocol';
import type { Recap } from '../../app/core/recap';
import type { TemplateDetail, TemplateEntry } from '../../app/core/templates';
import { parseLeadCard } from '../../app/core/card-text';
import type { Consultant, PartyRecord, TestSocket } from './fixtures';
import { api, connected, createConsultant, createParty, expectError, joinGuest, json, page, partyRoom, sessionCookie } from './fixtures';

/**
 * "Host your own party" and "join the team" cards (ADR 059) through the real Worker, room and D1:
 * the manager sends them (in the party and from a template); guests say "I'd like that" and take
 * it back; the follow-up list and its CSV name them; the room's D1 mirror carries the dashboard's
 * counts; a guest's recap says what she asked about. Guests may not send them; bad cards are refused.
 */

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

const BOOKING = { text: 'Gib deine eigene Party – mit Geschenken für dich!' };
const TEAM = { text: 'Lust, bei uns mitzumachen?\nIch erzähle dir gern mehr.' };

function send(who: { headers: Record<string, string> }, party: PartyRecord, messageType: string, message: unknown) {
  return api(`/parties/${party.id}/chat`, {
    method: 'POST',
    headers: who.headers,
    body: { tempId: crypto.randomUUID(), messageType, message: typeof message === 'string' ? message : JSON.stringify(message) },
  });
}

async function sendLead(consultant: Consultant, party: PartyRecord, kind: 'booking' | 'team'): Promise<ChatMessage> {
  return ok<ChatMessage>(await send(consultant, party, kind, kind === 'booking' ? BOOKING : TEAM), 201);
}

const tallyFor = (socket: TestSocket, messageId: string, where: (tally: any) => boolean = () => true) =>
  socket.next('cardTally', 3000, (event) => event.tally.messageId === messageId && where(event.tally));

async function like(socket: TestSocket, messageId: string, options: number[]) {
  socket.send({ type: 'cardChoice', messageId, options });
  await tallyFor(socket, messageId, (t) => t.mine !== undefined && t.mine.length === options.length);
}

type Summary = { id: string; leads: { booking: number; team: number } };
const leadsOf = async (consultant: Consultant, party: PartyRecord) =>
  (await json<Summary[]>(await api('/parties', { headers: consultant.headers }))).find((p) => p.id === party.id)!.leads;

describe('lead cards', () => {
  it('guests ask to host and about the team and take it back; the follow-up list, its CSV and the dashboard count them', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const maria = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
    const tom = await joinGuest(party.id, { firstName: 'Tom', lastName: 'Berg' });
    const lea = await joinGuest(party.id, { firstName: 'Lea', lastName: 'Sommer' });
    const booking = await sendLead(consultant, party, 'booking');
    const team = await sendLead(consultant, party, 'team');
    expect(booking.messageType).toBe('booking');
    expect(parseLeadCard(team.message)).toEqual({ text: TEAM.text });
    // Before anyone asks, a party's counts are 0 (D1's default; the mirror writes nothing new).
    expect(await runDurableObjectAlarm(partyRoom(party.id))).toBe(true);
    expect(await leadsOf(consultant, party)).toEqual({ booking: 0, team: 0 });

    const manager = await connected(party.id, consultant.headers);
    const mariaPage = await connected(party.id, maria.headers);
    const tomPage = await connected(party.id, tom.headers);
    const leaPage = await connected(party.id, lea.headers);
    await like(mariaPage.socket, booking.id, [0]);
    await like(mariaPage.socket, team.id, [0]);
    await like(tomPage.socket, booking.id, [0]);
    await like(leaPage.socket, team.id, [0]);
    // Lea takes hers back.
    await like(leaPage.socket, team.id, []);
    const seen = await tallyFor(manager.socket, booking.id, (t) => t.who !== undefined && t.counts[0] === 2);
    expect(Object.keys(seen.tally.who ?? {}).sort()).toEqual([maria.guestId, tom.guestId].sort());
    // A lead card has one option: "I'd like that".
    mariaPage.socket.send({ type: 'cardChoice', messageId: booking.id, options: [1] });
    expect((await mariaPage.socket.next('error')).code).toBe('invalidInput');
    // The manager does not ask herself.
    manager.socket.send({ type: 'cardChoice', messageId: team.id, options: [0] });
    expect((await manager.socket.next('error')).code).toBe('forbidden');

    const list = await ok<FollowUp>(await api(`/parties/${party.id}/follow-up`, { headers: consultant.headers }));
    expect(list.cards).toEqual([
      { id: booking.id, kind: 'booking', title: BOOKING.text, options: [], correct: null },
      { id: team.id, kind: 'team', title: TEAM.text, options: [], correct: null },
    ]);
    const byId = Object.fromEntries(list.guests.map((guest) => [guest.id, guest]));
    expect(byId[maria.guestId]!.leads).toEqual(['booking', 'team']);
    expect(byId[tom.guestId]!.leads).toEqual(['booking']);
    expect(byId[lea.guestId]!.leads).toEqual([]);

    // The room mirrors the counts to D1 for the dashboard, each member once.
    expect(await runDurableObjectAlarm(partyRoom(party.id))).toBe(true);
    expect(await leadsOf(consultant, party)).toEqual({ booking: 2, team: 1 });

    // The CSV (the consultant's German): a column per lead.
    const cookies = { ...sessionCookie(consultant), Cookie: `${sessionCookie(consultant).Cookie}; lng=de` };
    const csv = await (await page(`/parties/${party.id}/follow-up.csv?tz=Europe%2FBerlin`, { headers: cookies })).text();
    const rows = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toBe('Name;Rolle;Möchte;Eigene Party;Team;Gewonnen;Zuletzt aktiv');
    expect(rows.find((row) => row.startsWith('Maria Klein'))).toMatch(/^Maria Klein;Gast;;ja;ja;;\d{4}-/);
    expect(rows.find((row) => row.startsWith('Tom Berg'))).toMatch(/^Tom Berg;Gast;;ja;;;\d{4}-/);
    expect(rows.find((row) => row.startsWith('Lea Sommer'))).toMatch(/^Lea Sommer;Gast;;;;;\d{4}-/);

    // The page filters by the address: ?show=team lists Maria alone.
    const html = await (await page(`/parties/${party.id}/follow-up?show=team`, { headers: cookies })).text();
    const table = html.slice(html.indexOf('<tbody'), html.indexOf('</tbody>'));
    expect(table).toContain('Maria Klein');
    expect(table).not.toContain('Tom Berg');
    expect(html).toMatch(/aria-current="page"[^>]*>Interessiert am Team/);

    // A deleted card's leads leave the list and the count.
    await ok(await api(`/parties/${party.id}/deleteMessages`, { method: 'PUT', headers: consultant.headers, body: { messageIds: [team.id] } }));
    await runDurableObjectAlarm(partyRoom(party.id));
    expect(await leadsOf(consultant, party)).toEqual({ booking: 2, team: 0 });
    for (const socket of [manager, mariaPage, tomPage, leaPage]) socket.socket.close();
  });

  it('tells a guest in her recap what she asked about, once, with the consultant’s name', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const maria = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
    const tom = await joinGuest(party.id, { firstName: 'Tom', lastName: 'Berg' });
    const first = await sendLead(consultant, party, 'booking');
    const second = await sendLead(consultant, party, 'booking');
    const mariaPage = await connected(party.id, maria.headers);
    await like(mariaPage.socket, first.id, [0]);
    await like(mariaPage.socket, second.id, [0]);
    mariaPage.socket.close();
    await ok(
      await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Wellness-Party', expiration: Date.now() - 1000 } }),
    );
    const recap = await ok<Recap>(await api(`/parties/${party.id}/recap`, { headers: maria.headers }));
    expect(recap.leads).toEqual(['booking']);
    expect((await ok<Recap>(await api(`/parties/${party.id}/recap`, { headers: tom.headers }))).leads).toEqual([]);
  });

  it('refuses a guest who sends one, and bad ones with their codes', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const maria = await joinGuest(party.id);
    await expectError(await send(maria, party, 'booking', BOOKING), 403, 'forbidden');
    await expectError(await send(consultant, party, 'team', { text: '   ' }), 400, 'invalidCard');
    await expectError(await send(consultant, party, 'team', { text: 'x'.repeat(301) }), 400, 'invalidCard');
    await expectError(await send(consultant, party, 'booking', { text: '\u200B\u200B' }), 400, 'invalidText');
    await expectError(await send(consultant, party, 'booking', 'keine Karte'), 400, 'invalidCard');
    await expectError(await send(consultant, party, 'booking', { title: 'falsch' }), 400, 'invalidCard');
    const history = await ok<{ messages: ChatMessage[] }>(await api(`/parties/${party.id}/chat`, { headers: consultant.headers }));
    expect(history.messages.filter((message) => message.messageType === 'booking' || message.messageType === 'team')).toEqual([]);
  });

  it('is prepared in a template and fired on cue into the party', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const maria = await joinGuest(party.id);
    const created = await ok<TemplateEntry>(await api('/templates/create', { method: 'POST', headers: consultant.headers, body: { title: 'Abschluss' } }), 201);
    const add = (body: object) => api(`/templates/${created.id}/sendMessage`, { method: 'POST', headers: consultant.headers, body });
    await ok(await add({ messageType: 'booking', message: JSON.stringify(BOOKING) }), 201);
    await ok(await add({ messageType: 'team', message: JSON.stringify(TEAM) }), 201);
    await expectError(await add({ messageType: 'team', message: JSON.stringify({ text: '' }) }), 400, 'invalidCard');
    const detail = await ok<TemplateDetail>(await api(`/templates/${created.id}`, { headers: consultant.headers }));
    expect(detail.messages.map((message) => message.messageType)).toEqual(['booking', 'team']);
    const mariaPage = await connected(party.id, maria.headers);
    await ok(await api(`/parties/${party.id}/template`, { method: 'POST', headers: consultant.headers, body: { templateId: created.id } }), 201);
    for (const message of detail.messages)
      await ok(await api(`/parties/${party.id}/template`, { method: 'PUT', headers: consultant.headers, body: { action: 'send', messageId: message.id } }));
    const fired = (await mariaPage.socket.next('newMessage', 3000, (event) => event.message.messageType === 'team')).message;
    expect(fired).toMatchObject({ fromTemplate: true });
    await like(mariaPage.socket, fired.id, [0]);
    const list = await ok<FollowUp>(await api(`/parties/${party.id}/follow-up`, { headers: consultant.headers }));
    expect(list.guests.find((guest) => guest.id === maria.guestId)!.leads).toEqual(['team']);
    mariaPage.socket.close();
  });
});
