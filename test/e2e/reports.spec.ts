import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import de from '../../app/i18n/locales/de';
import { expect, test } from './diagnostics';
import { SCREENS, hostParty, joinAs, settled, signIn } from './helpers';

/**
 * Reporting abuse in Chromium (ADR 064): a guest on a phone reports another guest's message with a
 * reason; the manager at her desk sees the reports' button, reads the report (without the
 * reporter's name) and deletes the message; a report of the manager reaches the operator's page.
 * Screenshots of the dialogs on a phone and a desktop land in test-results/reports/.
 */

const message = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Nachricht' }).fill(text);
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(message(page, text)).toBeVisible();
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a guest reports a message; the manager reads the report and deletes the message; a report of the manager reaches the operator', async ({ browser }) => {
  const { context: managerContext, page: manager, link } = await hostParty(browser, 'Meldeparty', SCREENS.desktop);
  const spammer = await browser.newContext({ locale: 'de-DE', ...SCREENS.phone });
  const spam = await spammer.newPage();
  await joinAs(spam, link, 'Sina', 'Spam');
  await say(spam, 'Kauft alle bei meinem Shop, nur heute!');
  await say(manager, 'Willkommen zur Party!');

  const reporterContext = await browser.newContext({ locale: 'de-DE', ...SCREENS.phone });
  const reporter = await reporterContext.newPage();
  await joinAs(reporter, link, 'Rita', 'Ruf');
  const item = message(reporter, 'Kauft alle');
  await item.getByRole('button', { name: de.messageMenu.label }).click();
  await item.getByRole('menuitem', { name: de.messageMenu.report }).click();
  const dialog = reporter.getByRole('dialog', { name: de.abuseReports.title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(de.abuseReports.reasons.spam).check();
  await dialog.getByLabel(de.abuseReports.note).fill('Schon das dritte Mal heute.');
  await reporter.screenshot({ path: 'test-results/reports/phone-report.png' });
  await axe(reporter);
  await dialog.getByRole('button', { name: de.abuseReports.send }).click();
  await expect(reporter.getByTestId('notice-bar')).toContainText(de.abuseReports.sent);
  await expect(dialog).toHaveCount(0);

  // The manager's header shows the open report; the list names the message and its sender, never the reporter.
  const button = manager.getByRole('button', { name: 'Meldungen (1)' });
  await expect(button).toBeVisible();
  await button.click();
  const list = manager.getByRole('dialog', { name: de.abuseReports.listTitle });
  await expect(list.getByTestId('report')).toHaveCount(1);
  await expect(list).toContainText('Nachricht von Sina Spam');
  await expect(list).toContainText(de.abuseReports.reasons.spam);
  await expect(list).toContainText('Schon das dritte Mal heute.');
  await expect(list).not.toContainText('Rita');
  await manager.screenshot({ path: 'test-results/reports/desktop-list.png' });
  await axe(manager);
  await list.getByRole('button', { name: de.abuseReports.delete }).click();
  await expect(list.getByText(de.abuseReports.listNone)).toBeVisible();
  await list.getByRole('button', { name: de.abuseReports.close }).click();
  await expect(button).toHaveCount(0);
  await expect(message(spam, 'Diese Nachricht wurde gelöscht.')).toBeVisible();

  // On a phone the manager's list fits the screen.
  await manager.setViewportSize(SCREENS.phone.viewport);
  await say(spam, 'Noch mehr Werbung!');
  const again = message(reporter, 'Noch mehr Werbung');
  await again.getByRole('button', { name: de.messageMenu.label }).click();
  await again.getByRole('menuitem', { name: de.messageMenu.report }).click();
  await dialog.getByLabel('Sina Spam als Person').check();
  await dialog.getByLabel(de.abuseReports.reasons.harassment).check();
  await dialog.getByRole('button', { name: de.abuseReports.send }).click();
  await expect(dialog).toHaveCount(0);
  await manager.getByRole('button', { name: 'Meldungen (1)' }).click();
  await expect(list).toContainText('Sina Spam als Person');
  await manager.screenshot({ path: 'test-results/reports/phone-list.png' });
  await list.getByRole('button', { name: de.abuseReports.dismiss }).click();
  await expect(list.getByText(de.abuseReports.listNone)).toBeVisible();

  // A report of the manager goes to the operator (anna@salon.test, the demo consultant, is configured as operator).
  const welcome = message(reporter, 'Willkommen zur Party');
  await welcome.getByRole('button', { name: de.messageMenu.label }).click();
  await welcome.getByRole('menuitem', { name: de.messageMenu.report }).click();
  await dialog.getByLabel(de.abuseReports.reasons.inappropriate).check();
  await dialog.getByRole('button', { name: de.abuseReports.send }).click();
  await expect(dialog).toHaveCount(0);
  const operator = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const page = await operator.newPage();
  await signIn(page, 'anna@salon.test');
  await page.goto('/operator');
  await settled(page);
  const reports = page.getByRole('region', { name: de.operator.reportsTitle });
  await expect(reports).toContainText('Party: Meldeparty');
  await expect(reports).toContainText('Willkommen zur Party!');
  await page.screenshot({ path: 'test-results/reports/operator-desktop.png', fullPage: true });

  await Promise.all([managerContext, spammer, reporterContext, operator].map((context) => context.close()));
});
