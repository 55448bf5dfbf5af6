import type { BrowserContext, Page } from '@playwright/test';
import type { HistoryEvent, ReadMessage } from '../support/zero-loss-checker';
import { checkHistory, describeAnomalies } from '../support/zero-loss-checker';
import { expect, test } from './diagnostics';
import { SCREENS, controlledByServiceWorker, hostParty, joinAs, phoneContext, setExpiry } from './helpers';

/**
 * The offline outbox (app/lib/outbox.ts, ADR 032): what a guest writes without a network is kept
 * on the device, also when she closes the tab, and sent once, in order, when she is back.
 */

/**
 * A device whose network can be cut. Playwright's offline mode does not cut a WebSocket that is
 * already open, so every socket of the context runs through here: cut, it passes nothing and new
 * ones are refused. The frames that pass are the zero-loss checker's history: each `sendMessage`
 * is a send, each `ack` its acknowledgement.
 */
async function cuttableNetwork(context: BrowserContext, client: string, events: HistoryEvent[]) {
  let cut = false;
  await context.routeWebSocket(/\/socket(\?|$)/, (socket) => {
    if (cut) return void socket.close({ code: 1006, reason: 'no network' });
    const server = socket.connectToServer();
    socket.onMessage((frame) => {
      if (cut) return;
      const event = typeof frame === 'string' && frame.startsWith('{') ? (JSON.parse(frame) as { type: string; tempId?: string; message?: string }) : null;
      if (event?.type === 'sendMessage') events.push({ type: 'invoke', client, tempId: event.tempId!, text: event.message ?? '' });
      server.send(frame);
    });
    server.onMessage((frame) => {
      if (cut) return;
      const event =
        typeof frame === 'string' && frame.startsWith('{')
          ? (JSON.parse(frame) as { type: string; tempId?: string; seq?: number; message?: { id: string } })
          : null;
      if (event?.type === 'ack') events.push({ type: 'ack', client, tempId: event.tempId!, id: event.message!.id, seq: event.seq! });
      socket.send(frame);
    });
    socket.onClose((code, reason) => {
      if (!cut) void server.close({ code, reason });
    });
  });
  return {
    async cut() {
      cut = true;
      await context.setOffline(true);
    },
    async restore() {
      cut = false;
      await context.setOffline(false);
    },
  };
}

/** A member's view of the whole log, as the API gives it, for the checker. */
async function readLog(page: Page, client: string): Promise<HistoryEvent> {
  const messages = await page.evaluate(async (shortId) => {
    const info = (await (await fetch(`/api/parties/${shortId}`)).json()) as { id: string };
    const page = (await (await fetch(`/api/parties/${info.id}/chat`)).json()) as { messages: ReadMessage[] };
    return page.messages.map(({ id, seq, sender, tempId, message }) => ({ id, seq, sender, tempId, message }));
  }, new URL(page.url()).pathname.slice(1));
  return { type: 'read', client, messages };
}

/** Who the page's member is: the `sender` of their messages. */
async function memberId(page: Page): Promise<string> {
  return page.evaluate(
    async (shortId) => ((await (await fetch(`/api/parties/${shortId}`)).json()) as { me: { id: string } }).me.id,
    new URL(page.url()).pathname.slice(1),
  );
}

/** What the device's outbox holds, oldest first (read straight from IndexedDB). */
async function outboxTexts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('salon-outbox', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('messages').objectStore('messages').getAll();
          all.onsuccess = () => {
            const entries = all.result as { createdAt: number; frame: { message: string } }[];
            resolve(entries.sort((a, b) => a.createdAt - b.createdAt).map((entry) => entry.frame.message));
            open.result.close();
          };
        };
      }),
  );
}

/** Joins and waits for the chat, so what follows is written in a connected page. */
async function joinChat(page: Page, link: string, firstName: string, lastName: string): Promise<void> {
  await joinAs(page, link, firstName, lastName);
  await expect(page.getByRole('log')).toBeVisible();
}

async function write(page: Page, texts: string[]): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  for (const text of texts) {
    await input.fill(text);
    await page.getByRole('button', { name: 'Senden' }).click();
    await expect(input).toHaveValue('');
  }
}

test('a guest writes three messages offline and closes the tab; back online, a new tab of the party sends them once, in order', async ({ browser }) => {
  const { context: consultantContext, page: consultant, link } = await hostParty(browser, 'Funkloch mit Abschied');
  const guestContext = await phoneContext(browser);
  const events: HistoryEvent[] = [];
  const network = await cuttableNetwork(guestContext, 'guest', events);
  const guest = await guestContext.newPage();
  await joinChat(guest, link, 'Lina', 'Berg');

  await network.cut();
  await expect(guest.getByText('Du bist offline.', { exact: false })).toBeVisible();
  await write(guest, ['Eins', 'Zwei', 'Drei']);
  const waiting = guest.getByTestId('pending-message');
  await expect(waiting).toHaveText([/Eins/, /Zwei/, /Drei/]);
  for (const item of await waiting.all()) {
    await expect(item).toHaveAttribute('data-status', 'waiting');
    await expect(item).toContainText('Wartet auf Versand');
  }
  expect(await outboxTexts(guest)).toEqual(['Eins', 'Zwei', 'Drei']);
  await guest.close();

  await network.restore();
  const again = await guestContext.newPage();
  await again.goto(link);
  await expect(consultant.getByTestId('message')).toHaveText([/Eins/, /Zwei/, /Drei/]);
  await expect(again.getByTestId('message')).toHaveText([/Eins/, /Zwei/, /Drei/]);
  await expect(again.getByTestId('pending-message')).toHaveCount(0);
  await expect.poll(() => outboxTexts(again)).toEqual([]);

  // Judged by the checker: each send stored once, in the order written, the same in both views.
  events.push(await readLog(again, 'guest'), await readLog(consultant, 'consultant'));
  const history = { members: { guest: await memberId(again), consultant: await memberId(consultant) }, events };
  const result = checkHistory(history);
  expect(result.ok, describeAnomalies(result)).toBe(true);
  const read = events.at(-1) as Extract<HistoryEvent, { type: 'read' }>;
  expect(read.messages.filter((m) => m.sender === history.members.guest && m.tempId).map((m) => m.message)).toEqual(['Eins', 'Zwei', 'Drei']);
  // Once each, also after a reload: nothing is sent again.
  await consultant.reload();
  await expect(consultant.getByTestId('message')).toHaveText([/Eins/, /Zwei/, /Drei/]);

  await guestContext.close();
  await consultantContext.close();
});

test('with no party page open, the service worker sends what waited when Background Sync fires, once, in order', async ({ browser }) => {
  const { context: consultantContext, page: consultant, link } = await hostParty(browser, 'Funkloch im Hintergrund');
  const guestContext = await phoneContext(browser);
  const network = await cuttableNetwork(guestContext, 'guest', []);
  const guest = await guestContext.newPage();
  await joinChat(guest, link, 'Ida', 'Hahn');
  await controlledByServiceWorker(guest);
  // Another page of Salon stays open (the landing page, which sends nothing itself) to speak to
  // the service worker through the DevTools protocol after the party's tab is gone.
  const other = await guestContext.newPage();
  await other.goto('/');
  const origin = new URL(guest.url()).origin;
  const cdp = await guestContext.newCDPSession(other);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');

  await network.cut();
  await write(guest, ['Erstens', 'Zweitens', 'Drittens']);
  await expect(guest.getByTestId('pending-message')).toHaveCount(3);
  await guest.close();
  await network.restore();

  // What the browser does once the network is back: the sync the page registered fires.
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registrationId, tag: 'salon-outbox', lastChance: false });
  await expect(consultant.getByTestId('message')).toHaveText([/Erstens/, /Zweitens/, /Drittens/]);
  await expect.poll(() => outboxTexts(other)).toEqual([]);
  // A second sync (the browser may fire one again) sends nothing twice.
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registrationId, tag: 'salon-outbox', lastChance: false });
  await consultant.reload();
  await expect(consultant.getByTestId('message')).toHaveText([/Erstens/, /Zweitens/, /Drittens/]);

  await guestContext.close();
  await consultantContext.close();
});

test('back online in the same tab: the socket reconnects and what waited is sent once, in order, and leaves the outbox', async ({ browser }) => {
  const { context: consultantContext, page: consultant, link } = await hostParty(browser, 'Funkloch ohne Abschied');
  const guestContext = await phoneContext(browser);
  const network = await cuttableNetwork(guestContext, 'guest', []);
  const guest = await guestContext.newPage();
  await joinChat(guest, link, 'Mia', 'Kern');
  await write(guest, ['Vorher']);
  await expect(consultant.getByTestId('message')).toHaveText([/Vorher/]);

  await network.cut();
  await expect(guest.getByText('Du bist offline.', { exact: false })).toBeVisible();
  await write(guest, ['Im Tunnel', 'Immer noch']);
  await expect(guest.getByTestId('pending-message')).toHaveCount(2);
  expect(await outboxTexts(guest)).toEqual(['Im Tunnel', 'Immer noch']);

  await network.restore();
  await expect(consultant.getByTestId('message')).toHaveText([/Vorher/, /Im Tunnel/, /Immer noch/]);
  await expect(guest.getByTestId('pending-message')).toHaveCount(0);
  await expect.poll(() => outboxTexts(guest)).toEqual([]);
  await guest.reload();
  await expect(guest.getByTestId('message')).toHaveText([/Vorher/, /Im Tunnel/, /Immer noch/]);

  await guestContext.close();
  await consultantContext.close();
});

test('the party ended while the tab was closed: what waited is shown as not sent, never sent, and can be put away', async ({ browser }) => {
  const { context: consultantContext, page: consultant, link } = await hostParty(browser, 'Zu spät');
  const guestContext = await phoneContext(browser);
  const network = await cuttableNetwork(guestContext, 'guest', []);
  const guest = await guestContext.newPage();
  await joinChat(guest, link, 'Ole', 'Sand');
  await network.cut();
  await write(guest, ['Bin gleich da']);
  await guest.close();

  await setExpiry(consultant, link, Date.now() - 60_000);
  await network.restore();
  const again = await guestContext.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'Party beendet' })).toBeVisible();
  const unsent = again.getByTestId('unsent');
  await expect(unsent).toContainText('Nicht gesendet.');
  await expect(unsent).toContainText('Bin gleich da');
  await expect(consultant.getByTestId('message').filter({ hasText: 'Bin gleich da' })).toHaveCount(0);

  await unsent.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(unsent).toHaveCount(0);
  await expect.poll(() => outboxTexts(again)).toEqual([]);
  await again.reload();
  await expect(again.getByRole('heading', { name: 'Party beendet' })).toBeVisible();
  await expect(again.getByTestId('unsent')).toHaveCount(0);

  await guestContext.close();
  await consultantContext.close();
});

test('another person on the same browser neither sees nor sends the first one’s outbox', async ({ browser }) => {
  const { context: consultantContext, page: consultant, link } = await hostParty(browser, 'Ein Handy, zwei Gäste');
  const guestContext = await phoneContext(browser);
  const network = await cuttableNetwork(guestContext, 'guest', []);
  const first = await guestContext.newPage();
  await joinChat(first, link, 'Erste', 'Person');
  await network.cut();
  await write(first, ['Von der Ersten']);
  await first.close();

  // The first guest's cookie goes (a shared phone, a cleared browser): the next person joins.
  await guestContext.clearCookies();
  await network.restore();
  const second = await guestContext.newPage();
  await joinChat(second, link, 'Zweite', 'Person');
  await write(second, ['Von der Zweiten']);
  await expect(consultant.getByTestId('message').filter({ hasText: 'Von der Zweiten' })).toHaveCount(1);
  await expect(second.getByTestId('pending-message')).toHaveCount(0);
  await expect(second.getByText('Von der Ersten')).toHaveCount(0);
  await second.reload();
  await expect(second.getByTestId('message').filter({ hasText: 'Von der Zweiten' })).toHaveCount(1);
  await expect(second.getByText('Von der Ersten')).toHaveCount(0);
  await expect(consultant.getByText('Von der Ersten')).toHaveCount(0);
  // Still kept for the first guest, who alone may send it.
  expect(await outboxTexts(second)).toEqual(['Von der Ersten']);

  await guestContext.close();
  await consultantContext.close();
});

test('waiting and not-sent messages on a phone and a desktop, in German and English', async ({ browser }) => {
  const { context: consultantContext, page: consultant, link } = await hostParty(browser, 'Bildschirmfotos');
  const shots: { context: BrowserContext; page: Page; name: string; network: Awaited<ReturnType<typeof cuttableNetwork>> }[] = [];
  for (const locale of ['de', 'en'] as const) {
    for (const screen of ['phone', 'desktop'] as const) {
      const context = await browser.newContext({ ...SCREENS[screen], locale });
      const network = await cuttableNetwork(context, screen, []);
      const page = await context.newPage();
      await page.goto(link);
      await page.getByLabel(locale === 'de' ? 'Vorname' : 'First name').fill(screen === 'phone' ? 'Pia' : 'Desk');
      await page.getByLabel(locale === 'de' ? 'Nachname' : 'Last name').fill(locale.toUpperCase());
      await page.getByRole('button', { name: locale === 'de' ? 'Party beitreten' : 'Join the party' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('log')).toBeVisible();
      await network.cut();
      const input = page.getByRole('textbox', { name: locale === 'de' ? 'Nachricht' : 'Message' });
      for (const text of [
        locale === 'de' ? 'Bin im Zug, gleich wieder da' : 'On the train, back soon',
        locale === 'de' ? 'Bis gleich!' : 'See you in a bit!',
      ]) {
        await input.fill(text);
        await page.getByRole('button', { name: locale === 'de' ? 'Senden' : 'Send' }).click();
        await expect(input).toHaveValue('');
      }
      await expect(page.getByTestId('pending-message')).toHaveCount(2);
      await page.screenshot({ path: test.info().outputPath(`waiting-${locale}-${screen}.png`) });
      await page.close();
      shots.push({ context, page, name: `${locale}-${screen}`, network });
    }
  }
  await setExpiry(consultant, link, Date.now() - 60_000);
  for (const { context, name, network } of shots) {
    await network.restore();
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByTestId('unsent')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`not-sent-${name}.png`) });
    await context.close();
  }
  await consultantContext.close();
});
