import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { cardMenuItems, expectNoSidewaysScroll, screens, settled, signIn } from './helpers';

/**
 * The templates page (/templates) as consultants use it on a phone and a desktop: folders with the
 * breadcrumb and the hash path, a new template opening the editor's address, rename, move by the
 * dialog and by dragging a card onto a breadcrumb entry, search, sort, trash (with the dates) and
 * restore; then sharing: the owner's link copied, opened by a second consultant signed out (sign
 * in, back to the link), added into a folder, shown as shared with only a recipient's actions,
 * counted for the owner, and dead once the owner stops sharing.
 */

test.use({ locale: 'de-DE' });

const SHOTS = 'test-results/templates-list';
const DAY_MS = 24 * 60 * 60 * 1000;

const card = (page: Page, title: string) => page.getByTestId('template-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const place = (page: Page) => page.locator('#templates-place');
const notice = (page: Page) => page.locator('[aria-live="polite"]');
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Ordnerpfad' });
const germanDate = (ms: number) => new Date(ms).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

async function cardAction(page: Page, title: string, action: string) {
  await card(page, title)
    .getByRole('button', { name: `Aktionen für ${title}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function newFolder(page: Page, title: string) {
  await page.getByRole('button', { name: 'Neuer Ordner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Ordner' });
  await dialog.getByLabel('Ordnername').fill(title);
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card(page, title)).toBeVisible();
}

/** A template made through the API as the page's own script would (the editor fills it elsewhere). */
async function apiTemplate(page: Page, title: string, path = ''): Promise<string> {
  const response = await page.request.post('/api/templates/create', { headers: { Origin: new URL(page.url()).origin }, data: { title, path } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

async function openFolder(page: Page, title: string) {
  await card(page, title).getByRole('link', { name: title, exact: true }).click();
  await expect(place(page)).toHaveText(title);
}

/** A company account with several profiles is asked once which one it works as; the first is fine. */
async function answerProfileChoice(page: Page) {
  const choice = page.getByRole('alertdialog', { name: 'Als welches Profil möchtest du arbeiten?' });
  if (await choice.isVisible()) await choice.getByRole('button', { name: 'Auswählen' }).click();
}

for (const [screen, options] of screens('phone', 'desktop')) {
  test(`a consultant keeps her templates in folders on a ${screen}: hash path, new template, rename, move, search, sort, trash and restore`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ ...options, locale: 'de-DE' });
    const page = await context.newPage();
    await signIn(page, 'anna@salon.test');
    const name = (title: string) => `${title} ${screen === 'phone' ? 'Telefon' : 'Desktop'}`;
    const [parties, autumn, welcome, closing, renamed] = ['Partys', 'Herbst', 'Begrüßung', 'Zwischenspiel', 'Zugabe'].map(name) as [
      string,
      string,
      string,
      string,
      string,
    ];

    // The drawer lists templates; opening it starts at the top level.
    if (screen === 'phone') await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Vorlagen' }).click();
    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vorlagen' })).toBeVisible();
    await settled(page);
    await expect(place(page)).toHaveText('Alle Vorlagen');

    // A new template opens its editor.
    await page.getByRole('button', { name: 'Neue Vorlage' }).click();
    const create = page.getByRole('dialog', { name: 'Neue Vorlage' });
    await expect(create.getByRole('button', { name: 'Anlegen' })).toBeDisabled();
    await create.getByLabel('Name der Vorlage').fill(welcome);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
    await page.goBack();
    await expect(place(page)).toHaveText('Alle Vorlagen');
    await expect(card(page, welcome)).toBeVisible();
    await expect(card(page, welcome).getByRole('link', { name: welcome })).toHaveAttribute('href', /^\/templates\/[0-9a-f-]{36}$/);

    await newFolder(page, parties);
    await apiTemplate(page, closing);
    await page.reload();
    await settled(page);
    // Folders first; then newest first, or A–Z (the other screen's entries are left out here).
    await expect(page.getByTestId('template-card').first()).toHaveAttribute('data-type', 'folder');
    const titles = async () => (await page.getByTestId('template-card').getByRole('heading').allTextContents()).filter((title) => title.endsWith(name('')));
    await expect.poll(titles).toEqual([parties, closing, welcome]);
    await page.getByRole('group', { name: 'Sortierung' }).getByRole('button', { name: 'Name' }).click();
    await expect(page).toHaveURL(/sort=name/);
    await expect.poll(titles).toEqual([parties, welcome, closing]);
    await page.getByRole('group', { name: 'Sortierung' }).getByRole('button', { name: 'Datum' }).click();
    await expect(page).toHaveURL(/sort=date/);

    // Into a folder and one below it: the hash names each level by a short id; a reload stays.
    await openFolder(page, parties);
    await expect(page).toHaveURL(/\/templates(\?sort=date)?#[0-9a-f]{8}$/);
    await expect(page.getByText('Dieser Ordner ist leer.')).toBeVisible();
    await newFolder(page, autumn);
    await openFolder(page, autumn);
    await expect(page).toHaveURL(/#[0-9a-f]{8}\/[0-9a-f]{8}$/);
    await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(autumn);
    await page.reload();
    await settled(page);
    await expect(place(page)).toHaveText(autumn);
    await breadcrumb(page).getByRole('link', { name: 'Alle Vorlagen' }).click();
    await expect(place(page)).toHaveText('Alle Vorlagen');

    // Rename.
    await cardAction(page, closing, 'Umbenennen');
    const rename = page.getByRole('dialog', { name: 'Vorlage umbenennen' });
    await rename.getByLabel('Name der Vorlage').fill(renamed);
    await rename.getByRole('button', { name: 'Speichern' }).click();
    await expect(notice(page)).toHaveText(`Umbenannt in „${renamed}“.`);

    // Move by the dialog: a folder is not offered as its own destination; the template goes to the parties.
    await cardAction(page, parties, 'Verschieben nach …');
    const moveFolder = page.getByRole('dialog', { name: `„${parties}“ verschieben` });
    await expect(moveFolder.getByRole('radio', { name: parties })).toHaveCount(0);
    await expect(moveFolder.getByRole('radio', { name: autumn })).toHaveCount(0);
    await moveFolder.getByRole('button', { name: 'Abbrechen' }).click();
    await cardAction(page, renamed, 'Verschieben nach …');
    const move = page.getByRole('dialog', { name: `„${renamed}“ verschieben` });
    await expect(move.getByRole('radio', { name: /Alle Vorlagen/ })).toBeDisabled();
    await move.getByRole('radio', { name: autumn }).check();
    await page.screenshot({ path: `${SHOTS}/move-dialog-${screen}.png` });
    await move.getByRole('button', { name: 'Verschieben' }).click();
    await expect(notice(page)).toHaveText(`„${renamed}“ liegt jetzt in „${autumn}“.`);
    await expect(card(page, renamed)).toHaveCount(0);

    // Dragged onto the breadcrumb's top entry (desktop), or moved by the keyboard's menu (phone).
    await openFolder(page, parties);
    await openFolder(page, autumn);
    if (screen === 'desktop') {
      await card(page, renamed).dragTo(breadcrumb(page).getByRole('link', { name: parties }));
      await expect(notice(page)).toHaveText(`„${renamed}“ liegt jetzt in „${parties}“.`);
    } else {
      await card(page, renamed)
        .getByRole('button', { name: `Aktionen für ${renamed}` })
        .focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'Öffnen' })).toBeFocused();
      await page.getByRole('menuitem', { name: 'Verschieben nach …' }).click();
      const dialog = page.getByRole('dialog', { name: `„${renamed}“ verschieben` });
      await dialog.getByRole('radio', { name: parties }).check();
      await dialog.getByRole('button', { name: 'Verschieben' }).click();
      await expect(notice(page)).toHaveText(`„${renamed}“ liegt jetzt in „${parties}“.`);
    }
    await expect(card(page, renamed)).toHaveCount(0);

    // The editor's way back leads to the folder the template is in, not to the top level.
    await breadcrumb(page).getByRole('link', { name: parties }).click();
    await expect(place(page)).toHaveText(parties);
    await card(page, renamed).getByRole('link', { name: renamed, exact: true }).click();
    await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
    await page.getByRole('link', { name: 'Zu den Vorlagen' }).click();
    await expect(page).toHaveURL(/\/templates#[0-9a-f]{8}$/);
    await expect(place(page)).toHaveText(parties);
    await openFolder(page, autumn);

    // Search: every word, across folders, never a folder.
    const search = page.getByRole('searchbox', { name: 'Vorlagen durchsuchen' });
    await search.fill(`${screen === 'phone' ? 'telefon' : 'desktop'} ZUGABE`);
    await expect(page.getByTestId('template-card')).toHaveCount(1);
    await expect(card(page, renamed)).toContainText(`In: ${parties}`);
    await search.fill(screen === 'phone' ? 'telefon' : 'desktop');
    await expect(page.getByTestId('template-card')).toHaveCount(2);
    await expect(page.getByTestId('template-card').filter({ hasText: 'Ordner' })).toHaveCount(0);
    await search.fill('gibt es nicht');
    await expect(page.getByText('Keine Vorlage passt zu „gibt es nicht“.')).toBeVisible();
    await page.getByRole('button', { name: 'Suche leeren' }).click();
    await expect(place(page)).toHaveText(autumn);

    // Trash, at once with an Undo in the notice (library-undo.spec.ts); the trash shows when it went there and when it goes for good; restore.
    await breadcrumb(page).getByRole('link', { name: 'Alle Vorlagen' }).click();
    await cardAction(page, welcome, 'In den Papierkorb');
    await expect(notice(page)).toContainText(`„${welcome}“ liegt jetzt im Papierkorb.`);
    await expect(notice(page).getByRole('button', { name: 'Rückgängig' })).toBeVisible();
    await breadcrumb(page).getByRole('link', { name: 'Papierkorb' }).click();
    await expect(page).toHaveURL(/#trash$/);
    await expect(place(page)).toHaveText('Papierkorb');
    await expect(card(page, welcome)).toContainText(`Im Papierkorb seit ${germanDate(Date.now())}`);
    await expect(card(page, welcome).getByTestId('deletes-on')).toHaveText(`Wird am ${germanDate(Date.now() + 30 * DAY_MS)} gelöscht`);
    await expect(card(page, welcome).getByRole('link')).toHaveCount(0);
    await expect(await cardMenuItems(page, card(page, welcome), welcome)).toEqual(['Wiederherstellen', 'Endgültig löschen']);
    await expectNoSidewaysScroll(page, `trash on a ${screen}`);
    await page.screenshot({ path: `${SHOTS}/trash-${screen}.png` });
    await cardAction(page, welcome, 'Wiederherstellen');
    await expect(notice(page)).toHaveText(`„${welcome}“ ist wiederhergestellt.`);
    await breadcrumb(page).getByRole('link', { name: 'Alle Vorlagen' }).click();
    await expect(card(page, welcome)).toBeVisible();

    await expectNoSidewaysScroll(page, `templates on a ${screen}`);
    await page.screenshot({ path: `${SHOTS}/list-${screen}.png` });
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
}

test('a shared template: the link copied, opened signed out by a colleague who signs in, adds it into a folder and sees it as shared; stop sharing ends the link', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext({ ...screens('desktop')[0]![1], locale: 'de-DE', permissions: ['clipboard-read', 'clipboard-write'] });
  const owner = await ownerContext.newPage();
  await signIn(owner, 'anna@salon.test');
  await owner.goto('/templates');
  await settled(owner);
  // Its own title per try: a retry must not find the first try's template beside its own.
  const title = `Herbstabend zum Teilen ${Date.now()}`;
  await apiTemplate(owner, title);
  await owner.reload();
  await settled(owner);

  // The owner's share dialog: the link, copied; nobody uses it yet.
  await cardAction(owner, title, 'Teilen…');
  const shareDialog = owner.getByRole('dialog', { name: `„${title}“ teilen` });
  await expect(shareDialog.getByTestId('share-link')).toHaveValue(/\/addTemplate\/[A-Za-z0-9_-]{22}$/);
  await expect(shareDialog.getByTestId('share-count')).toHaveText('Von 0 Personen genutzt');
  await shareDialog.getByRole('button', { name: 'Link kopieren' }).click();
  await expect(shareDialog.getByRole('button', { name: 'Link kopiert' })).toBeVisible();
  const link = await owner.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await shareDialog.getByTestId('share-link').inputValue());
  await owner.screenshot({ path: `${SHOTS}/share-dialog-desktop.png` });
  await shareDialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(card(owner, title).getByTestId('used-by')).toHaveText('Von 0 Personen genutzt');

  // A colleague on her phone, signed out: title and sharer, then sign-in and back to the link.
  const colleagueContext = await browser.newContext({ ...screens('phone')[0]![1], locale: 'de-DE' });
  const colleague = await colleagueContext.newPage();
  await colleague.goto(link);
  await settled(colleague);
  await expect(colleague.getByRole('heading', { level: 1, name: 'Vorlage hinzufügen' })).toBeVisible();
  await expect(colleague.getByTestId('shared-title')).toHaveText(title);
  await expect(colleague.getByText('Mit dir geteilt von Anna Becker')).toBeVisible();
  await colleague.screenshot({ path: `${SHOTS}/add-signed-out-phone.png` });
  await colleague.getByRole('link', { name: 'Anmelden' }).click();
  await colleague.getByRole('button', { name: /Partnerkonto/ }).click();
  await colleague.getByLabel('E-Mail').fill('team@kontor.test');
  await colleague.getByLabel('Passwort').fill('salon-demo');
  await colleague.getByRole('button', { name: 'Anmelden' }).click();
  await colleague.waitForURL(link);
  await settled(colleague);

  // Signed in: into a folder of hers (made first, through the API as her templates page would).
  const folder = await colleague.request.post('/api/templates/folder', { headers: { Origin: new URL(link).origin }, data: { title: 'Von Anna', path: '' } });
  expect(folder.status()).toBe(201);
  await colleague.reload();
  await settled(colleague);
  await colleague.getByLabel('In diesen Ordner').selectOption((await folder.json()).id);
  await colleague.screenshot({ path: `${SHOTS}/add-signed-in-phone.png` });
  await colleague.getByRole('button', { name: 'Zu meinen Vorlagen hinzufügen' }).click();
  await colleague.waitForURL(/\/templates#[0-9a-f]{8}$/);
  await answerProfileChoice(colleague);
  await settled(colleague);
  await expect(place(colleague)).toHaveText('Von Anna');
  await expect(card(colleague, title).getByTestId('shared-by')).toHaveText('Geteilt von Anna Becker');
  // A recipient opens, moves and trashes her copy; never renames or shares it.
  expect(await cardMenuItems(colleague, card(colleague, title), title)).toEqual(['Öffnen', 'Verschieben nach …', 'In den Papierkorb']);
  await expectNoSidewaysScroll(colleague, 'shared template on a phone');
  await colleague.screenshot({ path: `${SHOTS}/shared-with-me-phone.png` });
  // Her way back from the template leads to her own folder, not to where the owner keeps it.
  await card(colleague, title).getByRole('link', { name: title, exact: true }).click();
  await expect(colleague.getByTestId('shared-note')).toBeVisible();
  await colleague.getByRole('link', { name: 'Zu den Vorlagen' }).click();
  await expect(colleague).toHaveURL(/\/templates#[0-9a-f]{8}$/);
  await expect(place(colleague)).toHaveText('Von Anna');

  // The owner sees one user; stopping sharing (asked once more) ends the link.
  await owner.reload();
  await settled(owner);
  await expect(card(owner, title).getByTestId('used-by')).toHaveText('Von 1 Person genutzt');
  await cardAction(owner, title, 'Teilen…');
  await expect(shareDialog.getByTestId('share-link')).toHaveValue(link);
  await expect(shareDialog.getByTestId('share-count')).toHaveText('Von 1 Person genutzt');
  await shareDialog.getByRole('button', { name: 'Nicht mehr teilen' }).click();
  const stop = owner.getByRole('dialog', { name: `„${title}“ nicht mehr teilen?` });
  await stop.getByRole('button', { name: 'Nicht mehr teilen' }).click();
  await expect(notice(owner)).toHaveText(`„${title}“ wird nicht mehr geteilt.`);
  await expect(card(owner, title).getByTestId('used-by')).toHaveCount(0);

  await colleague.goto(link);
  await settled(colleague);
  await expect(colleague.getByRole('heading', { level: 1, name: 'Dieser Link ist ungültig' })).toBeVisible();
  await colleague.screenshot({ path: `${SHOTS}/link-invalid-phone.png` });
  await colleague.goto('/templates');
  await settled(colleague);
  await expect(card(colleague, title)).toHaveCount(0);
  await Promise.all([ownerContext.close(), colleagueContext.close()]);
});
