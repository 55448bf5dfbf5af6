import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PartyReport } from '../../app/core/reports';
import { REPORT_LIMIT } from '../../app/core/reports';
import { ORIGIN, api, connected, createConsultant, expectError, json, partyWithTwoGuests as party, sessionCookie } from './fixtures';

/** Reporting abuse (ADR 064): filed by any member, read and resolved by the manager and the host, a manager's report for the operator. */

async function send(partyId: string, guest: { headers: Record<string, string> }, text: string): Promise<string> {
  const response = await api(`/parties/${partyId}/chat`, { method: 'POST', headers: guest.headers, body: { message: text } });
  expect(response.status).toBe(201);
  return (await json<{ id: string }>(response)).id;
}

const file = (partyId: string, headers: Record<string, string>, body: unknown) => api(`/parties/${partyId}/reports`, { method: 'POST', headers, body });
const list = async (partyId: string, headers: Record<string, string>) => json<PartyReport[]>(await api(`/parties/${partyId}/reports`, { headers }));
const resolve = (partyId: string, headers: Record<string, string>, reportId: string, action: string) =>
  api(`/parties/${partyId}/reports/${reportId}`, { method: 'POST', headers, body: { action } });

describe('reporting abuse', () => {
  it('a guest reports a message: the manager hears the count and reads it without the reporter; the reported guest reads nothing', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const watcher = await connected(p.id, consultant.headers);
    const id = await send(p.id, maria, 'Kauft alle bei meinem Shop!');
    const filed = await file(p.id, tom.headers, { messageId: id, reason: 'spam', note: 'Schon das dritte Mal' });
    expect(filed.status).toBe(201);
    const { id: reportId } = await json<{ id: string }>(filed);
    expect((await watcher.socket.next('reportsOpen')).count).toBe(1);

    const response = await api(`/parties/${p.id}/reports`, { headers: consultant.headers });
    const text = await response.text();
    expect(text).not.toContain(tom.guestId);
    expect(text).not.toContain('Tom');
    const reports = JSON.parse(text) as PartyReport[];
    expect(reports).toEqual([
      expect.objectContaining({
        id: reportId,
        memberId: maria.guestId,
        memberName: 'Maria Klein',
        messageId: id,
        excerpt: 'Kauft alle bei meinem Shop!',
        reason: 'spam',
        note: 'Schon das dritte Mal',
        memberGone: false,
        messageGone: false,
      }),
    ]);
    // The same report again is the same report; oneself is not reportable; a guest reads no reports.
    expect(await json<{ id: string }>(await file(p.id, tom.headers, { messageId: id, reason: 'other' }))).toEqual({ id: reportId });
    await expectError(await file(p.id, maria.headers, { messageId: id, reason: 'spam' }), 400, 'reportSelf');
    await expectError(await api(`/parties/${p.id}/reports`, { headers: maria.headers }), 403, 'forbidden');
    await expectError(await resolve(p.id, maria.headers, reportId, 'dismiss'), 403, 'forbidden');
    await expectError(await file(p.id, {}, { messageId: id, reason: 'spam' }), 401, 'unauthorized');
  });

  it('the manager resolves: delete the message, remove the guest, or dismiss; each settles the report', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const rude = await send(p.id, maria, 'Blöde Party');
    const other = await send(p.id, maria, 'Noch was');
    const byMessage = await json<{ id: string }>(await file(p.id, tom.headers, { messageId: rude, reason: 'harassment' }));
    const byMember = await json<{ id: string }>(await file(p.id, tom.headers, { memberId: maria.guestId, reason: 'harassment' }));
    const dismissed = await json<{ id: string }>(await file(p.id, maria.headers, { messageId: await send(p.id, tom, 'Hallo'), reason: 'other' }));
    expect((await list(p.id, consultant.headers)).map((report) => report.id)).toEqual([byMessage.id, byMember.id, dismissed.id]);

    expect((await resolve(p.id, consultant.headers, dismissed.id, 'dismiss')).status).toBe(204);
    expect((await resolve(p.id, consultant.headers, byMessage.id, 'delete')).status).toBe(204);
    const history = await json<{ messages: { id: string; deleted: boolean }[] }>(await api(`/parties/${p.id}/chat`, { headers: consultant.headers }));
    expect(history.messages.find((message) => message.id === rude)?.deleted).toBe(true);
    expect(history.messages.find((message) => message.id === other)?.deleted).toBe(false);
    await expectError(await resolve(p.id, consultant.headers, byMessage.id, 'dismiss'), 404, 'reportNotFound');
    // A member's report cannot delete a message: it names none.
    await expectError(await resolve(p.id, consultant.headers, byMember.id, 'delete'), 400, 'invalidInput');

    expect((await resolve(p.id, consultant.headers, byMember.id, 'remove')).status).toBe(204);
    await expectError(await api(`/parties/${p.id}/chat`, { headers: maria.headers }), 403, 'notMember');
    expect(await list(p.id, consultant.headers)).toEqual([]);
  });

  it('a host reads and resolves reports, but never one about herself', async () => {
    const { consultant, party: p, maria, tom } = await party();
    expect((await api(`/parties/${p.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: tom.guestId } })).status).toBe(204);
    const aboutTom = await json<{ id: string }>(await file(p.id, maria.headers, { memberId: tom.guestId, reason: 'harassment' }));
    expect(await list(p.id, tom.headers)).toEqual([]);
    await expectError(await resolve(p.id, tom.headers, aboutTom.id, 'dismiss'), 404, 'reportNotFound');
    expect((await list(p.id, consultant.headers)).map((report) => report.id)).toEqual([aboutTom.id]);

    const spam = await send(p.id, maria, 'Werbung');
    const aboutMaria = await json<{ id: string }>(await file(p.id, consultant.headers, { messageId: spam, reason: 'spam' }));
    expect((await list(p.id, tom.headers)).map((report) => report.id)).toEqual([aboutMaria.id]);
    expect((await resolve(p.id, tom.headers, aboutMaria.id, 'delete')).status).toBe(204);
    expect(await list(p.id, tom.headers)).toEqual([]);
  });

  it('a report of the manager goes to the operator, not to the party', async () => {
    const { consultant, party: p, maria } = await party();
    // The manager's id in her party is her account's.
    const filed = await file(p.id, maria.headers, { memberId: consultant.userId, reason: 'inappropriate', note: 'Sie drängt' });
    expect(filed.status).toBe(201);
    const { id } = await json<{ id: string }>(filed);
    expect(await list(p.id, consultant.headers)).toEqual([]);
    const row = await env.DB.prepare('SELECT * FROM operator_reports WHERE id = ?').bind(id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ party_id: p.id, reason: 'inappropriate', note: 'Sie drängt', excerpt: null, resolved_at: null });
    expect(JSON.stringify(row)).not.toContain(maria.guestId);

    // The operator (wrangler.toml OPERATOR_EMAILS) sees it on her page.
    const operator = await createConsultant({ name: 'Olga' });
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind('anna@salon.test', operator.userId).run();
    const page = await SELF.fetch(`${ORIGIN}/operator`, { headers: sessionCookie(operator) });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sie drängt');
    expect(html).toContain('Unangemessene Inhalte');
  });

  it(`at most ${REPORT_LIMIT.count} reports in ${REPORT_LIMIT.windowMs / 60_000} minutes, then rateLimited; bad input changes nothing`, async () => {
    const { consultant, party: p, maria, tom } = await party();
    for (let i = 0; i < REPORT_LIMIT.count; i++)
      expect((await file(p.id, tom.headers, { messageId: await send(p.id, maria, `Nr. ${i}`), reason: 'spam' })).status).toBe(201);
    await expectError(await file(p.id, tom.headers, { messageId: await send(p.id, maria, 'Eine zu viel'), reason: 'spam' }), 429, 'rateLimited');
    const id = await send(p.id, maria, 'Text');
    await expectError(await file(p.id, maria.headers, { messageId: id, memberId: tom.guestId, reason: 'spam' }), 400, 'invalidInput');
    await expectError(await file(p.id, consultant.headers, { messageId: id, reason: 'boring' }), 400, 'invalidInput');
    await expectError(await file(p.id, consultant.headers, { messageId: id, reason: 'spam', note: 'x'.repeat(501) }), 400, 'invalidInput');
    await expectError(await file(p.id, consultant.headers, { messageId: crypto.randomUUID(), reason: 'spam' }), 404, 'messageNotFound');
    await expectError(await file(p.id, consultant.headers, { memberId: 'nobody', reason: 'spam' }), 403, 'notMember');
    expect((await list(p.id, consultant.headers)).length).toBe(REPORT_LIMIT.count);
  });
});
