import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { applyTemplate, expectNoSidewaysScroll, guestOnPhone, hostParty, phoneContext, setExpiry, settled } from './helpers';

/**
 * "Host your own party" and "join the team" (issue 43 item 4, ADR 059): the manager sends the first
 * from the input bar's menu and plays the second from a template; guests on phones say "I'd like
 * that" (and take it back); the manager sees who, the follow-up list filters and exports them, the
 * dashboard counts them, and a guest's recap says what she asked about.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectAxeClean(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

/** A template with a "join the team" card, made with the manager's session; its title. */
async function teamTemplate(page: Page): Promise<string> {
  const title = `Team-Abschluss ${Date.now()}`;
  await page.evaluate(async (title) => {
    const call = async (path: string, body: unknown) => {
      const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: string };
    };
    const { id } = await call('/api/templates/create', { title });
    await call(`/api/templates/${id}/sendMessage`, { messageType: 'team', message: JSON.stringify({ text: 'Lust auf mehr? Komm in mein Team!' }) });
  }, title);
  return title;
}

test('the manager sends a host-your-own-party card and plays a join-the-team card; guests ask, take back; the follow-up list, CSV, dashboard and recap show it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { context, page: manager, link } = await hostParty(browser, 'Lead-Party', { viewport: { width: 1280, height: 800 } });
  await settled(manager);
  const template = await teamTemplate(manager);

  // From the input bar's menu: the dialog offers a suggestion in her language, which she sends.
  await manager.getByRole('button', { name: 'Foto oder Datei anhängen' }).click();
  await manager.getByRole('menuitem', { name: 'Eigene Party geben' }).click();
  const dialog = manager.getByRole('alertdialog', { name: 'Eigene Party geben' });
  await expect(dialog.getByLabel('Ihre Worte an die Gäste')).toHaveValue(/Gib deine eigene/);
  await expect(dialog).toContainText('„Deine eigene Party“');
  await manager.screenshot({ path: 'test-results/leads/dialog-desktop.png' });
  await expectAxeClean(manager, 'the lead card dialog');
  await dialog.getByLabel('Ihre Worte an die Gäste').fill('Hat es dir gefallen? Gib deine eigene Party!');
  await dialog.getByRole('button', { name: 'Senden' }).click();
  await expect(manager.getByTestId('booking-card')).toContainText('Hat es dir gefallen?');

  // From a template, on cue.
  const panel = await applyTemplate(manager, template);
  await expect(panel.getByTestId('template-message')).toContainText('Komm in mein Team');
  await panel.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(manager.getByTestId('team-card')).toContainText('Komm in mein Team!');

  // Two guests on phones.
  const { context: rosaContext, page: rosa } = await guestOnPhone(browser, link, 'Rosa');
  const { context: lenaContext, page: lena } = await guestOnPhone(browser, link, 'Lena');

  const booking = rosa.getByTestId('booking-card');
  await expect(booking).toContainText('Deine eigene Party');
  await expect(booking.getByTestId('card-notice')).toContainText('sieht deinen Namen');
  await booking.getByRole('button', { name: 'Das interessiert mich' }).click();
  await expect(booking).toContainText('Gemerkt: die Beraterin oder der Berater meldet sich bei dir');
  await expect(booking.getByTestId('like-count')).toHaveText('1 ist interessiert');
  await rosa.getByTestId('team-card').getByRole('button', { name: 'Das interessiert mich' }).click();
  await expect(rosa.getByTestId('team-card').getByTestId('like-count')).toHaveText('1 ist interessiert');
  await booking.scrollIntoViewIfNeeded();
  await rosa.screenshot({ path: 'test-results/leads/guest-phone.png' });
  await expectNoSidewaysScroll(rosa);
  await expectAxeClean(rosa, 'a guest with lead cards');

  // Lena asks about the team and takes it back.
  const lenaTeam = lena.getByTestId('team-card');
  await lenaTeam.getByRole('button', { name: 'Das interessiert mich' }).click();
  await expect(lenaTeam.getByTestId('like-count')).toHaveText('2 sind interessiert');
  await lenaTeam.getByRole('button', { name: 'Zurücknehmen' }).click();
  await expect(lenaTeam.getByRole('button', { name: 'Das interessiert mich' })).toBeVisible();

  // The manager sees who, live.
  await expect(manager.getByTestId('booking-card').getByTestId('liked-by')).toHaveText('Interessiert: Rosa Gast');
  await expect(manager.getByTestId('team-card').getByTestId('liked-by')).toHaveText('Interessiert: Rosa Gast');
  await manager.screenshot({ path: 'test-results/leads/manager-desktop.png' });

  // The follow-up list: a column, a filter, the CSV.
  const partyId = await manager.evaluate(async (shortId) => ((await (await fetch(`/api/parties/${shortId}`)).json()) as { id: string }).id, link.slice(1));
  await manager.goto(`/parties/${partyId}/follow-up`);
  const rosaRow = manager.getByTestId('follow-up-row').filter({ hasText: 'Rosa Gast' });
  await expect(rosaRow.getByTestId('follow-up-leads')).toHaveText('Eigene Party, Team');
  await expect(manager.getByTestId('follow-up-row').filter({ hasText: 'Lena Gast' }).getByTestId('follow-up-leads')).toHaveText('–');
  await manager.getByRole('link', { name: 'Möchten eine Party geben' }).click();
  await expect(manager).toHaveURL(/\?show=booking$/);
  await expect(manager.getByTestId('follow-up-row')).toHaveCount(1);
  await expect(manager.getByRole('link', { name: 'Möchten eine Party geben' })).toHaveAttribute('aria-current', 'page');
  await manager.screenshot({ path: 'test-results/leads/follow-up-desktop.png' });
  await expectAxeClean(manager, 'the filtered follow-up list');
  const csv = await manager.evaluate(async (id) => (await fetch(`/parties/${id}/follow-up.csv?tz=Europe%2FBerlin`)).text(), partyId);
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Name;Rolle;Möchte;Eigene Party;Team;Gewonnen;Zuletzt aktiv');
  expect(csv).toMatch(/Rosa Gast;Gast;;ja;ja;/);

  // The dashboard's party card counts them (the room mirrors to D1 a moment after a choice).
  await manager.goto('/parties');
  const card = manager.getByTestId('party-card').filter({ has: manager.locator(`a[href="${link}"]`) });
  await expect(async () => {
    await manager.reload();
    await expect(card.getByTestId('party-leads')).toContainText('1 möchte eine Party geben', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(card.getByTestId('party-leads')).toContainText('1 interessiert am Team');
  await card.scrollIntoViewIfNeeded();
  await manager.screenshot({ path: 'test-results/leads/dashboard-desktop.png' });
  await card.getByRole('link', { name: '1 interessiert am Team' }).click();
  await expect(manager).toHaveURL(new RegExp(`/parties/${partyId}/follow-up\\?show=team$`));

  // The follow-up list on a phone.
  const phone = await phoneContext(browser);
  await phone.addCookies(await context.cookies());
  const managerPhone = await phone.newPage();
  await managerPhone.goto(`/parties/${partyId}/follow-up`);
  await expect(managerPhone.getByTestId('follow-up-row')).toHaveCount(2);
  await managerPhone.screenshot({ path: 'test-results/leads/follow-up-phone.png', fullPage: true });
  await expectNoSidewaysScroll(managerPhone);

  // The party ends: Rosa's recap says what she asked about.
  await manager.goto(link);
  await setExpiry(manager, link, Date.now() - 1000);
  await rosa.reload();
  const recap = rosa.getByTestId('recap-leads');
  await expect(recap).toContainText('Du hast nach einer eigenen Party gefragt – Anna meldet sich bei dir.');
  await expect(recap).toContainText('Du hast nach dem Team gefragt – Anna meldet sich bei dir.');
  await recap.scrollIntoViewIfNeeded();
  await rosa.screenshot({ path: 'test-results/leads/recap-phone.png' });
  await expect(lena.getByTestId('recap-leads')).toHaveCount(0);
  for (const open of [context, rosaContext, lenaContext, phone]) await open.close();
  void baseURL;
});
