import type { Locator, Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { IMPORT_STAGES } from '../../app/core/import';
import { joinAs, phoneContext, signIn } from './helpers';
import { DEMO_PASSWORD } from '../../scripts/demo-data.mjs';
import { OLDER_DEMO_EMAIL, OLDER_PASSWORD_CHANGE_EMAIL } from '../../scripts/older-system.mjs';

/**
 * What these tests know of the older system's stand-in and its demo data (the stand-in `npm start`
 * runs beside the app): the older account of the demo consultant, with parties, a few hundred
 * messages, photos and a video; and an account that must change its password first.
 */
const OLDER = {
  email: OLDER_DEMO_EMAIL,
  password: DEMO_PASSWORD,
  /** One party of that account, with photos and a video among its messages. */
  partyTitle: 'Geschenkideen',
  passwordChange: { email: OLDER_PASSWORD_CHANGE_EMAIL, password: DEMO_PASSWORD },
};

/** The import dialog, opened from the user menu. */
async function openImport(page: Page): Promise<Locator> {
  await page.getByLabel('Benutzermenü', { exact: true }).click();
  await page.getByRole('button', { name: 'Aus altem Konto importieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aus einem älteren Konto importieren' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signInThere(dialog: Locator, email: string, password: string): Promise<void> {
  await dialog.getByLabel('E-Mail-Adresse des älteren Kontos').fill(email);
  await dialog.getByLabel('Passwort des älteren Kontos').fill(password);
  await dialog.getByRole('button', { name: 'Importieren' }).click();
}

interface Snapshot {
  stages: { stage: string; state: string; count: string }[];
  cancelDisabled: boolean;
}

/** Records the dialog's stage list at every change the page makes to it, until the dialog goes. */
async function recordStages(page: Page): Promise<() => Promise<Snapshot[]>> {
  await page.evaluate(() => {
    const seen: Snapshot[] = [];
    (window as unknown as { importSnapshots: Snapshot[] }).importSnapshots = seen;
    const take = () => {
      const dialog = document.querySelector('dialog');
      const items = [...(dialog?.querySelectorAll<HTMLElement>('li[data-stage]') ?? [])];
      if (items.length === 0) return;
      const cancel = [...dialog!.querySelectorAll('button')].find((button) => button.textContent === 'Abbrechen');
      seen.push({
        stages: items.map((item) => ({
          stage: item.dataset.stage!,
          state: item.dataset.state!,
          count: item.querySelector('.tabular-nums')?.textContent ?? '',
        })),
        cancelDisabled: cancel?.disabled ?? false,
      });
    };
    new MutationObserver(take).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { importSnapshots: Snapshot[] }).importSnapshots);
}

/** "12 von 40" as [12, 40]. */
const count = (text: string): [number, number] => {
  const match = /^(\d+) von (\d+)$/.exec(text);
  expect(match, `a count: "${text}"`).not.toBeNull();
  return [Number(match![1]), Number(match![2])];
};

test('the demo consultant imports her older account stage by stage, then opens an imported party with its photos and video, and its guest link works', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');

  const dialog = await openImport(page);
  // Both fields are required: the import waits for a valid address and a password.
  const start = dialog.getByRole('button', { name: 'Importieren' });
  await expect(start).toBeDisabled();
  await dialog.getByLabel('E-Mail-Adresse des älteren Kontos').fill('anna');
  await dialog.getByLabel('Passwort des älteren Kontos').focus();
  await expect(dialog.getByText('Bitte gib eine gültige E-Mail-Adresse an.')).toBeVisible();
  await expect(start).toBeDisabled();

  const snapshots = await recordStages(page);
  await signInThere(dialog, OLDER.email, OLDER.password);
  await expect(dialog.getByRole('status')).toHaveText('Import abgeschlossen.', { timeout: 120_000 });
  const seen = await snapshots();
  // Done, the dialog closes by itself.
  await expect(dialog).toHaveCount(0);

  // Each stage was under way in its turn, the counts only rose, and each copy stage ended at its total.
  const firstCurrent = IMPORT_STAGES.map((stage) => seen.findIndex((snapshot) => snapshot.stages.some((s) => s.stage === stage && s.state === 'current')));
  const ran = IMPORT_STAGES.filter((_, index) => firstCurrent[index]! >= 0);
  expect(ran.slice(0, 2)).toEqual(['signIn', 'start']);
  for (const stage of ['files', 'media', 'messages', 'parties']) expect(ran, `${stage} was under way`).toContain(stage);
  const order = firstCurrent.filter((index) => index >= 0);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  for (const stage of ['files', 'media', 'messages', 'parties']) {
    const counts = seen
      .map((snapshot) => snapshot.stages.find((s) => s.stage === stage)!)
      .filter((s) => s.count !== '')
      .map((s) => count(s.count));
    expect(counts.length, `${stage} showed its count`).toBeGreaterThan(0);
    const [done, total] = counts.at(-1)!;
    expect(done, `${stage}: ${done} of ${total}`).toBe(total);
    expect(total).toBeGreaterThan(0);
    expect(counts.map(([n]) => n)).toEqual([...counts.map(([n]) => n)].sort((a, b) => a - b));
    expect(new Set(counts.map(([, m]) => m)).size, `${stage}: one total throughout`).toBe(1);
  }
  // While it ran, it could not be cancelled.
  expect(seen.filter((snapshot) => snapshot.stages.some((s) => s.state === 'current')).every((snapshot) => snapshot.cancelDisabled)).toBe(true);

  // The workspace shows what was imported without a reload.
  const card = page.getByTestId('party-card').filter({ hasText: OLDER.partyTitle });
  await expect(card).toHaveCount(1);
  const link = (await card.getByRole('link').first().getAttribute('href'))!;
  expect(link).toMatch(/^\/[0-9A-Za-z]{12}$/);

  // Importing again adds nothing: every stage starts at its total and no second party appears.
  const again = await openImport(page);
  const secondRun = await recordStages(page);
  await signInThere(again, OLDER.email, OLDER.password);
  await expect(again).toHaveCount(0, { timeout: 60_000 });
  for (const snapshot of (await secondRun()).filter((s) => s.stages.some((stage) => stage.stage === 'files' && stage.count !== ''))) {
    for (const stage of snapshot.stages.filter((s) => ['files', 'media', 'messages', 'parties'].includes(s.stage))) {
      const [done, total] = count(stage.count);
      expect(done, `second import, ${stage.stage}`).toBe(total);
    }
  }
  await page.reload();
  await expect(page.getByTestId('party-card').filter({ hasText: OLDER.partyTitle })).toHaveCount(1);

  // The imported party: its photos and its video, found by scrolling back through its history.
  await page.goto(link);
  const log = page.getByRole('log');
  await expect(page.getByTestId('message').first()).toBeVisible();
  const photo = page.getByTestId('chat-photo').first();
  const video = page.getByTestId('chat-file').filter({ hasText: 'Video' }).first();
  for (let step = 0; step < 60 && ((await photo.count()) === 0 || (await video.count()) === 0); step++) {
    await log.evaluate((element) => element.scrollTo({ top: 0 }));
    await page.waitForTimeout(250);
  }
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await video.scrollIntoViewIfNeeded();
  await video.click();
  const player = page.getByRole('dialog').locator('video');
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 }).toBeGreaterThan(0);
  await context.close();

  // A guest on a phone opens the party's link, joins, and reads its history.
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Rosa');
  await expect(guest.getByTestId('message').first()).toBeVisible();
  await guestContext.close();
});

test('wrong credentials and an account that must change its password: the dialog says so and imports nothing', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  const cards = await page.getByTestId('party-card').count();

  const dialog = await openImport(page);
  await signInThere(dialog, OLDER.email, `${OLDER.password}-falsch`);
  await expect(dialog.getByRole('alert')).toHaveText('Wir konnten kein Konto mit diesen Zugangsdaten finden.');
  // Pending again: the fields take a correction, and the dialog can be cancelled.
  await expect(dialog.getByLabel('Passwort des älteren Kontos')).toBeEnabled();

  await dialog.getByLabel('E-Mail-Adresse des älteren Kontos').fill('');
  await signInThere(dialog, OLDER.passwordChange.email, OLDER.passwordChange.password);
  await expect(dialog.getByRole('alert')).toHaveText('Passwortänderung erforderlich.');

  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('party-card')).toHaveCount(cards);

  // Escape closes a pending dialog too, and the keyboard is back on the user menu.
  await openImport(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Benutzermenü', { exact: true })).toBeFocused();
  await context.close();
});
