import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { SCREENS, createParty, joinAs, phoneContext, signIn } from './helpers';
import { ROSTER } from '../../app/core/roster';

/**
 * A party larger than a full roster (app/core/roster.ts): a guest's page knows the count and the
 * first page, and pages in the rest as she scrolls; the manager's knows everyone. Either way the
 * guests list is virtualised: a few dozen rows in the DOM, however large the party.
 */

const SHOTS = 'test-results/large-party';
const GUESTS = ROSTER.fullMax + 20;
/** What the DOM may hold of the list at any time: the rows in view and the overscan. */
const ROWS_MAX = 60;
const guestName = (n: number) => `Gast${String(n).padStart(3, '0')}`;

/** `count` guests join through the API at once, as many phones do (each a client of its own, without cookies). */
async function joinGuests(baseURL: string, partyId: string, count: number): Promise<void> {
  for (let first = 1; first <= count; first += 20) {
    const batch = Array.from({ length: Math.min(20, count - first + 1) }, (_, i) => first + i);
    const statuses = await Promise.all(
      batch.map(async (n) => {
        const response = await fetch(`${baseURL}/api/parties/${partyId}/join`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ firstName: guestName(n), lastName: 'Test' }),
        });
        return response.status;
      }),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
  }
}

/** Scrolls the column the guests list is in (the page's side column, the whole screen on a phone's tab). */
function scrollColumn(members: Locator, to: number | 'end'): Promise<{ top: number; height: number; end: boolean }> {
  return members.evaluate((list, to) => {
    let column = list.parentElement;
    while (column && getComputedStyle(column).overflowY !== 'auto') column = column.parentElement;
    if (!column) throw new Error('the guests list has no scrolling column');
    column.scrollTo({ top: to === 'end' ? column.scrollHeight : to });
    return { top: column.scrollTop, height: column.clientHeight, end: column.scrollTop + column.clientHeight >= column.scrollHeight - 1 };
  }, to);
}

/** The rows in the DOM, as their place in the list and their text. */
function drawnRows(members: Locator): Promise<{ at: number; of: number; text: string }[]> {
  return members
    .locator('li')
    .evaluateAll((items) =>
      items.map((item) => ({ at: Number(item.getAttribute('aria-posinset')), of: Number(item.getAttribute('aria-setsize')), text: item.textContent ?? '' })),
    );
}

/**
 * Scrolls through the whole list from its top, one view at a time, and returns every row met, by
 * its place; never more than ROWS_MAX rows are in the DOM.
 */
async function walk(page: Page, members: Locator): Promise<Map<number, string>> {
  const met = new Map<number, string>();
  let top = 0;
  for (let step = 0; step < 100; step++) {
    const view = await scrollColumn(members, top);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const rows = await drawnRows(members);
    expect(rows.length).toBeLessThan(ROWS_MAX);
    for (const row of rows) met.set(row.at, row.text);
    if (view.end) break;
    top = view.top + view.height;
  }
  return met;
}

/** Scrolling through the list from its top meets every member of the party, each once. */
async function expectEveryoneOnce(page: Page, members: Locator): Promise<void> {
  const met = [...(await walk(page, members)).values()];
  for (let n = 1; n <= GUESTS; n++)
    expect(
      met.filter((text) => text.includes(`${guestName(n)} Test`)),
      guestName(n),
    ).toHaveLength(1);
  expect(met).toHaveLength(TOTAL);
}

/** The manager with a party of GUESTS guests who joined through the API, and a guest, Lea, who joins on a phone. */
async function largeParty(browser: Browser, baseURL: string) {
  const managerContext = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const manager = await managerContext.newPage();
  await signIn(manager, 'anna@salon.test');
  // Its own title: a retry signs in as the same consultant, whose list keeps the first try's party.
  const link = await createParty(manager, `Große Party ${Math.random().toString(36).slice(2, 8)}`);
  const info = (await (await manager.request.get(`/api/parties${link}`)).json()) as { id: string };
  await joinGuests(baseURL, info.id, GUESTS);
  await manager.goto(link);
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Lea', 'Handy');
  return {
    manager,
    guest,
    close: async () => {
      await guestContext.close();
      await managerContext.close();
    },
  };
}

/** Everyone: the guests, Lea and the manager. */
const TOTAL = GUESTS + 2;

/** Lea opens the guests tab and scrolls to the end of what is known until the room has no more to page in. */
async function pageThrough(guest: Page): Promise<Locator> {
  const members = guest.getByTestId('members');
  const more = guest.getByRole('button', { name: 'Weitere Gäste laden' });
  // While a page is on its way the button says so instead: that is not the end of the roster.
  const loading = guest.getByRole('button', { name: 'Wird geladen …' });
  const moreToCome = async () => {
    await expect(loading).toHaveCount(0);
    return more.isVisible();
  };
  let known: number = ROSTER.page;
  for (let page = 0; page < 5 && (await moreToCome()); page++) {
    await scrollColumn(members, 'end');
    await expect.poll(async () => Math.max(...(await drawnRows(members)).map((row) => row.at))).toBeGreaterThan(known);
    const rows = await drawnRows(members);
    expect(rows.length).toBeLessThan(ROWS_MAX);
    known = Math.max(...rows.map((row) => row.at));
    if (page === 0) await guest.screenshot({ path: `${SHOTS}/guests-paged-phone.png` });
  }
  await expect(loading).toHaveCount(0);
  await expect(more).toHaveCount(0);
  return members;
}

test('a party of more than a full roster: a guest on a phone sees the count and pages in the rest as she scrolls, the manager on a desktop sees everyone; the list stays short in the DOM', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { manager, guest, close } = await largeParty(browser, baseURL!);

  // The phone's tab counts everyone, not the first page the room sent; the manager and Lea are online.
  const tab = guest.getByRole('tab', { name: new RegExp(`^Gäste \\(${TOTAL}\\) 2 online$`) });
  await expect(tab).toBeVisible();
  await tab.click();
  const members = guest.getByTestId('members');
  await expect(guest.getByRole('heading', { name: `Gäste (${TOTAL}) · 2 online` })).toBeVisible();
  await expect(members.locator('li').first()).toContainText('Anna');
  await expect(members.locator('li', { hasText: 'Lea Handy (Du)' })).toContainText('online');
  const rows = await drawnRows(members);
  expect(rows.length).toBeGreaterThan(10);
  expect(rows.length).toBeLessThan(ROWS_MAX);
  expect(rows.every((row) => row.of === TOTAL)).toBe(true);
  await expect(guest.getByRole('button', { name: 'Weitere Gäste laden' })).toBeVisible();
  await guest.screenshot({ path: `${SHOTS}/guests-tab-phone.png` });
  await scrollColumn(await pageThrough(guest), 'end');
  await guest.screenshot({ path: `${SHOTS}/guests-end-phone.png` });

  // The manager's page has the whole roster from the start: no paging, the same short DOM, and her actions on every guest.
  const managerMembers = manager.getByTestId('members');
  await expect(manager.getByRole('heading', { name: `Gäste (${TOTAL}) · 2 online` })).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Weitere Gäste laden' })).toHaveCount(0);
  await expect(managerMembers.getByRole('button', { name: `Entfernen: ${guestName(1)} Test` })).toBeVisible();
  await manager.screenshot({ path: `${SHOTS}/guests-manager-desktop.png` });
  await expectEveryoneOnce(manager, managerMembers);
  await expect(managerMembers.getByRole('button', { name: `Moderation übertragen: ${guestName(GUESTS)} Test` })).toBeEnabled();
  await manager.screenshot({ path: `${SHOTS}/guests-manager-end-desktop.png` });

  // Her buttons are reached by keyboard past the rows first drawn: a Tab onto a row of the overscan
  // scrolls it into view, which draws the next ones.
  await scrollColumn(managerMembers, 0);
  await managerMembers.getByRole('button', { name: `Moderation übertragen: ${guestName(1)} Test` }).focus();
  for (let i = 0; i < 60; i++) await manager.keyboard.press('Tab');
  const focused = manager.locator(':focus');
  await expect(focused).toHaveAccessibleName(`Moderation übertragen: ${guestName(31)} Test`);
  await expect(focused).toBeInViewport();
  expect((await drawnRows(managerMembers)).length).toBeLessThan(ROWS_MAX);
  await close();
});

test('paging a large roster brings every member once', async ({ browser, baseURL }) => {
  // The welcome's first page (herself among the first 50) is not a page of the room's order; paging
  // that counted it skipped the 50th member of that order (app/core/member-list.ts memberPaging).
  test.setTimeout(120_000);
  const { guest, close } = await largeParty(browser, baseURL!);
  try {
    await guest.getByRole('tab', { name: /^Gäste/ }).click();
    await expect(guest.getByRole('heading', { name: new RegExp(`^Gäste \\(${TOTAL}\\)`) })).toBeVisible();
    const members = await pageThrough(guest);
    await expectEveryoneOnce(guest, members);
  } finally {
    await close();
  }
});
