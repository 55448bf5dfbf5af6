import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { HOSTILE_NAMES, HOSTILE_TEXTS, HOSTILE_TITLE } from '../fixtures/bad-input-catalogue';
import { expectNoSidewaysScroll, hostParty, joinAs, phoneContext, watchDialogs } from './helpers';

/**
 * The hostile names, texts and title that test/fixtures/bad-input-catalogue.ts lets through must
 * stay text in a real browser: in the members list, as senders, in messages, in the header, the
 * tab title and the dashboard, live and after a reload. (test/e2e/xss.spec.ts does the same for
 * message texts of the formatter's catalogue.)
 */

/** Anything the payloads would create if they were parsed as markup. */
const INJECTED = 'img[src="x"], iframe, [onerror], [onload], [onmouseover], b:text-is("Party")';

async function expectNothingInjected(page: Page) {
  await expect(page.locator(INJECTED)).toHaveCount(0);
  // A parsed <script>alert(…)</script> would leave a script element with exactly that code.
  const scripts = await page.evaluate(() =>
    [...document.scripts].map((script) => script.textContent?.trim() ?? '').filter((code) => code.startsWith('alert(')),
  );
  expect(scripts).toEqual([]);
}

const fullName = (names: { firstName: string; lastName: string }) => `${names.firstName} ${names.lastName}`;

test('hostile guest names, message texts and a party title show as plain text and run nothing', async ({ browser }) => {
  const dialogs: string[] = [];
  const { context: consultantContext, page: consultant, link } = await hostParty(browser, HOSTILE_TITLE, { viewport: { width: 1280, height: 800 } });
  watchDialogs(consultant, 'consultant', dialogs);
  await expect(consultant.getByRole('textbox', { name: 'Nachricht' })).toBeEnabled();

  // Two guests join under hostile names; the second later renames to a third.
  const [first, second, renamed] = HOSTILE_NAMES as [(typeof HOSTILE_NAMES)[0], (typeof HOSTILE_NAMES)[0], (typeof HOSTILE_NAMES)[0]];
  const guests: Page[] = [];
  for (const [index, names] of [first, second].entries()) {
    const context = await phoneContext(browser, 'de-DE');
    const page = await context.newPage();
    watchDialogs(page, `guest ${index + 1}`, dialogs);
    await joinAs(page, link, names.firstName, names.lastName);
    guests.push(page);
  }
  const members = consultant.getByTestId('members');
  for (const names of [first, second]) await expect(members).toContainText(fullName(names));

  // The guests take turns sending the hostile texts.
  for (const [index, text] of HOSTILE_TEXTS.entries()) {
    const guest = guests[index % guests.length]!;
    await guest.getByRole('textbox', { name: 'Nachricht' }).fill(text);
    await guest.getByRole('button', { name: 'Senden' }).click();
    await expect(consultant.getByTestId('message')).toHaveCount(index + 1);
  }

  const secondGuest = guests[1]!;
  await secondGuest.getByRole('button', { name: `Dein Name: ${second.firstName}` }).click();
  await secondGuest.getByRole('menuitem', { name: 'Namen ändern' }).click();
  await secondGuest.getByRole('alertdialog').getByLabel('Vorname').fill(renamed.firstName);
  await secondGuest.getByRole('alertdialog').getByLabel('Nachname').fill(renamed.lastName);
  await secondGuest.getByRole('alertdialog').getByRole('button', { name: 'Speichern' }).click();
  await expect(members).toContainText(fullName(renamed));

  const texts = (page: Page) =>
    page
      .getByTestId('message')
      .locator('span.whitespace-pre-wrap')
      .evaluateAll((spans) => spans.map((span) => span.textContent));
  const senders = HOSTILE_TEXTS.map((_, index) => fullName(index % 2 === 0 ? first : second));
  const check = async (page: Page) => {
    await expectNothingInjected(page);
    // None of the texts holds an http(s) URL, so none may become a link (javascript:, data:, vbscript:).
    await expect(page.locator('[role=log] a')).toHaveCount(0);
    expect(await texts(page)).toEqual(HOSTILE_TEXTS);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_TITLE);
    await expectNoSidewaysScroll(page);
  };
  await check(consultant);
  for (const guest of guests) await check(guest);
  // Each sender's name, as text, above their messages (as the others see them).
  for (const name of new Set(senders)) await expect(consultant.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(members.getByText(fullName(first), { exact: false })).toBeVisible();
  expect(await guests[0]!.evaluate(() => document.title)).toContain(`${HOSTILE_TITLE} · Salon`);

  // After a reload, from the history; and the dashboard's card.
  await consultant.reload();
  await expect(consultant.getByTestId('message')).toHaveCount(HOSTILE_TEXTS.length);
  await check(consultant);
  await expect(consultant.getByTestId('members')).toContainText(fullName(renamed));
  await consultant.goto('/parties');
  await expect(consultant.getByTestId('party-card').filter({ hasText: HOSTILE_TITLE })).toBeVisible();
  await expectNothingInjected(consultant);
  // The long unbroken title and host wrap on a phone-wide dashboard instead of widening the page.
  await consultant.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(consultant, 'the dashboard at 390 px');

  // Anything that would fire late (an image's error handler, a timer) has had its chance.
  await consultant.waitForTimeout(500);
  expect(dialogs).toEqual([]);

  for (const guest of guests) await guest.context().close();
  await consultantContext.close();
});
