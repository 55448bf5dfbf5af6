import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { screens, settled, signIn } from './helpers';

/**
 * The trash behaves one way in both libraries (ADR 028): an entry goes to the trash at once, and
 * the notice (announced, role=status) offers "Rückgängig", which the keyboard reaches at once (the
 * trashed card took the focus with it) and which puts the entry back where it was: the same
 * folder, the same place among the others.
 */

test.use({ locale: 'de-DE' });

const SHOTS = 'test-results/library-undo';

/** Entries made through the API as the page's own script would; answers the new entry's id. */
async function post(page: Page, url: string, data: Record<string, unknown>): Promise<string> {
  const response = await page.request.post(url, { headers: { Origin: new URL(page.url()).origin }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

const titlesOf = (page: Page, testId: string) => page.getByTestId(testId).getByRole('heading').allTextContents();

/** Opens the entry's menu and trashes it by keyboard alone. */
async function trashByKeyboard(page: Page, testId: string, title: string) {
  const card = page.getByTestId(testId).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await card.getByRole('button', { name: `Aktionen für ${title}` }).focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'In den Papierkorb' });
  await expect(item).toBeVisible();
  await item.focus();
  await page.keyboard.press('Enter');
}

for (const [screen, options] of screens('phone', 'desktop')) {
  for (const library of [
    { name: 'media', page: '/media', cards: 'media-card', api: '/api/media' },
    { name: 'templates', page: '/templates', cards: 'template-card', api: '/api/templates' },
  ] as const) {
    test(`${library.name} on a ${screen}: trashed at once, Undo puts it back in its folder at its place`, async ({ browser }) => {
      const context = await browser.newContext({ ...options, locale: 'de-DE' });
      const page = await context.newPage();
      await signIn(page, 'anna@salon.test');
      // Titles no other spec searches for (they look for words like "desktop" among anna's entries).
      const stamp = `${screen === 'phone' ? 'P' : 'D'}${Date.now().toString(36)}`;
      const folderId = await post(page, `${library.api}/folder`, { title: `Rückgängig ${stamp}`, path: '' });
      const titles = ['Erstes', 'Zweites', 'Drittes'].map((word) => `${word} ${stamp}`);
      for (const title of titles) {
        if (library.name === 'media') await post(page, '/api/media', { title, path: folderId, contentType: 'image/jpeg', size: 1000 });
        else await post(page, '/api/templates/create', { title, path: folderId });
      }

      await page.goto(`${library.page}#${folderId.slice(0, 8)}`);
      await settled(page);
      await expect(page.getByTestId(library.cards)).toHaveCount(3);
      const before = await titlesOf(page, library.cards);
      const middle = before[1]!;

      await trashByKeyboard(page, library.cards, middle);
      // No question first: the card leaves and the notice says so, with the way back.
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      const notice = page.getByRole('status').filter({ hasText: `„${middle}“ liegt jetzt im Papierkorb.` });
      await expect(notice).toBeVisible();
      await expect(page.getByTestId(library.cards)).toHaveCount(2);
      const undo = notice.getByRole('button', { name: 'Rückgängig' });
      await expect(undo).toBeFocused();
      await page.screenshot({ path: `${SHOTS}/${library.name}-undo-${screen}.png` });

      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: `„${middle}“ ist wiederhergestellt.` })).toBeVisible();
      await expect(page.getByTestId(library.cards)).toHaveCount(3);
      expect(await titlesOf(page, library.cards)).toEqual(before);
      // Out of the trash for good: a reload shows it in its folder, the trash does not hold it.
      await page.reload();
      await expect(page.getByTestId(library.cards)).toHaveCount(3);
      expect(await titlesOf(page, library.cards)).toEqual(before);
      const trash = await (await page.request.get(`${library.api}/trash`)).json();
      expect(trash.map((entry: { title: string }) => entry.title)).not.toContain(middle);
      await context.close();
    });
  }
}
