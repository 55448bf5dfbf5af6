import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { SCREENS, createParty, joinAs, phoneContext, signIn } from './helpers';

/**
 * The consultant plays a template into a live party message by message while a guest on a phone
 * watches, restarts it, and lets the autoplay send the rest while her own page is closed.
 */

/** A template of the signed-in consultant, made through the API from her page (the editor is not this test's concern); answers its id. */
async function makeTemplate(page: Page, title: string, messages: { messageType: string; message: string }[]): Promise<string> {
  return page.evaluate(
    async ({ title, messages }) => {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        return (await response.json()) as { id: string };
      };
      const { id } = await post('/templates/create', { title });
      for (const message of messages) await post(`/templates/${id}/sendMessage`, message);
      return id;
    },
    { title, messages },
  );
}

test('the consultant plays a template message by message, restarts it, and the autoplay sends the rest with her page closed', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const manager = await context.newPage();
  await signIn(manager, 'anna@salon.test');
  const title = `Wellness-Abend ${Date.now()}`;
  await makeTemplate(manager, title, [
    { messageType: 'heading', message: 'Willkommen zum Wellness-Abend' },
    { messageType: 'text', message: 'Heute zeige ich euch unsere *Duftöle*.' },
    { messageType: 'text', message: 'Danke fürs Dabeisein!' },
  ]);
  const link = await createParty(manager, 'Vorlagen-Party');
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Rosa');
  await manager.goto(link);

  // The template button opens the apply dialog: the template is found by search.
  await manager.getByRole('button', { name: 'Vorlage', exact: true }).click();
  const dialog = manager.getByRole('dialog', { name: 'Vorlage anwenden' });
  await dialog.getByRole('searchbox', { name: 'Vorlagen suchen' }).fill('wellness');
  await dialog.getByRole('button', { name: title }).click();
  const panel = manager.getByTestId('applied-template');
  await expect(panel.getByTestId('template-message')).toContainText('Willkommen zum Wellness-Abend');
  await expect(panel).toContainText('noch 3 Nachrichten');
  await manager.screenshot({ path: 'test-results/template-play/panel-desktop.png' });

  await panel.getByRole('button', { name: 'Senden', exact: true }).click();
  const guestMessages = guest.getByTestId('message');
  await expect(guestMessages.filter({ hasText: 'Willkommen zum Wellness-Abend' })).toBeVisible();
  await expect(panel.getByTestId('template-message')).toContainText('Duftöle');

  // Next and back, then an edit for this party only, sent as edited.
  await panel.getByRole('button', { name: 'Nächste Nachricht' }).click();
  await expect(panel.getByTestId('template-message')).toContainText('Danke fürs Dabeisein!');
  await panel.getByRole('button', { name: 'Vorherige Nachricht' }).click();
  await expect(panel.getByTestId('template-message')).toContainText('Duftöle');
  await panel.getByRole('button', { name: 'Bearbeiten' }).click();
  await panel.getByRole('textbox', { name: 'Bearbeiten' }).fill('Heute: unsere Duftöle und Tees.');
  await panel.getByRole('button', { name: 'Speichern' }).click();
  await expect(panel.getByTestId('template-message')).toContainText('Tees');
  await panel.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(guestMessages.filter({ hasText: 'Heute: unsere Duftöle und Tees.' })).toBeVisible();
  await expect(panel).toContainText('noch 1 Nachricht');
  await guest.screenshot({ path: 'test-results/template-play/guest-phone.png' });

  // A reload continues exactly there.
  await manager.reload();
  await expect(manager.getByTestId('applied-template').getByTestId('template-message')).toContainText('Danke fürs Dabeisein!');

  // Applying it again asks: restart plays it from the start.
  await manager.getByRole('button', { name: 'Vorlage', exact: true }).click();
  await manager.getByRole('dialog', { name: 'Vorlage anwenden' }).getByRole('button', { name: title }).click();
  const overwrite = manager.getByRole('alertdialog', { name: 'Vorlage schon angewendet' });
  await overwrite.getByRole('button', { name: 'Neu starten' }).click();
  await expect(panel.getByTestId('template-message')).toContainText('Willkommen zum Wellness-Abend');
  await expect(panel).toContainText('noch 3 Nachrichten');

  // The phone-sized manager sees the same panel.
  await manager.setViewportSize(SCREENS.phone.viewport);
  await manager.screenshot({ path: 'test-results/template-play/panel-phone.png' });
  await manager.setViewportSize(SCREENS.desktop.viewport);

  // Autoplay every 5 s, then the consultant's page goes away: the room plays on.
  await panel.getByRole('combobox').selectOption({ label: '5 Sekunden' });
  await panel.getByRole('button', { name: 'Abspielen' }).click();
  await expect(panel.getByRole('timer')).toContainText('Nächste Nachricht in');
  await manager.screenshot({ path: 'test-results/template-play/autoplay-desktop.png' });
  await context.close();

  await expect(guestMessages.filter({ hasText: 'Willkommen zum Wellness-Abend' })).toHaveCount(2, { timeout: 15_000 });
  await expect(guestMessages.filter({ hasText: 'Duftöle' })).toHaveCount(2, { timeout: 15_000 });
  await expect(guestMessages.filter({ hasText: 'Danke fürs Dabeisein!' })).toHaveCount(1, { timeout: 15_000 });
  await guest.screenshot({ path: 'test-results/template-play/guest-autoplay-phone.png' });
  // The restart played the template as it is: the edit was for the first playing only.
  await expect(guestMessages.filter({ hasText: 'Heute zeige ich euch unsere' })).toHaveCount(1);
  await guestContext.close();
});

test("a shared template its owner takes back stops in the recipient's party at once, and her panel says why", async ({ browser }) => {
  const ownerContext = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const owner = await ownerContext.newPage();
  await signIn(owner, 'team@lumen.test');
  const title = `Geteilter Ablauf ${Date.now()}`;
  const templateId = await makeTemplate(owner, title, [
    { messageType: 'text', message: 'Erste geteilte Nachricht' },
    { messageType: 'text', message: 'Zweite geteilte Nachricht' },
  ]);
  const call = (page: Page, method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ({ method, path, body }) => {
        const response = await fetch(`/api${path}`, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        return response.status === 204 ? null : ((await response.json()) as Record<string, string>);
      },
      { method, path, body },
    );
  const { shareToken } = (await call(owner, 'PUT', `/templates/${templateId}/share`))!;

  const context = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const manager = await context.newPage();
  await signIn(manager, 'anna@salon.test');
  await call(manager, 'POST', `/templates/share/${shareToken}`, { path: '' });
  const link = await createParty(manager, 'Geteilte Party');
  await manager.goto(link);
  await manager.getByRole('button', { name: 'Vorlage', exact: true }).click();
  await manager.getByRole('dialog', { name: 'Vorlage anwenden' }).getByRole('button', { name: title }).click();
  const panel = manager.getByTestId('applied-template');
  await expect(panel.getByTestId('template-message')).toContainText('Erste geteilte Nachricht');

  await call(owner, 'PUT', `/templates/${templateId}/revokeShare`);
  // Her page hears it from the room: no step is offered any more, only removing it.
  await expect(panel).toContainText('Wer diese Vorlage geteilt hat, hat sie zurückgezogen.', { timeout: 3000 });
  await expect(panel.getByRole('button', { name: 'Senden', exact: true })).toHaveCount(0);
  await manager.screenshot({ path: 'test-results/template-play/revoked-desktop.png' });
  await manager.setViewportSize(SCREENS.phone.viewport);
  await manager.screenshot({ path: 'test-results/template-play/revoked-phone.png' });
  await panel.getByRole('button', { name: 'Vorlage entfernen' }).click();
  await expect(panel).toHaveCount(0);
  await ownerContext.close();
  await context.close();
});

test('the consultant schedules the template to start at a time: a time past is refused, a time ahead is shown, and pausing forgets it', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const manager = await context.newPage();
  await signIn(manager, 'anna@salon.test');
  const title = `Geplanter Abend ${Date.now()}`;
  await makeTemplate(manager, title, [
    { messageType: 'text', message: 'Gleich geht es los!' },
    { messageType: 'text', message: 'Willkommen!' },
  ]);
  const link = await createParty(manager, 'Geplante Party');
  await manager.goto(link);
  await manager.getByRole('button', { name: 'Vorlage', exact: true }).click();
  await manager.getByRole('dialog', { name: 'Vorlage anwenden' }).getByRole('button', { name: title }).click();
  const panel = manager.getByTestId('applied-template');
  await expect(panel.getByTestId('template-message')).toContainText('Gleich geht es los!');

  await panel.getByRole('button', { name: 'Zeitplan…' }).click();
  const start = panel.getByRole('group', { name: 'Start der Vorlage' });
  // Suggested: ten minutes from now (the party has no start); every field is filled.
  for (const field of ['Tag', 'Monat', 'Jahr', 'Stunde', 'Minute']) await expect(start.getByLabel(field)).not.toHaveValue('');

  // Yesterday is refused, with the reason, and nothing is scheduled.
  const yesterday = new Date(Date.now() - 24 * 60 * 60_000);
  await start.getByLabel('Jahr').fill(String(yesterday.getFullYear()));
  await start.getByLabel('Monat').fill(String(yesterday.getMonth() + 1));
  await start.getByLabel('Tag').fill(String(yesterday.getDate()));
  await panel.getByRole('button', { name: 'Start planen' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Der Start muss in der Zukunft liegen.');
  await manager.setViewportSize(SCREENS.phone.viewport);
  await manager.screenshot({ path: 'test-results/template-play/schedule-form-phone.png' });
  await manager.setViewportSize(SCREENS.desktop.viewport);
  await expect(panel.getByTestId('scheduled-start')).toHaveCount(0);

  // Tomorrow at 19:30: the panel says when it starts, on a desktop and a phone.
  const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
  await start.getByLabel('Jahr').fill(String(tomorrow.getFullYear()));
  await start.getByLabel('Monat').fill(String(tomorrow.getMonth() + 1));
  await start.getByLabel('Tag').fill(String(tomorrow.getDate()));
  await start.getByLabel('Stunde').fill('19');
  await start.getByLabel('Minute').fill('30');
  await panel.getByRole('button', { name: 'Start planen' }).click();
  const day = `${String(tomorrow.getDate()).padStart(2, '0')}.${String(tomorrow.getMonth() + 1).padStart(2, '0')}.${tomorrow.getFullYear()}`;
  await expect(panel.getByTestId('scheduled-start')).toHaveText(`Startet am ${day} 19:30`);
  await expect(panel.getByRole('group', { name: 'Start der Vorlage' })).toHaveCount(0);
  await manager.screenshot({ path: 'test-results/template-play/scheduled-desktop.png' });
  await manager.setViewportSize(SCREENS.phone.viewport);
  await manager.screenshot({ path: 'test-results/template-play/scheduled-phone.png' });

  // A reload shows the same; pausing forgets the time.
  await manager.reload();
  await expect(manager.getByTestId('scheduled-start')).toHaveText(`Startet am ${day} 19:30`);
  await manager.getByTestId('applied-template').getByRole('button', { name: 'Pause' }).click();
  await expect(manager.getByTestId('scheduled-start')).toHaveCount(0);
  await expect(manager.getByTestId('applied-template')).toContainText('Pausiert');
  await context.close();
});
