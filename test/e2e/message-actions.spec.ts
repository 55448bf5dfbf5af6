import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { hostParty, joinAs, phoneContext } from './helpers';

async function say(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill(text);
  await page.getByRole('button', { name: /Senden|Änderung speichern/ }).click();
}

function message(page: Page, text: string) {
  return page.getByTestId('message').filter({ hasText: text });
}

async function menu(page: Page, text: string, action: string) {
  const item = message(page, text);
  await item.hover();
  await item.getByRole('button', { name: 'Aktionen für die Nachricht' }).click();
  await item.getByRole('menuitem', { name: action }).click();
}

test('reply, edit, delete, headings with contents, and seen by N of M', async ({ browser }) => {
  const { context: managerContext, page: manager, link } = await hostParty(browser, 'Alles-Party', { viewport: { width: 1280, height: 900 } });

  const guests = await Promise.all(
    ['Ada', 'Ben', 'Cleo'].map(async (name) => {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      await joinAs(page, link, name);
      return { context, page };
    }),
  );
  const [ada, ben, cleo] = guests.map((guest) => guest.page) as [Page, Page, Page];

  // Headings feed the contents; a click there scrolls to the heading. The field has the focus, and
  // keeps it while the manager types and a guest's message arrives meanwhile.
  await manager.getByRole('button', { name: 'Überschrift einfügen' }).click();
  const headingText = manager.getByLabel('Text der Überschrift');
  await expect(headingText).toBeFocused();
  await headingText.pressSequentially('Begrü');
  await say(cleo, 'Bin schon da');
  await expect(message(manager, 'Bin schon da')).toBeVisible();
  await manager.keyboard.type('ßung');
  await expect(headingText).toHaveValue('Begrüßung');
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Einfügen' }).click();
  await expect(manager.getByTestId('contents')).toHaveText(/Begrüßung/);
  await expect(ada.getByRole('heading', { name: 'Begrüßung' })).toBeVisible();

  // Seen by everyone: every guest's page is open and visible, so all three see it.
  await say(manager, 'Hallo an alle');
  await expect(message(manager, 'Hallo an alle').getByTestId('receipts')).toHaveText('Von allen gesehen');
  await message(manager, 'Hallo an alle').getByTestId('receipts').click();
  await expect(manager.getByRole('alertdialog')).toContainText('Gesehen (3)');
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Schließen' }).click();

  // Reply: the quote shows who and what was answered.
  await menu(ada, 'Hallo an alle', 'Antworten');
  await expect(ada.getByTestId('input-mode')).toContainText('Antwort an Anna');
  await say(ada, 'Hallo Anna!');
  await expect(message(ben, 'Hallo Anna!').getByTestId('reply-quote')).toContainText('Hallo an alle');

  // Edit own message: everyone sees the new text, marked as edited.
  await menu(ada, 'Hallo Anna!', 'Bearbeiten');
  await expect(ada.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('Hallo Anna!');
  await say(ada, 'Hallo Anna, schön hier!');
  await expect(message(cleo, 'schön hier')).toContainText('bearbeitet');

  // A guest has no edit or delete on someone else's message; she may report it (ADR 064).
  const other = message(ben, 'schön hier');
  await other.hover();
  await other.getByRole('button', { name: 'Aktionen für die Nachricht' }).click();
  await expect(other.getByRole('menuitem')).toHaveText(['Antworten', 'Melden']);

  // The manager deletes it: a placeholder for everyone.
  await menu(manager, 'schön hier', 'Löschen');
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(message(ada, 'Diese Nachricht wurde gelöscht.')).toBeVisible();
  await expect(ada.getByText('schön hier')).toHaveCount(0);

  // Deleting the heading removes it from the contents.
  await menu(manager, 'Begrüßung', 'Löschen');
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(manager.getByText('Noch keine Überschriften.')).toBeVisible();
  await expect(ada.getByText('Überschrift gelöscht')).toBeVisible();

  for (const guest of guests) await guest.context.close();
  await managerContext.close();
});
