import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { expectNoSidewaysScroll, fillChat, hostParty, joinAs, phoneContext } from './helpers';

/**
 * Reactions, the pinned message, the chat's search and the party link's QR code (ADR 043), as a
 * guest on her phone and the consultant at her desk see them.
 */

const SHOTS = 'test-results/social';

async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Nachricht' }).fill(text);
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
}

function message(page: Page, text: string) {
  return page.getByTestId('message').filter({ hasText: text });
}

test('a guest on her phone reacts and the manager sees who; the manager pins and the guest sees it; search finds and jumps', async ({ browser, baseURL }) => {
  const { context: consultantContext, page: manager, link } = await hostParty(browser, 'Lavendel-Abend', { viewport: { width: 1280, height: 800 } });
  const partyId = (await (await manager.request.get(`/api/parties${link}`)).json()).id as string;
  await say(manager, 'Willkommen! Heute ist die Lavendel-Creme im Angebot.');

  const mariaContext = await phoneContext(browser);
  const maria = await mariaContext.newPage();
  await joinAs(maria, link, 'Maria', 'Klein');
  const welcome = message(maria, 'Lavendel-Creme');
  await welcome.getByRole('button', { name: 'Reagieren' }).click();
  await maria.getByRole('menuitem', { name: '👍' }).click();
  await expect(welcome.getByRole('button', { name: '👍 1, auch von dir' })).toHaveAttribute('aria-pressed', 'true');

  // The manager sees the count at once, and who from the message's menu.
  const onManager = message(manager, 'Lavendel-Creme');
  await expect(onManager.getByRole('button', { name: '👍 1' })).toBeVisible();
  await onManager.hover();
  await onManager.getByRole('button', { name: 'Aktionen für die Nachricht' }).click();
  await onManager.getByRole('menuitem', { name: 'Reaktionen' }).click();
  await expect(manager.getByTestId('reactors')).toContainText('Maria Klein');
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Schließen' }).click();

  // Writing restricted: guests still react (ADR 043).
  await manager.getByRole('button', { name: 'Schreiben für Gäste sperren' }).click();
  await expect(maria.getByRole('textbox', { name: 'Nachricht' })).toHaveCount(0);
  await welcome.getByRole('button', { name: 'Reagieren' }).click();
  await maria.getByRole('menuitem', { name: '❤️' }).click();
  await expect(onManager.getByRole('button', { name: '❤️ 1' })).toBeVisible();
  // A tap on her own chip takes it back.
  await welcome.getByRole('button', { name: '❤️ 1, auch von dir' }).click();
  await expect(onManager.getByRole('button', { name: /❤️/ })).toHaveCount(0);
  await manager.getByRole('button', { name: 'Gäste dürfen wieder schreiben' }).click();

  // The manager pins the welcome: Maria sees it above the list.
  await onManager.hover();
  await onManager.getByRole('button', { name: 'Aktionen für die Nachricht' }).click();
  await onManager.getByRole('menuitem', { name: 'Anheften' }).click();
  await expect(maria.getByTestId('pinned')).toContainText('Lavendel-Creme');
  await expect(manager.getByTestId('pinned')).toContainText('Lavendel-Creme');
  await maria.screenshot({ path: `${SHOTS}/reactions-pinned-phone.png` });
  await expectNoSidewaysScroll(maria);

  // Sixty messages later the welcome is no longer loaded: the pinned bar brings it back.
  await fillChat(baseURL!, partyId, 60, 'Plauderei');
  await expect(message(maria, 'Plauderei 060')).toBeVisible();
  await expect(welcome).toHaveCount(0);
  await maria.getByRole('button', { name: /Angeheftete Nachricht zeigen/ }).click();
  await expect(welcome).toBeInViewport();

  // The manager searches; the hit shows the word marked, and a tap jumps to the message.
  await manager.getByRole('button', { name: 'Suchen' }).click();
  const search = manager.getByRole('dialog');
  await search.getByRole('searchbox', { name: 'Suchbegriffe' }).fill('lavendel creme');
  const hits = search.getByTestId('search-hits');
  await expect(hits.getByRole('button')).toHaveCount(1);
  await expect(hits.locator('mark').first()).toHaveText('Lavendel');
  await manager.screenshot({ path: `${SHOTS}/search-desktop.png` });
  // Hostile input finds nothing and breaks nothing.
  await search.getByRole('searchbox').fill('"NEAR(* -');
  await expect(search.getByRole('status')).toHaveText('Nichts gefunden.');
  await search.getByRole('searchbox').fill('Lavendel');
  await expect(hits.getByRole('button')).toHaveCount(1);
  await hits.getByRole('button').click();
  await expect(manager.getByRole('dialog')).toHaveCount(0);
  await expect(onManager).toBeInViewport();

  // Maria searches on her phone too, and unpinning by the manager takes the bar away.
  await maria.getByRole('button', { name: 'Suchen' }).click();
  await maria.getByRole('dialog').getByRole('searchbox').fill('Plauderei 007');
  await expect(maria.getByTestId('search-hits').getByRole('button').first()).toBeVisible();
  await maria.screenshot({ path: `${SHOTS}/search-phone.png` });
  await maria.keyboard.press('Escape');
  await manager.getByTestId('pinned').getByRole('button', { name: 'Lösen' }).click();
  await expect(maria.getByTestId('pinned')).toHaveCount(0);

  await mariaContext.close();
  await consultantContext.close();
});

test('the party link as a QR code, on a desktop and on a phone', async ({ browser }) => {
  const { context: consultantContext, page: manager, link } = await hostParty(browser, 'QR-Party', { viewport: { width: 1280, height: 800 } });
  await manager.getByRole('button', { name: 'QR-Code' }).click();
  const dialog = manager.getByRole('dialog');
  const url = new URL(link, manager.url()).toString();
  await expect(dialog.getByTestId('qr-link')).toHaveText(url);
  await expect(dialog.getByRole('img', { name: url })).toBeVisible();
  await manager.screenshot({ path: `${SHOTS}/qr-desktop.png` });
  const download = manager.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Herunterladen' }).click();
  expect((await download).suggestedFilename()).toBe('QR-Party-qr.svg');
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(manager.getByRole('dialog')).toHaveCount(0);

  // On a phone the manager's tools wrap below the title; the dialog fits the screen.
  await manager.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(manager);
  await manager.getByRole('button', { name: 'QR-Code' }).click();
  await expect(manager.getByRole('dialog').getByTestId('qr-code')).toBeInViewport();
  await expectNoSidewaysScroll(manager);
  await manager.screenshot({ path: `${SHOTS}/qr-phone.png` });

  // A guest's phone keeps its header on one row: no QR button there (she holds the link already).
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Ida', 'Sommer');
  await expect(
    guest
      .getByRole('button', { name: 'Im Chat suchen' })
      .or(guest.getByRole('button', { name: 'Suchen' }))
      .first(),
  ).toBeVisible();
  await expect(guest.getByRole('button', { name: 'QR-Code' })).toBeHidden();
  await expectNoSidewaysScroll(guest);
  await guest.screenshot({ path: `${SHOTS}/guest-header-phone.png` });

  await guestContext.close();
  await consultantContext.close();
});
