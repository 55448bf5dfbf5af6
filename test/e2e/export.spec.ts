import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import de from '../../app/i18n/locales/de';
import { expect, test } from './diagnostics';
import { SCREENS, mailsTo, settled, signIn } from './helpers';

/**
 * Self-service export in Chromium (issue 45, ADR 062): the demo consultant asks for her archive from
 * the user menu, watches it, gets the mail, downloads it once (Python's zipfile and unzip check it,
 * not our code), finds the link spent on a second click and asks for a new one; the party
 * transcript from the follow-up page. Screenshots on a phone and a desktop land in
 * test-results/export/.
 */

const SHOTS = 'test-results/export';
const ADDRESS = 'anna@salon.test';

function checkArchive(bytes: Buffer): { names: string[] } {
  mkdirSync(SHOTS, { recursive: true });
  const file = `${SHOTS}/export.zip`;
  writeFileSync(file, bytes);
  const script = 'import sys, zipfile, json\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(json.dumps(z.namelist()))';
  const names = JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as string[];
  try {
    execFileSync('unzip', ['-tq', file]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return { names };
}

test('a consultant exports her account: progress, the mail, one download checked by Python, a new link', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const page = await context.newPage();
  await signIn(page, ADDRESS);
  // A party with a message, so the archive has one to hold (the served app starts without demo data).
  const created = await page.request.post('/api/parties', { headers: { Origin: baseURL! }, data: { title: 'Export-Party' } });
  const party = (await created.json()) as { id: string };
  await page.request.post(`/api/parties/${party.id}/chat`, {
    headers: { Origin: baseURL! },
    data: { tempId: crypto.randomUUID(), message: 'Hallo zum Export' },
  });
  await page.goto('/parties');
  await settled(page);
  const before = (await mailsTo(page.request, ADDRESS)).length;

  await page.getByLabel(de.nav.userMenu, { exact: true }).click();
  await page.getByRole('link', { name: de.dataExport.menuItem }).click();
  await expect(page.getByRole('heading', { name: de.dataExport.title, level: 1 })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/desktop-start.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await page.getByRole('button', { name: de.dataExport.start }).click();
  // Progress while it runs (the job may be quick: then the ready line is what shows).
  const progress = page.getByRole('progressbar', { name: de.dataExport.progress });
  const ready = page.getByText(/Dein Archiv ist fertig/);
  await expect(progress.or(ready)).toBeVisible();
  if (await progress.isVisible()) await page.screenshot({ path: `${SHOTS}/desktop-progress.png`, fullPage: true });
  await expect(ready).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(new RegExp(`an ${ADDRESS.replace('.', '\\.')} unterwegs`))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-ready.png`, fullPage: true });

  // The mail, and its link: the archive, once.
  let link = '';
  await expect
    .poll(async () => {
      const mails = await mailsTo(page.request, ADDRESS);
      link = mails.length > before ? (/https?:\/\/\S+\/download\?key=\S+/.exec(mails.at(-1)!.text)?.[0] ?? '') : '';
      return link;
    })
    .toContain('/export/');
  expect((await mailsTo(page.request, ADDRESS)).at(-1)!.subject).toBe('Salon: Dein Datenexport ist fertig');
  const download = await page.request.get(link);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/zip');
  const { names } = checkArchive(await download.body());
  expect(names[0]).toBe('README.html');
  expect(names).toContain('account/account.json');
  expect(names.some((name) => /^parties\/.+ Export-Party\/chat\.html$/.test(name))).toBe(true);
  expect(names.some((name) => /^parties\/.+\/chat\.json$/.test(name))).toBe(true);
  expect(names).toContain('library/library.json');

  // A second click: the link is spent, and the page offers a new one.
  await page.goto(link);
  await expect(page).toHaveURL(/\/export\?link=spent$/);
  await expect(page.getByText(de.dataExport.spent)).toBeVisible();
  await expect(page.getByText(de.dataExport.linkUsed)).toBeVisible();
  await settled(page);
  await page.getByRole('button', { name: de.dataExport.newLink }).click();
  await expect(page.getByText(de.dataExport.linkSent.replace('{{email}}', ADDRESS))).toBeVisible();
  await expect.poll(async () => (await mailsTo(page.request, ADDRESS)).length).toBe(before + 2);
  await page.screenshot({ path: `${SHOTS}/desktop-new-link.png`, fullPage: true });

  // The same page on a phone.
  const phone = await browser.newContext({ locale: 'de-DE', ...SCREENS.phone, storageState: await context.storageState() });
  const small = await phone.newPage();
  await small.goto('/export');
  await settled(small);
  await small.screenshot({ path: `${SHOTS}/phone-ready.png`, fullPage: true });
  await phone.close();
  await context.close();
});

test('the party transcript: the whole chat as a printable page, from the follow-up list', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const page = await context.newPage();
  await signIn(page, ADDRESS);
  const created = await page.request.post('/api/parties', { headers: { Origin: baseURL! }, data: { title: 'Protokoll-Party' } });
  const party = (await created.json()) as { id: string };
  await page.request.post(`/api/parties/${party.id}/chat`, {
    headers: { Origin: baseURL! },
    data: { tempId: crypto.randomUUID(), message: '*Willkommen* – schön, dass ihr da seid!' },
  });
  await page.goto(`/parties/${party.id}/follow-up`);
  await settled(page);
  const [transcript] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: de.dataExport.transcript }).click()]);
  await transcript.waitForLoadState();
  await expect(transcript.getByRole('heading', { name: 'Protokoll-Party', level: 1 })).toBeVisible();
  await expect(transcript.locator('strong', { hasText: 'Willkommen' })).toBeVisible();
  await expect(transcript.getByRole('button', { name: de.dataExport.archive.print })).toBeVisible();
  const axe = await new AxeBuilder({ page: transcript }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  await transcript.screenshot({ path: `${SHOTS}/transcript-desktop.png`, fullPage: true });
  await transcript.setViewportSize(SCREENS.phone.viewport);
  await transcript.screenshot({ path: `${SHOTS}/transcript-phone.png`, fullPage: true });
  await context.close();
});
