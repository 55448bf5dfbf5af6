import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { expectNoSidewaysScroll, screens, settled, signIn } from './helpers';

/**
 * The media library page (/media) as a consultant uses it on a phone and a desktop: folders in
 * folders, the place kept in the address's hash (reload stays, back goes up), the breadcrumb,
 * rename, move by the dialog and by dragging a card onto a breadcrumb entry (the keyboard's
 * "Move to…" on the phone), search across folders, and a folder trashed with its contents and
 * restored. Items are announced through the API (uploading is not part of this page yet).
 */

test.use({ locale: 'de-DE' });

const SHOTS = 'test-results/media-library';
const DAY_MS = 24 * 60 * 60 * 1000;

const card = (page: Page, title: string) => page.getByTestId('media-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const place = (page: Page) => page.locator('#media-place');
const notice = (page: Page) => page.locator('[aria-live="polite"]');

async function cardAction(page: Page, title: string, action: string) {
  await card(page, title)
    .getByRole('button', { name: `Aktionen für ${title}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function newFolder(page: Page, title: string) {
  await page.getByRole('button', { name: 'Neuer Ordner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Ordner' });
  await expect(dialog.getByRole('button', { name: 'Anlegen' })).toBeDisabled();
  await dialog.getByLabel('Ordnername').fill(title);
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(notice(page)).toHaveText(`Ordner „${title}“ angelegt.`);
  await expect(card(page, title)).toBeVisible();
}

async function openFolder(page: Page, title: string) {
  await card(page, title).getByRole('link', { name: title, exact: true }).click();
  await expect(place(page)).toHaveText(title);
}

/** The browser's own script announces a file, as the upload will: cookies of the page, its Origin. */
async function announce(page: Page, title: string, path: string, contentType: string, size: number) {
  const response = await page.request.post('/api/media', { headers: { Origin: new URL(page.url()).origin }, data: { title, path, contentType, size } });
  expect(response.status(), await response.text()).toBe(201);
}

async function folderIds(page: Page, path = ''): Promise<Record<string, string>> {
  const listing = await (await page.request.get(`/api/media?${new URLSearchParams({ path })}`)).json();
  return Object.fromEntries(listing.entries.map((entry: { title: string; id: string }) => [entry.title, entry.id]));
}

for (const [screen, options] of screens('phone', 'desktop')) {
  test(`a consultant keeps her media in folders on a ${screen}: hash path, breadcrumb, rename, move, search, trash and restore`, async ({ browser }) => {
    const context = await browser.newContext({ ...options, locale: 'de-DE' });
    const page = await context.newPage();
    await signIn(page, 'anna@salon.test');
    const name = (title: string) => `${title} ${screen === 'phone' ? 'Telefon' : 'Desktop'}`;
    const [catalogues, photos, autumn, pictures, summer, beach] = ['Kataloge', 'Fotos', 'Herbst', 'Bilder', 'Sommerkatalog', 'Strandfoto'].map(name) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];

    // The drawer lists media first; opening it starts at the top level.
    if (screen === 'phone') await page.getByRole('button', { name: 'Menü' }).click();
    const drawer = page.getByRole('navigation', { name: 'Hauptmenü' });
    await expect(drawer.getByRole('listitem').first()).toHaveText('Medien');
    await drawer.getByRole('link', { name: 'Medien' }).click();
    await expect(page).toHaveURL(/\/media$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mediathek' })).toBeVisible();
    await settled(page);
    await expect(place(page)).toHaveText('Alle Medien');

    await newFolder(page, catalogues);
    await newFolder(page, photos);

    // Into a folder and one below it: the hash names each level by a short id.
    await openFolder(page, catalogues);
    await expect(page).toHaveURL(/\/media#[0-9a-f]{8}$/);
    await expect(page.getByText('Dieser Ordner ist leer.')).toBeVisible();
    await newFolder(page, autumn);
    await openFolder(page, autumn);
    await expect(page).toHaveURL(/\/media#[0-9a-f]{8}\/[0-9a-f]{8}$/);
    const breadcrumb = page.getByRole('navigation', { name: 'Ordnerpfad' });
    await expect(breadcrumb.getByRole('link', { name: catalogues })).toBeVisible();
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(autumn);

    // A reload stays in the folder; back goes up a level.
    await page.reload();
    await settled(page);
    await expect(place(page)).toHaveText(autumn);
    await page.goBack();
    await expect(place(page)).toHaveText(catalogues);
    await expect(card(page, autumn)).toBeVisible();
    await breadcrumb.getByRole('link', { name: 'Alle Medien' }).click();
    await expect(page).toHaveURL(/\/media$/);
    await expect(place(page)).toHaveText('Alle Medien');

    // Two files, announced as the upload will: one at the top, one in the catalogues.
    const top = await folderIds(page);
    await announce(page, summer, '', 'application/pdf', 2_345_000);
    await announce(page, beach, top[catalogues]!, 'image/jpeg', 812_000);
    await page.reload();
    await settled(page);
    await expect(card(page, summer)).toContainText('PDF');
    await expect(card(page, summer)).toContainText('2,3 MB');
    await expect(card(page, summer).getByTestId('media-state')).toHaveText('Wartet auf den Upload');
    // Folders come first, then the files (other specs' files share this library's top level).
    await expect(page.getByTestId('media-card').first()).toHaveAttribute('data-type', 'folder');
    const types = await page.getByTestId('media-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-type')));
    expect(types.lastIndexOf('folder')).toBeLessThan(types.indexOf('application'));

    // Rename (the edit-title dialog).
    await cardAction(page, photos, 'Umbenennen');
    const rename = page.getByRole('dialog', { name: 'Titel bearbeiten' });
    await expect(rename.getByLabel('Titel')).toHaveValue(photos);
    await rename.getByLabel('Titel').fill(pictures);
    await rename.getByRole('button', { name: 'Speichern' }).click();
    await expect(notice(page)).toHaveText(`Umbenannt in „${pictures}“.`);
    await expect(card(page, pictures)).toBeVisible();

    // Move a folder by the dialog: it is not offered as its own destination.
    await cardAction(page, pictures, 'Verschieben nach …');
    const move = page.getByRole('dialog', { name: `„${pictures}“ verschieben` });
    await expect(move.getByRole('radio', { name: pictures })).toHaveCount(0);
    await expect(move.getByRole('radio', { name: /Alle Medien/ })).toBeDisabled();
    await expect(move.getByRole('button', { name: 'Verschieben' })).toBeDisabled();
    if (screen === 'desktop') await page.screenshot({ path: `${SHOTS}/move-dialog-${screen}.png` });
    await move.getByRole('radio', { name: catalogues }).check();
    await move.getByRole('button', { name: 'Verschieben' }).click();
    await expect(move).toHaveCount(0);
    await expect(notice(page)).toHaveText(`„${pictures}“ liegt jetzt in „${catalogues}“.`);
    await expect(card(page, pictures)).toHaveCount(0);
    await expectNoSidewaysScroll(page, `library on a ${screen}`);
    await page.screenshot({ path: `${SHOTS}/library-${screen}.png` });
    // Cards, their menus and the breadcrumb pass axe's WCAG 2 A/AA rules (the every-page test sees an empty library).
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    // A card's menu at the screen's right edge stays on the screen.
    await card(page, summer)
      .getByRole('button', { name: `Aktionen für ${summer}` })
      .click();
    const menu = page.getByRole('menu', { name: `Aktionen für ${summer}` });
    const box = (await menu.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    await page.screenshot({ path: `${SHOTS}/card-menu-${screen}.png` });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    // In the catalogues: the beach photo goes to the top level, dragged onto the breadcrumb's top
    // entry on the desktop, through the card's menu by keyboard on the phone.
    await openFolder(page, catalogues);
    await expect(card(page, pictures)).toBeVisible();
    if (screen === 'desktop') {
      await card(page, beach).dragTo(breadcrumb.getByRole('link', { name: 'Alle Medien' }));
    } else {
      await card(page, beach)
        .getByRole('button', { name: `Aktionen für ${beach}` })
        .focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'Umbenennen' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `„${beach}“ verschieben` });
      await page.screenshot({ path: `${SHOTS}/move-dialog-${screen}.png` });
      await dialog.getByRole('radio', { name: 'Alle Medien' }).check();
      await dialog.getByRole('button', { name: 'Verschieben' }).click();
    }
    await expect(notice(page)).toHaveText(`„${beach}“ liegt jetzt in „Alle Medien“.`);
    await expect(card(page, beach)).toHaveCount(0);

    // Search: every word, across folders, never a folder.
    const search = page.getByRole('searchbox', { name: 'Medien durchsuchen' });
    await search.fill(`katalog ${screen === 'phone' ? 'telefon' : 'desktop'}`);
    await expect(place(page)).toHaveText(`Suchergebnisse für „katalog ${screen === 'phone' ? 'telefon' : 'desktop'}“`);
    await expect(page.getByTestId('media-card')).toHaveCount(1);
    await expect(card(page, summer)).toContainText('In: Alle Medien');
    await search.fill('strandfoto');
    await expect(card(page, beach)).toBeVisible();
    await page.getByRole('button', { name: 'Suche leeren' }).click();
    await expect(place(page)).toHaveText(catalogues);

    // The catalogues go to the trash with what is in them, and come back with it.
    await breadcrumb.getByRole('link', { name: 'Alle Medien' }).click();
    await cardAction(page, catalogues, 'In den Papierkorb');
    await expect(notice(page)).toContainText(`„${catalogues}“ liegt jetzt im Papierkorb.`);
    await expect(card(page, catalogues)).toHaveCount(0);
    await breadcrumb.getByRole('link', { name: 'Papierkorb' }).click();
    await expect(page).toHaveURL(/\/media#trash$/);
    await page.reload();
    await settled(page);
    await expect(place(page)).toHaveText('Papierkorb');
    const deletesOn = new Date(Date.now() + 30 * DAY_MS).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });
    await expect(card(page, catalogues).getByTestId('deletes-on')).toHaveText(`Wird am ${deletesOn} gelöscht`);
    // Trashed folders neither open nor list their contents here.
    await expect(card(page, catalogues).getByRole('link')).toHaveCount(0);
    await expect(card(page, autumn)).toHaveCount(0);
    await expectNoSidewaysScroll(page, `trash on a ${screen}`);
    await page.screenshot({ path: `${SHOTS}/trash-${screen}.png` });
    await cardAction(page, catalogues, 'Wiederherstellen');
    await expect(notice(page)).toHaveText(`„${catalogues}“ ist wiederhergestellt.`);
    await expect(card(page, catalogues)).toHaveCount(0);
    await breadcrumb.getByRole('link', { name: 'Alle Medien' }).click();
    await openFolder(page, catalogues);
    await expect(card(page, autumn)).toBeVisible();
    await expect(card(page, pictures)).toBeVisible();

    if (screen === 'phone') {
      // The narrowest phones: nothing pushes the page sideways.
      await page.setViewportSize({ width: 320, height: 640 });
      await expectNoSidewaysScroll(page, 'library at 320 px');
      await page.screenshot({ path: `${SHOTS}/library-320.png`, fullPage: true });
    }
    await context.close();
  });
}
