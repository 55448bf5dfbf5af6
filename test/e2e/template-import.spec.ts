import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { createParty, expectNoSidewaysScroll, screens, settled, signIn } from './helpers';

/**
 * ADR 038 in the browser: a consultant imports one template into another at the insert point,
 * whole and then chosen messages (on a phone and a desktop, with screenshots of the dialog); she
 * deletes a template for good from the trash; when the template service does not answer, the list
 * and the party's apply call say 'Template function down'.
 */

test.use({ locale: 'de-DE' });

const SHOTS = 'test-results/template-import';

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** A template with these texts, made through the API as the editor would. */
async function apiTemplate(page: Page, title: string, texts: string[]): Promise<string> {
  const created = await page.request.post('/api/templates/create', { headers: origin(page), data: { title } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  for (const message of texts) {
    const sent = await page.request.post(`/api/templates/${id}/sendMessage`, { headers: origin(page), data: { messageType: 'text', message } });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  return id;
}

async function order(page: Page): Promise<string[]> {
  return (await page.getByTestId('template-row').getByTestId('message').allInnerTexts()).map((text) => text.trim().split('\n')[0]!.trim());
}

async function storedOrder(page: Page, id: string): Promise<string[]> {
  const detail = await (await page.request.get(`/api/templates/${id}`)).json();
  return detail.messages.map((message: { message: string }) => message.message);
}

/** The import is in the editor's menu of actions on several messages. */
async function importMenu(page: Page) {
  await page.getByRole('button', { name: 'Mehrere Nachrichten' }).click();
  await page.getByRole('menuitem', { name: 'Vorlage importieren' }).click();
}

const card = (page: Page, title: string) => page.getByTestId('template-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

for (const [screen, options] of screens('phone', 'desktop')) {
  test(`imports a template into another at the insert point, whole and chosen messages, on a ${screen}`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ ...options, locale: 'de-DE' });
    const page = await context.newPage();
    await signIn(page, 'anna@salon.test');
    const tag = Math.random().toString(36).slice(2, 7);
    const source = `Bausteine ${tag}`;
    const target = await apiTemplate(page, `Abend ${tag}`, ['Hallo', 'Tschüss']);
    await apiTemplate(page, source, ['Eins', 'Zwei', 'Drei']);
    await page.goto(`/templates/${target}`);
    await settled(page);

    // The whole template, before "Tschüss".
    await page.getByRole('button', { name: 'Hier einfügen, vor: Tschüss' }).click();
    await importMenu(page);
    const dialog = page.getByRole('alertdialog', { name: 'Vorlage importieren' });
    await expect(dialog.getByText('Sie kommen vor: Tschüss')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Importieren' })).toBeDisabled();
    await dialog.getByLabel('Aus welcher Vorlage?').selectOption({ label: source });
    await expect(dialog.getByRole('radio', { name: 'Die ganze Vorlage' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Importieren' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(`3 Nachrichten aus „${source}“ importiert.`)).toBeVisible();
    await expect.poll(() => order(page)).toEqual(['Hallo', 'Eins', 'Zwei', 'Drei', 'Tschüss']);
    expect(await storedOrder(page, target)).toEqual(['Hallo', 'Eins', 'Zwei', 'Drei', 'Tschüss']);
    await page.screenshot({ path: `${SHOTS}/imported-${screen}.png` });

    // Chosen messages ("Drei" and "Eins", in the source's order), before "Hallo".
    await page.getByRole('button', { name: 'Hier einfügen, vor: Hallo' }).click();
    await importMenu(page);
    await expect(dialog.getByText('Sie kommen vor: Hallo')).toBeVisible();
    await dialog.getByLabel('Vorlage suchen').fill(`bausteine ${tag}`);
    await expect(dialog.getByLabel('Aus welcher Vorlage?').locator('option')).toHaveCount(2);
    await dialog.getByLabel('Aus welcher Vorlage?').selectOption({ label: source });
    await dialog.getByRole('radio', { name: 'Ausgewählte Nachrichten' }).check();
    const list = dialog.getByTestId('import-messages');
    await expect(list.getByRole('checkbox')).toHaveCount(3);
    await expect(dialog.getByRole('button', { name: 'Importieren' })).toBeDisabled();
    await list.getByRole('checkbox', { name: 'Drei' }).check();
    await list.getByRole('checkbox', { name: 'Eins' }).check();
    await expectNoSidewaysScroll(page, `the import dialog on a ${screen}`);
    await page.screenshot({ path: `${SHOTS}/import-dialog-${screen}.png` });
    await dialog.getByRole('button', { name: 'Importieren' }).click();
    // The notice stays 2 s (said once above); here the order is what counts.
    const expected = ['Eins', 'Drei', 'Hallo', 'Eins', 'Zwei', 'Drei', 'Tschüss'];
    await expect.poll(() => order(page)).toEqual(expected);
    await page.reload();
    await settled(page);
    expect(await order(page)).toEqual(expected);
    await context.close();
  });
}

test('deletes a template permanently from the trash', async ({ browser }) => {
  const context = await browser.newContext({ ...screens('desktop')[0]![1], locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  const title = `Weg damit ${Math.random().toString(36).slice(2, 7)}`;
  const id = await apiTemplate(page, title, ['Eins']);
  expect((await page.request.delete(`/api/templates/${id}`, { headers: origin(page) })).status()).toBe(204);
  await page.goto('/templates#trash');
  await settled(page);
  await card(page, title)
    .getByRole('button', { name: `Aktionen für ${title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Endgültig löschen' }).click();
  const confirm = page.getByRole('alertdialog', { name: `„${title}“ endgültig löschen?` });
  await expect(confirm).toContainText('lassen sich nicht wiederherstellen');
  await confirm.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.locator('[aria-live="polite"]')).toContainText(`„${title}“ wurde endgültig gelöscht.`);
  await expect(card(page, title)).toHaveCount(0);
  expect((await page.request.get(`/api/templates/${id}`)).status()).toBe(404);
  await context.close();
});

test("says 'Template function down' when the template service does not answer", async ({ browser }) => {
  const context = await browser.newContext({ ...screens('desktop')[0]![1], locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  // The service is gone: every call of the list gets no answer.
  await page.route('**/api/templates?**', (route) => route.abort('connectionrefused'));
  await page.goto('/templates');
  await expect(page.getByRole('alert')).toHaveText('Vorlagen sind vorübergehend nicht verfügbar. Bitte versuche es gleich noch einmal.');
  await context.close();
});

test("applying a template in a party says 'Template function down' when the service does not answer", async ({ browser }) => {
  const context = await browser.newContext({ ...screens('desktop')[0]![1], locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  const title = `Ausfall ${Date.now()}`;
  const origin = { Origin: new URL(page.url()).origin };
  const made = await page.request.post('/api/templates/create', { headers: origin, data: { title } });
  const { id } = (await made.json()) as { id: string };
  expect((await page.request.post(`/api/templates/${id}/sendMessage`, { headers: origin, data: { messageType: 'text', message: 'Hallo' } })).ok()).toBe(true);
  const link = await createParty(page, 'Vorlagen-Ausfall');
  await page.goto(link);
  // The list still answers, the apply call gets none.
  await page.route('**/api/parties/*/template', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Vorlage', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Vorlage anwenden' });
  await dialog.getByRole('searchbox', { name: 'Vorlagen suchen' }).fill(title);
  await dialog.getByRole('button', { name: title }).click();
  await expect(page.getByRole('alert')).toContainText('Vorlagen sind vorübergehend nicht verfügbar.');
  await context.close();
});
