import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GuestSignIn } from '../../app/core/guest-account';
import { api, createConsultant, guestCookie, html, json, page, sessionCookie } from './fixtures';

/** A guest registered by name, as the sign-in page's registration makes one, before she confirms an address. */
async function registeredGuest(): Promise<{ guestId: string; secretKey: string }> {
  const response = await api('/guests/register', { method: 'POST', body: { firstName: 'Lena', lastName: 'Berg' } });
  expect(response.status).toBe(200);
  const { id, secretKey } = await json<GuestSignIn>(response);
  return { guestId: id, secretKey };
}

/** A guest whose address is confirmed (the code's round trip is the e2e spec's; here the row is set as the claim sets it). */
async function guestWithAccount(): Promise<{ guestId: string; secretKey: string }> {
  const guest = await registeredGuest();
  await env.DB.prepare('UPDATE guests SET email = ? WHERE id = ?').bind(`lena-${guest.guestId}@salon.test`, guest.guestId).run();
  return guest;
}

function expectRedirect(response: Response, location: string): void {
  expect(response.status).toBe(302);
  expect(response.headers.get('Location')).toBe(location);
}

describe('the guest sign-in pages', () => {
  it('/login: a visitor sees the three ways in; a guest without an address is offered the claim instead of a second registration; one with an account goes to her parties', async () => {
    const visitor = await html(await page('/login'), 200);
    for (const text of ['Schon Gast? Melde dich mit deiner E-Mail-Adresse an', 'Neu hier? Als Gast registrieren', 'Mit Partnerkonto anmelden'])
      expect(visitor).toContain(text);

    const named = await html(await page('/login', { headers: guestCookie(await registeredGuest()) }), 200);
    expect(named).toContain('In diesem Browser bist du schon als Lena Berg dabei.');
    expect(named).toContain('href="/claim"');
    expect(named).not.toContain('>Registrieren<');

    expectRedirect(await page('/login', { headers: guestCookie(await guestWithAccount()) }), '/my-parties');
    const consultant = await createConsultant();
    expectRedirect(await page('/login', { headers: sessionCookie(consultant) }), '/parties');
  });

  it('/claim: only for a guest without an address; anyone else goes to /login, a guest with an account to her parties', async () => {
    expect(await html(await page('/claim', { headers: guestCookie(await registeredGuest()) }), 200)).toContain('E-Mail-Adresse hinzufügen');
    expectRedirect(await page('/claim'), '/login');
    expectRedirect(await page('/claim', { headers: sessionCookie(await createConsultant()) }), '/login');
    expectRedirect(await page('/claim', { headers: guestCookie(await guestWithAccount()) }), '/my-parties');
  });

  it('/login/code: names the address; without a valid one, or claiming without a guest, there is nothing to enter a code for', async () => {
    const body = await html(await page(`/login/code?email=${encodeURIComponent('eva@salon.test')}`), 200);
    expect(body).toContain('Wir haben einen 6-stelligen Code an eva@salon.test geschickt.');
    const input = /<input[^>]*name="code"[^>]*>/.exec(body)?.[0] ?? '';
    for (const attribute of [/inputmode="numeric"/i, /autocomplete="one-time-code"/i, /pattern="\\d\{6\}"/]) expect(input).toMatch(attribute);
    const guest = guestCookie(await registeredGuest());
    expect(await html(await page(`/login/code?mode=claim&email=${encodeURIComponent('eva@salon.test')}`, { headers: guest }), 200)).toContain('eva@salon.test');
    for (const path of [
      '/login/code',
      '/login/code?email=eva',
      `/login/code?email=${encodeURIComponent('<b>@x')}`,
      '/login/code?mode=claim&email=eva%40salon.test',
    ])
      expectRedirect(await page(path), '/login');
  });
});
