import type { Browser, BrowserContext, Page } from '@playwright/test';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { PushPayload } from '../../app/core/push';
import { expect, test } from './diagnostics';
import { SCREENS, hostParty, joinAs, controlledByServiceWorker } from './helpers';

/**
 * A browser's push subscription, with a real P-256 key pair and auth secret (the server checks
 * them) and an endpoint of the shape Chromium's push service (FCM) hands out, which the server
 * accepts (app/core/push.ts `PUSH_SERVICE_HOSTS`). Chromium can only subscribe through that
 * service on the internet, so the browser's `PushManager` is replaced, and only that: our page,
 * service worker and server run as they are.
 */
function pushSubscriptionStub() {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ format: 'jwk' });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  const keys = { p256dh: raw.toString('base64url'), auth: randomBytes(16).toString('base64url') };
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`;
  return { keys, endpoint };
}

async function stubPushManager(context: BrowserContext, subscription: ReturnType<typeof pushSubscriptionStub>): Promise<void> {
  await context.addInitScript((stub) => {
    const state = window as unknown as { subscribedWith?: unknown };
    let current: object | null = null;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      state.subscribedWith = options?.applicationServerKey;
      current = {
        endpoint: stub.endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint: stub.endpoint, expirationTime: null, keys: stub.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return current as PushSubscription | null;
    };
  }, subscription);
}

/**
 * The browser's notification platform, recorded: Chromium's headless shell (the browser CI uses)
 * has none; it refuses every notification, and its renderer crashes on `setAppBadge`. Only the
 * browser's own calls are replaced (`showNotification`, `setAppBadge`, `clients.openWindow`,
 * `WindowClient.focus`); the service worker's handlers run as they are. Runs inside the service worker.
 */
function recordNotificationPlatform() {
  // The test's types are the page's (DOM): the worker's own globals are named as the worker has them.
  const scope = self as unknown as WorkerScope;
  const recorded: Recorded = { shown: [], opened: [], focused: [], badges: 0 };
  scope.recorded = recorded;
  Object.defineProperty(Object.getPrototypeOf(navigator), 'setAppBadge', {
    value: async () => {
      recorded.badges += 1;
    },
  });
  const shown = new Map<string, Recorded['shown'][number]>();
  ServiceWorkerRegistration.prototype.showNotification = async (title: string, options: NotificationOptions = {}) => {
    shown.set(options.tag ?? String(shown.size), { title, options });
    recorded.shown = [...shown.values()];
  };
  scope.clients.openWindow = async (url: string) => {
    recorded.opened.push(url);
    return null;
  };
  scope.WindowClient.prototype.focus = async function (this: { url: string }) {
    recorded.focused.push(this.url);
    return this;
  };
}

/** A tap on the notification with the party's tag, as the platform reports it to the worker. Runs inside the service worker. */
async function tapNotification() {
  const scope = self as unknown as WorkerScope;
  const waits: Promise<unknown>[] = [];
  const event = new Event('notificationclick');
  const [first] = scope.recorded.shown;
  Object.defineProperty(event, 'notification', { value: { data: first?.options.data, close: () => undefined } });
  Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => void waits.push(promise) });
  scope.dispatchEvent(event);
  await Promise.all(waits);
}

interface Recorded {
  shown: { title: string; options: NotificationOptions }[];
  opened: string[];
  focused: string[];
  badges: number;
}

interface WorkerScope {
  recorded: Recorded;
  clients: { openWindow: (url: string) => Promise<unknown> };
  WindowClient: { prototype: { focus: () => Promise<unknown> } };
  dispatchEvent: (event: Event) => boolean;
}

test('a push message to the service worker shows a notification with the party, a digest replaces it, and a tap opens or focuses the party', async ({
  browser,
}) => {
  const { link } = await hostParty(browser, 'Push-Party');
  const context = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE' });
  const page = await context.newPage();
  await joinAs(page, link, 'Pia', 'Push');
  await controlledByServiceWorker(page);
  const origin = new URL(page.url()).origin;

  const worker = context.serviceWorkers().at(-1);
  expect(worker).toBeDefined();
  await worker!.evaluate(recordNotificationPlatform);
  const recorded = () => worker!.evaluate(() => (self as unknown as WorkerScope).recorded);
  const payload: PushPayload = { partyId: 'p', messageId: 'm', title: 'Anna Becker', body: 'Der Film läuft!', tag: 'party-p', url: link };
  // The DevTools protocol delivers a push message as a push service would.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const push = async (data: PushPayload) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(data) });
  const notification = (title: string, body: string) => ({
    title,
    options: { body, tag: 'party-p', icon: '/icon-192.png', data: { url: link, partyId: 'p' } },
  });

  await push(payload);
  await expect.poll(async () => (await recorded()).shown).toEqual([notification('Anna Becker', 'Der Film läuft!')]);
  // A digest has the same tag: it replaces the notification before it.
  await push({ ...payload, messageId: null, title: 'Push-Party', body: '3 neue Nachrichten von Anna Becker' });
  await expect.poll(async () => (await recorded()).shown).toEqual([notification('Push-Party', '3 neue Nachrichten von Anna Becker')]);

  // Each sets the app badge (a dot: the payload carries no count).
  expect((await recorded()).badges).toBe(2);

  // A tap while the party is open brings that window forward.
  await worker!.evaluate(tapNotification);
  expect(await recorded()).toMatchObject({ focused: [`${origin}${link}`], opened: [] });
  // With the party's page gone, a tap opens it.
  await page.goto('/faq');
  await worker!.evaluate(tapNotification);
  expect(await recorded()).toMatchObject({ focused: [`${origin}${link}`], opened: [`${origin}${link}`] });
  await context.close();
});

/**
 * The browser's permission prompt, answered with `answer`: the headless shell has none of its own
 * (it reports notifications as denied whatever was granted). Runs in the page.
 */
function stubPermissionPrompt(answer: string) {
  let permission = 'default' as NotificationPermission;
  Object.defineProperty(Notification, 'permission', { get: () => permission });
  Notification.requestPermission = async () => {
    permission = answer as NotificationPermission;
    return permission;
  };
}

async function guestOf(
  browser: Browser,
  link: string,
  locale: 'de-DE' | 'en-GB',
  screen: keyof typeof SCREENS,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...SCREENS[screen], locale });
  const page = await context.newPage();
  await page.goto(link);
  const de = locale === 'de-DE';
  await page.getByLabel(de ? 'Vorname' : 'First name').fill('Nora');
  await page.getByLabel(de ? 'Nachname' : 'Last name').fill('Notify');
  await page.getByRole('button', { name: de ? 'Party beitreten' : 'Join the party' }).click();
  await expect(page.getByRole('textbox', { name: de ? 'Nachricht' : 'Message' })).toBeEnabled();
  return { context, page };
}

test('notify me: the bell explains first, asks only on the tap, subscribes and hands the subscription to the server; off again on this device', async ({
  browser,
}) => {
  const { page: host, link } = await hostParty(browser, 'Glocken-Party');
  const partyId = ((await (await host.request.get(`/api/parties${link}`)).json()) as { id: string }).id;
  const { applicationServerKey } = (await (await host.request.get('/api/push')).json()) as { applicationServerKey: string };

  for (const [screen, locale] of [
    ['phone', 'de-DE'],
    ['desktop', 'en-GB'],
  ] as const) {
    const de = locale === 'de-DE';
    const subscription = pushSubscriptionStub();
    const { context, page } = await guestOf(browser, link, locale, screen);
    await stubPushManager(context, subscription);
    await context.addInitScript(stubPermissionPrompt, 'granted');
    await page.reload();
    await controlledByServiceWorker(page);

    const bell = page.getByTestId('notify-button');
    await expect(bell).toHaveAttribute('aria-label', de ? 'Benachrichtigungen' : 'Notifications');
    await page.screenshot({ path: test.info().outputPath(`bell-${screen}-${locale}.png`) });
    await bell.click();
    const dialog = page.getByRole('dialog', { name: de ? 'Benachrichtigungen für diese Party' : 'Notifications for this party' });
    await expect(dialog.getByTestId('notify-text')).toContainText(de ? 'auch wenn Salon geschlossen ist' : 'also when Salon is closed');
    // Nothing is asked before the tap.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await page.screenshot({ path: test.info().outputPath(`notify-explain-${screen}-${locale}.png`) });

    const stored = page.waitForResponse((response) => response.url().endsWith(`/api/parties/${partyId}/subscribe`) && response.request().method() === 'PUT');
    await dialog.getByRole('button', { name: de ? 'Einschalten' : 'Turn on' }).click();
    expect((await stored).status()).toBe(204);
    expect((await stored).request().postDataJSON()).toEqual({
      id: partyId,
      pushToken: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
      language: de ? 'de' : 'en',
    });
    expect(await page.evaluate(() => (window as unknown as { subscribedWith?: unknown }).subscribedWith)).toBe(applicationServerKey);
    await expect(dialog.getByTestId('notify-text')).toHaveText(
      de ? 'Benachrichtigungen für diese Party sind auf diesem Gerät an.' : 'Notifications for this party are on on this device.',
    );
    await expect(bell).toHaveAttribute('data-on', 'true');

    // Pausing mutes the party on the server for all of this member's devices; the subscription stays.
    const pause = dialog.getByLabel(de ? 'Benachrichtigungen für diese Party pausieren' : 'Pause notifications for this party');
    await expect(pause).not.toBeChecked();
    await pause.check();
    await expect.poll(async () => ((await (await page.request.get(`/api/parties/${partyId}/mute`)).json()) as { muted: boolean }).muted).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`notify-on-${screen}-${locale}.png`) });

    const removed = page.waitForResponse(
      (response) => response.url().endsWith(`/api/parties/${partyId}/subscribe`) && response.request().method() === 'DELETE',
    );
    await dialog.getByRole('button', { name: de ? 'Auf diesem Gerät ausschalten' : 'Turn off on this device' }).click();
    expect((await removed).status()).toBe(204);
    expect((await removed).request().postDataJSON()).toEqual({ endpoint: subscription.endpoint });
    await expect(dialog.getByRole('button', { name: de ? 'Einschalten' : 'Turn on' })).toBeVisible();
    await expect(bell).toHaveAttribute('data-on', 'false');
    await context.close();
  }
});

test('notify me: a refused permission says how to allow it; Safari on an iPhone outside the home screen says how to add Salon there', async ({ browser }) => {
  const { link } = await hostParty(browser, 'Hinweis-Party');
  const refused = await guestOf(browser, link, 'de-DE', 'phone');
  await refused.context.addInitScript(stubPermissionPrompt, 'denied');
  await refused.page.reload();
  await refused.page.getByTestId('notify-button').click();
  const dialog = refused.page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Einschalten' }).click();
  await expect(dialog.getByTestId('notify-text')).toContainText('Erlaube sie in den Website-Einstellungen');
  await refused.page.screenshot({ path: test.info().outputPath('notify-denied-phone-de-DE.png') });
  await refused.context.close();

  // Safari on iOS has no PushManager outside the home screen.
  const iphone = await browser.newContext({
    ...SCREENS.phone,
    locale: 'en-GB',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  await iphone.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  const page = await iphone.newPage();
  await page.goto(link);
  await page.getByLabel('First name').fill('Ida');
  await page.getByLabel('Last name').fill('Phone');
  await page.getByRole('button', { name: 'Join the party' }).click();
  await page.getByTestId('notify-button').click();
  await expect(page.getByRole('dialog').getByTestId('notify-text')).toContainText('Add to Home Screen');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Turn on' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('notify-ios-phone-en-GB.png') });
  await iphone.close();
});
