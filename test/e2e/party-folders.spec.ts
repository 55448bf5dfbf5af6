import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { cardMenuItems, expectNoSidewaysScroll, screens, settled, signIn } from './helpers';

/**
 * Party folders and the top bar's search (ADR 037), on a phone and a desktop: a consultant makes
 * a folder on the dashboard, files a party that never expires into it with the move-to dialog
 * (one with an expiration is not offered), opens the folder with its breadcrumb, finds the filed
 * party from the top level through the top bar's search (folders are never results), and finds a
 * template on the templates page through the same box.
 */

test.use({ locale: 'de-DE' });

const SHOTS = 'test-results/party-folders';

const partyCard = (page: Page, title: string) => page.getByTestId('party-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const folderCard = (page: Page, title: string) => page.getByTestId('party-folder').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Ordnerpfad' });

async function api(page: Page, method: 'post' | 'put', path: string, data: unknown): Promise<{ id: string }> {
  const response = await page.request[method](path, { headers: { Origin: new URL(page.url()).origin }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

for (const [screen, options] of screens('phone', 'desktop')) {
  test(`a consultant files parties into folders, moves one and searches from the top bar on a ${screen}`, async ({ browser }) => {
    const context = await browser.newContext({ ...options, locale: 'de-DE' });
    const page = await context.newPage();
    await signIn(page, 'anna@salon.test');
    // The screen's mark is neither 'Telefon' nor 'Desktop': other specs pick (and search) their own entries by those words.
    const mark = screen === 'phone' ? 'klein' : 'weit';
    const name = (title: string) => `${title} (${mark})`;
    const [team, vip, evening, clients, greeting] = ['Teamrunde', 'VIP Kreis', 'Sommerabend', 'Kundinnen', 'Begrüßung Sommer'].map(name) as [
      string,
      string,
      string,
      string,
      string,
    ];
    await api(page, 'post', '/api/parties', { title: team, expiration: null });
    await api(page, 'post', '/api/parties', { title: vip, expiration: null });
    await api(page, 'post', '/api/parties', { title: evening });
    await page.reload();
    await settled(page);

    // A new folder on the top level of the Active tab.
    await page.getByRole('button', { name: 'Neuer Ordner' }).click();
    const create = page.getByRole('dialog', { name: 'Neuer Ordner' });
    await create.getByLabel('Ordnername').fill(clients);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await expect(create).toHaveCount(0);
    await expect(folderCard(page, clients)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `Ordner „${clients}“ angelegt.` })).toBeVisible();

    // Only a party that never expires is offered to move.
    expect(await cardMenuItems(page, partyCard(page, team), team)).toContain('Verschieben');
    expect(await cardMenuItems(page, partyCard(page, evening), evening)).not.toContain('Verschieben');

    // The move-to dialog: the folders, without the party itself; the top level is where it is now.
    await partyCard(page, team)
      .getByRole('button', { name: `Aktionen für ${team}` })
      .click();
    await page.getByRole('menuitem', { name: 'Verschieben' }).click();
    const move = page.getByRole('dialog', { name: `„${team}“ verschieben` });
    await expect(move.getByRole('radio', { name: /Alle Partys/ })).toBeDisabled();
    await move.getByRole('radio', { name: clients }).check();
    await page.screenshot({ path: `${SHOTS}/${screen}-move-dialog.png` });
    await move.getByRole('button', { name: 'Verschieben' }).click();
    await expect(move).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: `„${team}“ liegt jetzt in „${clients}“.` })).toBeVisible();
    await expect(partyCard(page, team)).toHaveCount(0);
    await expect(partyCard(page, vip)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${screen}-dashboard-folders.png`, fullPage: true });

    // Into the folder: the hash names it, the breadcrumb shows it, a reload stays there.
    await folderCard(page, clients).getByRole('link', { name: clients, exact: true }).click();
    await expect(page).toHaveURL(/\/parties#[0-9a-f]{8}$/);
    await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(clients);
    await expect(partyCard(page, team)).toBeVisible();
    await expect(partyCard(page, vip)).toHaveCount(0);
    await page.reload();
    await settled(page);
    await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(clients);
    await expect(partyCard(page, team)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${screen}-in-folder.png`, fullPage: true });
    await expectNoSidewaysScroll(page);
    await breadcrumb(page).getByRole('link', { name: 'Alle Partys' }).click();
    await expect(folderCard(page, clients)).toBeVisible();

    // The top bar's search finds the filed party from the top level, and no folder.
    const search = page.getByRole('searchbox', { name: 'Partys durchsuchen' });
    await search.fill(`${mark.toUpperCase()} teamrunde`);
    await expect(partyCard(page, team)).toBeVisible();
    await expect(page.getByTestId('party-card')).toHaveCount(1);
    await expect(page.getByTestId('party-folder')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/${screen}-search-parties.png` });
    await page.getByRole('button', { name: 'Suche leeren' }).click();
    await expect(folderCard(page, clients)).toBeVisible();

    // The same box on the templates page searches templates: every word, in any order and case.
    await api(page, 'post', '/api/templates/create', { title: greeting, path: '' });
    await api(page, 'post', '/api/templates/folder', { title: name('Sommer Ordner'), path: '' });
    if (screen === 'phone') await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Vorlagen' }).click();
    await expect(page).toHaveURL(/\/templates$/);
    await settled(page);
    const templates = page.getByRole('searchbox', { name: 'Vorlagen durchsuchen' });
    await expect(templates).toHaveValue('');
    await templates.fill(`sommer ${mark.toUpperCase()} begrüßung`);
    await expect(page.locator('#templates-place')).toHaveText(/Suchergebnisse/);
    const found = page.getByTestId('template-card');
    await expect(found).toHaveCount(1);
    await expect(found.getByRole('heading', { name: greeting })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${screen}-search-templates.png` });
    await context.close();
  });
}
