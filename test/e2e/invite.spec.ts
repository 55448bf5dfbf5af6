import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { expectNoSidewaysScroll, hostParty, joinAs, phoneContext, settled } from './helpers';

/**
 * "Invite friends" (issue 43, item 3): the host and the manager share the party link with a short
 * text in their language through the device's share sheet; headless Chromium has no Web Share API,
 * so the test gives the page one that records what it was handed. Without one (or when it fails),
 * the invitation's dialog offers copy, WhatsApp, a text message and an e-mail, and the QR code.
 */

/** A navigator.share that records its calls (and rejects with `fail` when set), before the page's scripts run. */
async function stubShare(page: Page, fail: string | null = null): Promise<void> {
  await page.addInitScript((failWith) => {
    const calls: ShareData[] = [];
    Object.assign(window, { sharedInvitations: calls });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        calls.push(data);
        if (failWith) throw new DOMException('refused', failWith);
      },
    });
  }, fail);
}

const shared = (page: Page) => page.evaluate(() => (window as unknown as { sharedInvitations: ShareData[] }).sharedInvitations);

test('the manager shares through the share sheet; a closed sheet does nothing; a failed one opens the dialog', async ({ browser, baseURL }) => {
  const { context, page, link } = await hostParty(browser, 'Einladungs-Party', { viewport: { width: 1280, height: 800 } });
  await stubShare(page);
  await page.reload();
  await settled(page);
  await page.getByRole('button', { name: 'Freundinnen einladen' }).click();
  await expect.poll(() => shared(page)).toHaveLength(1);
  const [data] = await shared(page);
  expect(data).toEqual({
    title: 'Einladungs-Party',
    text: 'Komm zu meiner Online-Party: Einladungs-Party mit Anna Becker. Öffne den Link und mach mit deinem Namen mit – ohne App.',
    url: `${baseURL}${link}`,
  });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Closing the sheet (AbortError) is no failure; another refusal falls back to the dialog.
  for (const [error, dialogs] of [
    ['AbortError', 0],
    ['NotAllowedError', 1],
  ] as const) {
    const again = await context.newPage();
    await stubShare(again, error);
    await again.goto(link);
    await settled(again);
    await again.getByRole('button', { name: 'Freundinnen einladen' }).click();
    await expect.poll(() => shared(again)).toHaveLength(1);
    await expect(again.getByRole('dialog', { name: 'Freundinnen einladen' })).toHaveCount(dialogs);
    await again.close();
  }
  await context.close();
});

test('the host on a phone without a share sheet: copy, WhatsApp, text message, e-mail and the QR code; in English too', async ({ browser, baseURL }) => {
  const { context: managerContext, page: manager, link } = await hostParty(browser, 'Gastgeberin lädt ein');
  const phone = await phoneContext(browser, 'de-DE', { permissions: ['clipboard-read', 'clipboard-write'] });
  const guest = await phone.newPage();
  await joinAs(guest, link, 'Berta', 'Gastgeber');
  await settled(guest);
  // A guest who is not the host has no such button (her tools are there: the search).
  await expect(guest.getByRole('button', { name: 'Suchen' })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Freundinnen einladen' })).toHaveCount(0);
  // The manager makes her the host (moderator) through the party's API, as the guest list does.
  const guestId = await guest.evaluate(
    async (shortId) => ((await (await fetch(`/api/parties/${shortId}`)).json()) as { me: { id: string } }).me.id,
    link.slice(1),
  );
  const partyId = await manager.evaluate(async (shortId) => ((await (await fetch(`/api/parties/${shortId}`)).json()) as { id: string }).id, link.slice(1));
  const made = await manager.evaluate(
    async ({ partyId, guestId }) =>
      (await fetch(`/api/parties/${partyId}/host`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ guestId }) }))
        .status,
    { partyId, guestId },
  );
  expect(made).toBe(204);
  await guest.reload();
  await settled(guest);
  await guest.getByRole('button', { name: 'Freundinnen einladen' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Freundinnen einladen' });
  await expect(dialog).toBeVisible();
  const url = `${baseURL}${link}`;
  await expect(dialog.getByLabel('Link zur Party')).toHaveValue(url);
  const message = encodeURIComponent(
    `Komm zu meiner Online-Party: Gastgeberin lädt ein mit Anna Becker. Öffne den Link und mach mit deinem Namen mit – ohne App. ${url}`,
  );
  await expect(dialog.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', `https://wa.me/?text=${message}`);
  await expect(dialog.getByRole('link', { name: 'SMS' })).toHaveAttribute('href', `sms:?&body=${message}`);
  await expect(dialog.getByRole('link', { name: 'E-Mail' })).toHaveAttribute(
    'href',
    `mailto:?subject=${encodeURIComponent('Einladung: Gastgeberin lädt ein')}&body=${message}`,
  );
  await dialog.getByRole('button', { name: 'Link kopieren' }).click();
  await expect(dialog.getByText('Link kopiert')).toBeVisible();
  expect(await guest.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(guest);
  await guest.screenshot({ path: test.info().outputPath('invite-phone.png') });
  const { violations } = await new AxeBuilder({ page: guest }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  // The QR code stays: the dialog hands over to it.
  await dialog.getByRole('button', { name: 'QR-Code zeigen' }).click();
  await expect(guest.getByTestId('qr-link')).toHaveText(url);
  await guest.keyboard.press('Escape');

  // The same in English, on a desktop.
  const desktop = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 }, storageState: await phone.storageState() });
  const english = await desktop.newPage();
  await english.goto(`${link}?lng=en`);
  await settled(english);
  await english.getByRole('button', { name: 'Invite friends' }).click();
  const englishDialog = english.getByRole('dialog', { name: 'Invite friends' });
  await expect(englishDialog.getByRole('link', { name: 'Text message' })).toHaveAttribute('href', /^sms:\?&body=Join%20my%20online%20party/);
  await english.screenshot({ path: test.info().outputPath('invite-desktop.png') });
  await Promise.all([desktop.close(), phone.close(), managerContext.close()]);
});
