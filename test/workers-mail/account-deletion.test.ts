import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { DELETION_LINK_TTL_MS, nextDeletionRequestAt } from '../../app/core/account-deletion';
import { SERVER_TIME_ZONE, formatTime } from '../../app/core/dates';
import { sha256 } from '../../worker/auth/crypto';
import { requestDeletion } from '../../worker/services/account-deletion';
import { linkFiles } from '../../worker/db/party-media';
import { ORIGIN, api, connected, createConsultant, createParty, expectError, html, joinGuest, json, page } from '../workers/fixtures';
import type { Consultant } from '../workers/fixtures';
import type { CaughtMail } from './mail';
import { mailsTo, settle, waitForMails } from './mail';

/**
 * Account deletion by e-mail end to end, on the real path: the Worker's sender talks SMTP over
 * `cloudflare:sockets` to the real local mail catcher (scripts/mail-catcher.mjs, started by
 * vitest.config.ts), and the mails are read back from the catcher's JSON API. This project runs
 * without the Stream stand-in, which would take the socket (vitest.config.ts says why).
 */

const LINK = /https:\/\/salon\.test\/delete-account\/([A-Za-z0-9_-]{43})/;

function tokenOf(mail: CaughtMail): string {
  const match = LINK.exec(mail.text);
  if (!match) throw new Error(`no link in:\n${mail.text}`);
  return match[1]!;
}

const ask = (email: string, headers: Record<string, string> = {}) => api('/moderation/delete-account', { method: 'POST', headers, body: { email } });
const form = (path: string, body: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  page(path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body).toString() });

async function emailOf(consultant: Consultant): Promise<string> {
  return (await env.DB.prepare('SELECT email FROM users WHERE id = ?').bind(consultant.userId).first<string>('email'))!;
}

/** The language cookie as the language menu sets it (POST /language). */
async function languageCookie(lng: string): Promise<string> {
  const response = await page('/language', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `lng=${lng}&returnTo=/` });
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('lng='))!
    .split(';')[0]!;
}

const markedAt = (userId: string) => env.DB.prepare('SELECT deletion_requested_at AS at FROM users WHERE id = ?').bind(userId).first<number | null>('at');

describe('POST /api/moderation/delete-account', () => {
  let anna: Consultant;
  let address: string;
  beforeEach(async () => {
    anna = await createConsultant({ name: 'Anna' });
    address = await emailOf(anna);
  });

  it("a consultant's address: 204 at once, then one mail in the request's language with a link whose token is stored only as a hash", async () => {
    const response = await ask(address.toUpperCase(), { 'Accept-Language': 'en-GB,en;q=0.9' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const [mail] = await waitForMails(address);
    expect(mail!.subject).toBe('Salon: confirm the deletion of your account');
    expect(mail!.from).toBe(env.MAIL_FROM);
    expect(mail!.text).toContain('The link works for 24 hours and only once.');
    const token = tokenOf(mail!);
    expect(mail!.html).toContain(`href="${ORIGIN}/delete-account/${token}"`);
    const stored = await env.DB.prepare('SELECT token_hash, expires_at - created_at AS ttl FROM account_deletion_tokens WHERE user_id = ?')
      .bind(anna.userId)
      .all<{ token_hash: string; ttl: number }>();
    expect(stored.results).toEqual([{ token_hash: await sha256(token), ttl: DELETION_LINK_TTL_MS }]);
    expect(JSON.stringify(stored.results)).not.toContain(token);
    expect(await markedAt(anna.userId)).toBeNull();
  });

  it('in German by default, in the language cookie over the browser', async () => {
    await ask(address);
    expect((await waitForMails(address))[0]!.subject).toBe('Salon: Löschung deines Kontos bestätigen');
    const bruno = await createConsultant({ name: 'Bruno' });
    await ask(await emailOf(bruno), { Cookie: await languageCookie('it'), 'Accept-Language': 'fr' });
    expect((await waitForMails(await emailOf(bruno)))[0]!.subject).toBe("Salon: conferma l'eliminazione del tuo account");
  });

  it('an unknown address gets the same answer and no mail; asking again soon sends no second mail, and says so alike for both', async () => {
    const stranger = `niemand-${crypto.randomUUID()}@salon.test`;
    const known = await ask(address);
    const unknown = await ask(stranger);
    expect([unknown.status, await unknown.text(), [...unknown.headers.keys()]]).toEqual([known.status, await known.text(), [...known.headers.keys()]]);
    await waitForMails(address);
    // Asked again within ten minutes (in another spelling): 429 with when to ask again, the same for both.
    const knownAgain = await ask(address.toUpperCase());
    const unknownAgain = await ask(stranger);
    for (const again of [knownAgain, unknownAgain]) {
      await expectError(again, 429, 'deletionRequestedRecently');
      expect(Number(again.headers.get('Retry-After'))).toBeGreaterThan(9 * 60);
      expect(Number(again.headers.get('Retry-After'))).toBeLessThanOrEqual(11 * 60);
    }
    expect([...unknownAgain.headers.keys()]).toEqual([...knownAgain.headers.keys()]);
    await settle();
    expect(await mailsTo(address)).toHaveLength(1);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM account_deletion_tokens WHERE user_id = ?').bind(anna.userId).first('n')).toBe(1);
  });

  it('a relay that refuses the login: no mail, and neither a link nor the request left behind to hold back the next one', async () => {
    const ctx = createExecutionContext();
    expect(await requestDeletion({ ...env, SMTP_PASSWORD: 'falsch' }, ctx, address, 'de', ORIGIN)).toEqual({ sent: true });
    await waitOnExecutionContext(ctx);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM account_deletion_tokens WHERE user_id = ?').bind(anna.userId).first('n')).toBe(0);
    expect(await mailsTo(address)).toEqual([]);
    expect(await ask(address)).toHaveProperty('status', 204);
    expect(await waitForMails(address)).toHaveLength(1);
  });

  it('bad input is refused with a code and sends nothing', async () => {
    for (const email of ['', 'keine-adresse', `${'a'.repeat(250)}@salon.test`, '<b>x</b>@salon.test', `${address}\r\nBcc: x@salon.test`]) {
      await expectError(await ask(email), 400, 'invalidEmail');
    }
    await expectError(await api('/moderation/delete-account', { method: 'POST', body: {} }), 400, 'invalidEmail');
    await settle();
    expect(await mailsTo(address)).toEqual([]);
  });
});

describe('the /delete-account pages', () => {
  it('the form: the same answer for a known and an unknown address, the mail, the confirm page, and the link works once', async () => {
    const anna = await createConsultant({ name: 'Anna' });
    const address = await emailOf(anna);
    expect(await html(await page('/delete-account'), 200)).toContain('type="email"');
    const known = await html(await form('/delete-account?index', { email: address }), 200);
    const unknown = await html(await form('/delete-account?index', { email: 'fremd@salon.test' }), 200);
    expect(known).toContain('Schau in dein Postfach');
    // Alike but for the address, and for the nonce and the request's id every page gets afresh (worker/http/page-headers.ts, ADR 063).
    const alike = (page: string) => page.replace(/ nonce="[^"]+"/g, ' nonce=""').replaceAll(/(?<![0-9A-Za-z])[0-9a-f]{16}(?![0-9A-Za-z])/g, 'REQUEST-ID');
    expect(alike(unknown.replaceAll('fremd@salon.test', address))).toBe(alike(known));
    const token = tokenOf((await waitForMails(address))[0]!);

    // Opening the link only asks: mail programs open links to preview them.
    const asked = await html(await page(`/delete-account/${token}`), 200);
    expect(asked).toContain('Konto endgültig löschen?');
    expect(asked).toContain('innerhalb von 48 Stunden');
    expect(await markedAt(anna.userId)).toBeNull();

    expect(await html(await form(`/delete-account/${token}`), 200)).toContain('Löschung bestätigt');
    expect(await markedAt(anna.userId)).toEqual(expect.any(Number));
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM account_deletion_tokens WHERE user_id = ?').bind(anna.userId).first('n')).toBe(0);

    // Used: it asks no more, and confirming again changes nothing.
    const at = await markedAt(anna.userId);
    expect(await html(await page(`/delete-account/${token}`), 200)).toContain('Link ungültig');
    expect(await html(await form(`/delete-account/${token}`), 200)).toContain('Link ungültig');
    expect(await markedAt(anna.userId)).toBe(at);
  });

  it('asked again within ten minutes: no second mail, and the page says when a new link can be asked for, alike for an unknown address', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const address = await emailOf(clara);
    const stranger = `fremd-${crypto.randomUUID()}@salon.test`;
    const first = Date.now();
    await html(await form('/delete-account?index', { email: address }), 200);
    await html(await form('/delete-account?index', { email: stranger }), 200);
    await waitForMails(address);
    const known = await html(await form('/delete-account?index', { email: address }), 200);
    const unknown = await html(await form('/delete-account?index', { email: stranger }), 200);
    const last = Date.now();
    expect(known).toContain('Link schon angefordert');
    // The time in the product's zone until the page has hydrated (app/components/local-time.tsx), rounded up to the minute.
    const times = [first, last].map((at) => formatTime(nextDeletionRequestAt(at), SERVER_TIME_ZONE));
    const shown = /Einen neuen Link kannst du ab (\d\d:\d\d) Uhr anfordern\./.exec(known)?.[1];
    expect(times).toContain(shown);
    // Apart from the time, only the page's script nonce (new for every response, ADR 019) and the request's id (ADR 063) may differ.
    const sameTime = (body: string) =>
      body
        .replace(/ab \d\d:\d\d Uhr/, 'ab HH:MM Uhr')
        .replaceAll(/nonce="[^"]*"/g, 'nonce=""')
        .replaceAll(/(?<![0-9A-Za-z])[0-9a-f]{16}(?![0-9A-Za-z])/g, 'REQUEST-ID');
    expect(sameTime(unknown.replaceAll(stranger, address))).toBe(sameTime(known));
    // In English too, with the address's time.
    expect(await html(await form('/delete-account?index', { email: address }, { Cookie: await languageCookie('en') }), 200)).toMatch(
      /You can request a new link from \d\d:\d\d\./,
    );
    await settle();
    expect(await mailsTo(address)).toHaveLength(1);
  });

  it('an expired link, an unknown and a malformed one: invalid, nothing marked', async () => {
    const bruno = await createConsultant({ name: 'Bruno' });
    const address = await emailOf(bruno);
    await ask(address);
    const token = tokenOf((await waitForMails(address))[0]!);
    await env.DB.prepare('UPDATE account_deletion_tokens SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1, bruno.userId)
      .run();
    for (const link of [token, 'A'.repeat(43), 'kurz', '%3Cscript%3E']) {
      expect(await html(await page(`/delete-account/${link}`), 200), link).toContain('Link ungültig');
      expect(await html(await form(`/delete-account/${link}`), 200), link).toContain('Link ungültig');
    }
    expect(await markedAt(bruno.userId)).toBeNull();
  });

  it('the form refuses a missing or malformed address with the translated error', async () => {
    expect(await html(await form('/delete-account?index', {}), 400)).toContain('Bitte gib eine gültige E-Mail-Adresse an.');
    expect(await html(await form('/delete-account?index', { email: '<img src=x>' }, { Cookie: await languageCookie('en') }), 400)).toContain(
      'Please enter a valid email address.',
    );
  });
});

describe('the cron deletes confirmed accounts (within 48 hours: it runs daily)', () => {
  const count = (sql: string, ...values: unknown[]) =>
    env.DB.prepare(`SELECT COUNT(*) AS n FROM ${sql}`)
      .bind(...values)
      .first<number>('n');
  const exists = async (key: string) => (await env.MEDIA.head(key)) !== null;
  const cron = async () => {
    const { default: worker } = await import('../../worker/index');
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' }), env);
  };

  async function libraryItem(who: Consultant, title: string): Promise<{ id: string; keys: string[] }> {
    const response = await api('/media', {
      method: 'POST',
      headers: who.headers,
      body: { title, contentType: 'image/jpeg', mediaExtension: 'jpg', size: 5, path: '' },
    });
    expect(response.status).toBe(201);
    const { id } = await json<{ id: string }>(response);
    const keys = [`${who.userId}/${id}`, `${who.userId}/${id}.jpg`];
    for (const key of keys) await env.MEDIA.put(key, 'bytes');
    await env.DB.prepare("UPDATE media_items SET state = 'ready', preview_key = ? WHERE id = ?").bind(keys[1], id).run();
    return { id, keys };
  }

  async function sharedTemplate(owner: Consultant, recipient: Consultant): Promise<string> {
    const created = await json<{ id: string }>(
      await api('/templates/create', { method: 'POST', headers: owner.headers, body: { title: 'Herbstparty', path: '' } }),
    );
    expect((await api(`/templates/${created.id}/sendMessage`, { method: 'POST', headers: owner.headers, body: { message: 'Willkommen' } })).status).toBe(201);
    const { shareToken } = await json<{ shareToken: string }>(await api(`/templates/${created.id}/share`, { method: 'PUT', headers: owner.headers }));
    expect((await api(`/templates/share/${shareToken}`, { method: 'POST', headers: recipient.headers, body: { path: '' } })).status).toBe(201);
    return created.id;
  }

  it('deletes the account, profiles, parties (connected guests see it is over), media with their R2 objects, templates, sessions; another account is untouched', async () => {
    const [anna, berta] = await Promise.all([createConsultant({ name: 'Anna', profiles: 2 }), createConsultant({ name: 'Berta' })]);
    const annaParty = await createParty(anna, { manager: anna.profileIds[0] });
    const annaSecond = await createParty(anna, { manager: anna.profileIds[1] });
    const guest = await joinGuest(annaParty.id, { firstName: 'Ida' });
    const { socket: ida } = await connected(annaParty.id, guest.headers);
    const bertaParty = await createParty(berta);
    const annaItem = await libraryItem(anna, 'Herbstkatalog');
    const shownElsewhere = await libraryItem(anna, 'In Bertas Party');
    const bertaItem = await libraryItem(berta, 'Bertas Bild');
    // Anna's file shown in Berta's party (as when Berta plays Anna's shared template): it goes all the same.
    await linkFiles(env.DB, bertaParty.id, [shownElsewhere.id]);
    await linkFiles(env.DB, annaParty.id, [annaItem.id]);
    const picture = `profiles/${anna.profileIds[0]}/picture`;
    await env.MEDIA.put(picture, 'bytes');
    await env.DB.prepare("UPDATE profiles SET picture_key = ?, picture_type = 'image/jpeg' WHERE id = ?").bind(picture, anna.profileIds[0]).run();
    const annaTemplate = await sharedTemplate(anna, berta);
    const bertaTemplate = await sharedTemplate(berta, anna);

    // Anna asks and confirms; the cron does the rest.
    await ask(await emailOf(anna));
    const token = tokenOf((await waitForMails(await emailOf(anna)))[0]!);
    await html(await form(`/delete-account/${token}`), 200);
    await cron();

    const event = await ida.next('partyDeleted');
    expect(event).toMatchObject({ type: 'partyDeleted', partyId: annaParty.id });
    ida.close();
    expect(await count('users WHERE id = ?', anna.userId)).toBe(0);
    for (const table of [
      'profiles',
      'parties',
      'media_items',
      'media_folders',
      'templates',
      'template_folders',
      'template_recipients',
      'sessions',
      'user_settings',
      'account_deletion_tokens',
    ]) {
      expect(await count(`${table} WHERE user_id = ?`, anna.userId), table).toBe(0);
    }
    for (const party of [annaParty, annaSecond]) await expectError(await api(`/parties/${party.shortId}`, { headers: guest.headers }), 404, 'partyNotFound');
    for (const key of [...annaItem.keys, ...shownElsewhere.keys, picture]) expect(await exists(key), key).toBe(false);
    expect(await count('party_media WHERE media_id = ?', shownElsewhere.id)).toBe(0);
    expect(await count('media_deletions')).toBe(0);
    // Her tokens are gone with her sessions; Berta's copy of her template stops working.
    await expectError(await api('/parties', { headers: anna.headers }), 401, 'unauthorized');
    await expectError(await api(`/templates/${annaTemplate}`, { headers: berta.headers }), 404, 'templateNotFound');

    // Berta keeps everything of hers.
    expect((await api('/parties', { headers: berta.headers })).status).toBe(200);
    expect(await count('parties WHERE id = ?', bertaParty.id)).toBe(1);
    for (const key of bertaItem.keys) expect(await exists(key), key).toBe(true);
    expect(await count('media_items WHERE id = ?', bertaItem.id)).toBe(1);
    expect((await api(`/templates/${bertaTemplate}`, { headers: berta.headers })).status).toBe(200);
  });

  it('accounts not confirmed stay; expired links are forgotten', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    await ask(await emailOf(clara));
    await waitForMails(await emailOf(clara));
    await env.DB.prepare('UPDATE account_deletion_tokens SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1, clara.userId)
      .run();
    await cron();
    expect(await count('users WHERE id = ?', clara.userId)).toBe(1);
    expect(await count('account_deletion_tokens WHERE user_id = ?', clara.userId)).toBe(0);
    expect((await api('/parties', { headers: clara.headers })).status).toBe(200);
  });
});
