import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { PICTURES } from '../fixtures/images';
import { expect, test } from './diagnostics';
import { SCREENS, expectNoSidewaysScroll, joinAs, mailedCode, mailsTo, ownClientAddress, screens, settled, signIn } from './helpers';

/**
 * What a guest with an account sees: her parties (active, then ended; unread marked), her profile
 * (names, picture), nobody else's profile, the join dialog filled with her names, the guest menu's
 * way to her parties, signing out on every device; and the offer to keep a party, made once to a
 * guest who joined by name. The guests are made through the API as the app makes them: register,
 * claim with the code from the mail catcher, join.
 */

const SHOTS = 'test-results/guest-account-pages';

/** A write as the browser's own script makes it: cookies of its context, the page's Origin. */
async function send(request: APIRequestContext, baseURL: string, method: 'post' | 'put' | 'delete', path: string, data?: unknown) {
  const response = await request[method](path, { headers: { Origin: baseURL }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.status() === 204 ? null : response.json();
}

/** A guest with an account in a fresh context: registered by name, then her address claimed with the mailed code. */
async function accountGuest(browser: Browser, baseURL: string, names: { firstName: string; lastName: string }, email: string, locale = 'de-DE') {
  // Each context that asks for codes has its own client address, as each device has behind Cloudflare.
  const context = await browser.newContext({ locale, extraHTTPHeaders: ownClientAddress() });
  const registered = await send(context.request, baseURL, 'post', '/api/guests/register', names);
  const before = (await mailsTo(context.request, email)).length;
  const { challenge } = await send(context.request, baseURL, 'post', '/api/auth/claim', { email, languageCode: 'de' });
  const code = await mailedCode(context.request, email, before);
  await send(context.request, baseURL, 'put', `/api/auth/claim/${code}`, { challenge });
  return { context, guestId: registered.id as string };
}

/** The same account signed in on another device: a code to her address, and its verification. */
async function signInElsewhere(browser: Browser, baseURL: string, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'de-DE', extraHTTPHeaders: ownClientAddress() });
  const before = (await mailsTo(context.request, email)).length;
  const { challenge } = await send(context.request, baseURL, 'post', '/api/auth/login', { email, languageCode: 'de' });
  const code = await mailedCode(context.request, email, before);
  await send(context.request, baseURL, 'post', '/api/auth/verify', { email, verificationCode: code, challenge });
  return context;
}

/** Anna's parties for the guest: two running, one ended; in one of them the latest message is Anna's. */
async function annasParties(browser: Browser, baseURL: string) {
  const consultant = await browser.newContext({ locale: 'de-DE' });
  await signIn(await consultant.newPage(), 'anna@salon.test');
  const make = (title: string, extra: Record<string, unknown> = {}) => send(consultant.request, baseURL, 'post', '/api/parties', { title, ...extra });
  const parties = {
    garden: await make('Gartenparty', { host: 'Eva Stein', start: Date.now() + 86_400_000 }),
    tasting: await make('Weinprobe'),
    spring: await make('Frühlingsfest'),
  } as Record<'garden' | 'tasting' | 'spring', { id: string; shortId: string; title: string }>;
  return {
    parties,
    /** After the guest has joined: news from Anna in the tasting, the spring party ended. */
    async afterJoin(guest: APIRequestContext) {
      await send(guest, baseURL, 'post', `/api/parties/${parties.garden.id}/chat`, { message: 'Ich freu mich!' });
      await send(consultant.request, baseURL, 'post', `/api/parties/${parties.tasting.id}/chat`, { message: 'Heute Abend: Rotwein.' });
      await send(consultant.request, baseURL, 'put', `/api/parties/${parties.spring.id}`, { title: 'Frühlingsfest', expiration: Date.now() - 60_000 });
      // The rooms tell D1 their latest message a moment after it was sent (durable-objects/party-room.ts, the mirror).
      await expect
        .poll(async () => {
          const mine = (await (await guest.get('/api/guests/me/parties')).json()) as { title: string; unread: boolean; latestAt: number | null }[];
          return mine.map((party) => `${party.title}: ${party.unread ? 'unread' : party.latestAt === null ? 'quiet' : 'read'}`).sort();
        })
        .toEqual(['Frühlingsfest: quiet', 'Gartenparty: read', 'Weinprobe: unread']);
    },
    consultant,
  };
}

test('my parties: her picture and name, active parties before the ended ones, unread marked, each row opens its party', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const email = `lena.${Date.now()}@gast.test`;
  const { parties, afterJoin, consultant } = await annasParties(browser, base);
  const lena = await accountGuest(browser, base, { firstName: 'Lena', lastName: 'Sommer' }, email);
  for (const party of Object.values(parties))
    await send(lena.context.request, base, 'put', `/api/parties/${party.id}/join`, { firstName: 'Lena', lastName: 'Sommer' });
  await afterJoin(lena.context.request);
  const state = await lena.context.storageState();

  for (const [language, locale] of [
    ['de', 'de-DE'],
    ['en', 'en-GB'],
  ] as const) {
    for (const [screen, options] of screens('phone', 'desktop')) {
      const context = await browser.newContext({ ...options, locale, storageState: state });
      const page = await context.newPage();
      await page.goto('/my-parties');
      await settled(page);
      const texts =
        language === 'de'
          ? {
              title: 'Meine Partys',
              active: 'Aktuelle Partys',
              ended: 'Beendet',
              edit: 'Profil bearbeiten',
              unread: 'Neue Nachrichten',
              claim: 'Behalte deine Partys',
            }
          : { title: 'My parties', active: 'Current parties', ended: 'Ended', edit: 'Edit profile', unread: 'New messages', claim: 'Keep your parties' };
      await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
      await expect(page.getByText('Lena Sommer', { exact: true })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      await expect(page.getByRole('link', { name: texts.edit })).toHaveAttribute('href', `/guest-profile/${lena.guestId}`);
      // She has an address: no offer to add one.
      await expect(page.getByRole('link', { name: new RegExp(texts.claim) })).toHaveCount(0);

      const active = page.getByRole('region', { name: texts.active }).getByTestId('guest-party');
      const ended = page.getByRole('region', { name: texts.ended }).getByTestId('guest-party');
      await expect(active).toHaveCount(2);
      await expect(ended).toHaveCount(1);
      await expect(ended.first()).toContainText('Frühlingsfest');
      const tasting = active.filter({ hasText: 'Weinprobe' });
      await expect(tasting.getByTestId('unread')).toHaveText(texts.unread);
      await expect(active.filter({ hasText: 'Gartenparty' }).getByTestId('unread')).toHaveCount(0);
      await expect(active.filter({ hasText: 'Gartenparty' })).toContainText('Eva Stein');
      await expect(active.filter({ hasText: 'Gartenparty' })).toContainText('Anna Becker');
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/my-parties-${language}-${screen}.png`, fullPage: true });

      // Last: opening it reads it, and the marker goes.
      if (language === 'en' && screen === 'desktop') {
        await tasting.getByRole('link').click();
        await expect(page).toHaveURL(new RegExp(`/${parties.tasting.shortId}$`));
        await expect(page.getByTestId('message').filter({ hasText: 'Heute Abend: Rotwein.' })).toBeVisible();
      }
      await context.close();
    }
  }
  await lena.context.close();
  await consultant.close();
});

test('her profile: names trimmed and required, a picture uploaded, refused when it is not one, and removed', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const lena = await accountGuest(browser, base, { firstName: 'Lena', lastName: 'Winter' }, `lena.profile.${Date.now()}@gast.test`);
  const state = await lena.context.storageState();
  for (const [screen, options] of screens('phone', 'desktop')) {
    const context = await browser.newContext({ ...options, locale: 'de-DE', storageState: state });
    const page = await context.newPage();
    await page.goto(`/guest-profile/${lena.guestId}`);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dein Profil' })).toBeVisible();
    await expect(page.getByTestId('guest-email')).toContainText('@gast.test');
    await expect(page.getByRole('link', { name: 'Zurück zu meinen Partys' })).toHaveAttribute('href', '/my-parties');
    const save = page.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeDisabled();

    if (screen === 'phone') {
      // Both names are required: a blank one is refused before anything is sent.
      await page.getByLabel('Nachname').fill('   ');
      await save.click();
      await expect(page.getByRole('alert')).toHaveText(/Vor- und Nachnamen/);
      await expect(page.getByLabel('Nachname')).toBeFocused();
      await page.getByLabel('Vorname').fill('  Lena Marie ');
      await page.getByLabel('Nachname').fill(' Herbst  ');

      // Not a picture: said at once, nothing sent.
      await page.getByLabel('Bild auswählen').setInputFiles({ name: 'notiz.txt', mimeType: 'text/plain', buffer: Buffer.from('kein Bild') });
      await expect(page.getByRole('alert')).toHaveText(/kein Bild/);
      await page.getByLabel('Bild auswählen').setInputFiles({ name: 'ich.png', mimeType: 'image/png', buffer: Buffer.from(PICTURES['image/png']) });
      await expect(page.getByText('Neues Bild ausgewählt.')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/guest-profile-chosen-${screen}.png`, fullPage: true });
      await save.click();
      await expect(page.getByText('Profil gespeichert.')).toBeVisible();
      await expect(page.getByLabel('Vorname')).toHaveValue('Lena Marie');
      await expect(page.getByLabel('Nachname')).toHaveValue('Herbst');
      await expect(page.getByRole('img', { name: 'Profilbild' })).toHaveAttribute('src', new RegExp(`^/api/guests/${lena.guestId}/picture\\?v=`));
      const me = await (await context.request.get('/api/guests/me')).json();
      expect(me).toMatchObject({ firstName: 'Lena Marie', lastName: 'Herbst' });
      expect(me.picture).toMatch(/^\/api\/guests\//);
      const picture = await context.request.get(me.picture);
      expect(picture.headers()['content-type']).toBe('image/png');
    }

    await page.reload();
    await settled(page);
    await expect(page.getByLabel('Vorname')).toHaveValue('Lena Marie');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/guest-profile-${screen}.png`, fullPage: true });

    if (screen === 'desktop') {
      await page.getByRole('button', { name: 'Bild entfernen' }).click();
      await expect(page.getByText('Das Bild wird beim Speichern entfernt.')).toBeVisible();
      await save.click();
      await expect(page.getByText('Profil gespeichert.')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Profilbild' })).toHaveText('LH');
      expect((await (await context.request.get('/api/guests/me')).json()).picture).toBeNull();
      await page.goto('/my-parties');
      await expect(page.getByText('Lena Marie Herbst', { exact: true })).toBeVisible();
    }
    await context.close();
  }
  await lena.context.close();
});

test("someone else's profile page is not found; without a guest session both pages lead to the sign-in", async ({ browser, baseURL }) => {
  const base = baseURL!;
  const lena = await accountGuest(browser, base, { firstName: 'Lena', lastName: 'Nord' }, `lena.other.${Date.now()}@gast.test`);
  const other = await browser.newContext({ locale: 'de-DE' });
  await send(other.request, base, 'post', '/api/guests/register', { firstName: 'Tom', lastName: 'Süd' });
  const page = await other.newPage();
  const response = await page.goto(`/guest-profile/${lena.guestId}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page.getByText('Lena')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Zurück zu meinen Partys' })).toBeVisible();

  const visitor = await browser.newContext({ locale: 'de-DE' });
  const visitorPage = await visitor.newPage();
  for (const path of [`/guest-profile/${lena.guestId}`, '/my-parties']) {
    await visitorPage.goto(path);
    await expect(visitorPage).toHaveURL(/\/login$/);
  }
  await Promise.all([lena.context.close(), other.close(), visitor.close()]);
});

test('the join dialog of a signed-in guest: her names filled in and folded away, changeable, and no offer to keep the party', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { parties, consultant } = await annasParties(browser, base);
  const lena = await accountGuest(browser, base, { firstName: 'Lena', lastName: 'Sommer' }, `lena.join.${Date.now()}@gast.test`);
  const state = await lena.context.storageState();
  for (const [screen, options] of screens('phone', 'desktop')) {
    const context = await browser.newContext({ ...options, locale: 'de-DE', storageState: state });
    const page = await context.newPage();
    const party = screen === 'phone' ? parties.garden : parties.tasting;
    await page.goto(`/${party.shortId}`);
    await settled(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Du trittst als Lena Sommer bei.')).toBeVisible();
    await expect(dialog.getByLabel('Vorname')).toBeHidden();
    // She may join at once: the focus waits on the button, so Enter joins.
    await expect(dialog.getByRole('button', { name: 'Party beitreten' })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/join-signed-in-${screen}.png` });
    if (screen === 'desktop') {
      await dialog.getByText('Namen ändern').click();
      await expect(dialog.getByLabel('Vorname')).toHaveValue('Lena');
      await expect(dialog.getByLabel('Nachname')).toHaveValue('Sommer');
      await dialog.getByLabel('Vorname').fill('Leni');
      await page.screenshot({ path: `${SHOTS}/join-signed-in-changed-${screen}.png` });
    }
    if (screen === 'phone') await page.keyboard.press('Enter');
    else await dialog.getByRole('button', { name: 'Party beitreten' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Dein Name: ${screen === 'desktop' ? 'Leni' : 'Lena'}` })).toBeVisible();
    await expect(page.getByTestId('claim-offer')).toHaveCount(0);
    await context.close();
  }
  await Promise.all([lena.context.close(), consultant.close()]);
});

test('a guest who joined by name is offered to keep the party, once per browser; her menu leads to her parties', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { parties, consultant } = await annasParties(browser, base);
  for (const [screen, options] of screens('phone', 'desktop')) {
    const context = await browser.newContext({ ...options, locale: screen === 'phone' ? 'de-DE' : 'en-GB' });
    const page = await context.newPage();
    if (screen === 'phone') await joinAs(page, `/${parties.garden.shortId}`, 'Mia');
    else {
      await page.goto(`/${parties.garden.shortId}`);
      await page.getByLabel('First name').fill('Mia');
      await page.getByLabel('Last name').fill('Guest');
      await page.getByRole('button', { name: 'Join the party' }).click();
    }
    const offer = page.getByTestId('claim-offer');
    const link = offer.getByRole('link', { name: screen === 'phone' ? 'Mit E-Mail sichern' : 'Save with email' });
    await expect(link).toHaveAttribute('href', '/claim');
    await page.screenshot({ path: `${SHOTS}/claim-offer-${screen}.png` });
    await expectNoSidewaysScroll(page);
    await offer.getByRole('button', { name: screen === 'phone' ? 'Schließen' : 'Close' }).click();
    await expect(offer).toHaveCount(0);
    // Closed once, never again in this browser: not on the next join either.
    await page.goto(`/${parties.tasting.shortId}`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: screen === 'phone' ? 'Party beitreten' : 'Join the party' })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: screen === 'phone' ? 'Dein Name: Mia' : 'Your name: Mia' })).toBeVisible();
    await expect(offer).toHaveCount(0);

    // The guest menu: her parties.
    await page.getByRole('button', { name: screen === 'phone' ? 'Dein Name: Mia' : 'Your name: Mia' }).click();
    await page.getByRole('menuitem', { name: screen === 'phone' ? 'Meine Partys' : 'My parties' }).click();
    await expect(page).toHaveURL(/\/my-parties$/);
    await expect(page.getByTestId('guest-party')).toHaveCount(2);
    // Without an address: the way to add one, and no signing out (she could not sign in again).
    await expect(
      page.getByRole('link', { name: screen === 'phone' ? 'Behalte deine Partys auf jedem Gerät' : 'Keep your parties on every device' }),
    ).toHaveAttribute('href', '/claim');
    await expect(page.getByRole('button', { name: screen === 'phone' ? 'Auf allen Geräten abmelden' : 'Sign out on all devices' })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/my-parties-unclaimed-${screen}.png`, fullPage: true });
    await context.close();
  }
  await consultant.close();
});

test('signing out on all devices asks first, then ends every device of hers', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const email = `lena.out.${Date.now()}@gast.test`;
  const lena = await accountGuest(browser, base, { firstName: 'Lena', lastName: 'Ost' }, email);
  const elsewhere = await signInElsewhere(browser, base, email);
  expect((await elsewhere.request.get('/api/guests/me')).status()).toBe(200);

  const context = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE', storageState: await lena.context.storageState() });
  const page = await context.newPage();
  await page.goto('/my-parties');
  await settled(page);
  await expect(page.getByText('Du bist noch bei keiner Party dabei.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Auf allen Geräten abmelden' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Auf allen Geräten abmelden?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sign-out-everywhere-phone.png` });
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await context.request.get('/api/guests/me')).status()).toBe(200);

  await page.getByRole('button', { name: 'Auf allen Geräten abmelden' }).click();
  await dialog.getByRole('button', { name: 'Auf allen Geräten abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.request.get('/api/guests/me')).status()).toBe(401);
  expect((await elsewhere.request.get('/api/guests/me')).status()).toBe(401);
  await page.goto('/my-parties');
  await expect(page).toHaveURL(/\/login$/);
  await Promise.all([context.close(), elsewhere.close(), lena.context.close()]);
});
