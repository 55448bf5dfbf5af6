import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { XSS_CATALOGUE } from '../fixtures/xss-catalogue';
import { hostParty, joinAs, phoneContext, watchDialogs } from './helpers';

const PAYLOADS = XSS_CATALOGUE.filter((entry) => entry.e2e);
const HOSTILE_ELEMENTS = '[role=log] script, [role=log] img, [role=log] iframe, [role=log] [onerror], [role=log] [onload], [role=log] [onmouseover]';

/** The consultant's view of the log: no injected elements, and only http(s) links, opened safely. */
async function expectHarmlessLog(page: Page) {
  await expect(page.locator(HOSTILE_ELEMENTS)).toHaveCount(0);
  const links = await page.locator('[role=log] a').evaluateAll((anchors) =>
    anchors.map((anchor) => ({ href: anchor.getAttribute('href'), rel: anchor.getAttribute('rel'), target: anchor.getAttribute('target') })),
  );
  for (const link of links) {
    expect(link.href).toMatch(/^https?:\/\//);
    expect(link.rel).toBe('noopener noreferrer nofollow ugc');
    expect(link.target).toBe('_blank');
  }
  return links;
}

/** Each message's text exactly as the DOM holds it (the formatted span, not the sender or time). */
async function messageTexts(page: Page) {
  return page.getByTestId('message').locator('span.whitespace-pre-wrap').evaluateAll((spans) => spans.map((span) => span.textContent));
}

test('hostile messages from a guest show as plain text on the consultant’s screen and run nothing', async ({ browser }) => {
  expect(PAYLOADS.length).toBeGreaterThanOrEqual(8);
  const dialogs: string[] = [];

  const { context: consultantContext, page: consultant, link } = await hostParty(browser, 'Sicherheits-Party');
  watchDialogs(consultant, 'consultant', dialogs);
  await expect(consultant.getByRole('textbox', { name: 'Nachricht' })).toBeEnabled();

  const guestContext = await phoneContext(browser, 'de-DE');
  const guest = await guestContext.newPage();
  watchDialogs(guest, 'guest', dialogs);
  await joinAs(guest, link, 'Mallory', 'Böse');
  await expect(consultant.getByTestId('members')).toContainText('Mallory Böse');

  const guestInput = guest.getByRole('textbox', { name: 'Nachricht' });
  for (const [index, payload] of PAYLOADS.entries()) {
    await guestInput.fill(payload.input);
    await guest.getByRole('button', { name: 'Senden' }).click();
    await expect(consultant.getByTestId('message'), payload.name).toHaveCount(index + 1);
    await expect(guest.getByTestId('message'), payload.name).toHaveCount(index + 1);
  }

  const expected = PAYLOADS.map((payload) => payload.input);
  const expectedLinks = PAYLOADS.flatMap((payload) => payload.links ?? []);
  for (const page of [consultant, guest]) {
    expect((await expectHarmlessLog(page)).map((anchor) => anchor.href)).toEqual(expectedLinks);
    expect(await messageTexts(page)).toEqual(expected);
  }
  await expect(consultant.getByText('<script>alert(1)</script>', { exact: true })).toBeVisible();
  await expect(consultant.getByText('<img src=x onerror=alert(1)>', { exact: true })).toBeVisible();

  // The same after a reload, when the history arrives afresh.
  await consultant.reload();
  await expect(consultant.getByTestId('message')).toHaveCount(PAYLOADS.length);
  expect((await expectHarmlessLog(consultant)).map((anchor) => anchor.href)).toEqual(expectedLinks);
  expect(await messageTexts(consultant)).toEqual(expected);

  // Give anything that would fire late (an image's error handler, a timer) the chance to.
  await consultant.waitForTimeout(500);
  expect(dialogs).toEqual([]);

  await guestContext.close();
  await consultantContext.close();
});

test('formatting markers and links render as elements', async ({ browser }) => {
  const { context: consultantContext, page: consultant, link } = await hostParty(browser, 'Format-Party');
  await expect(consultant.getByRole('textbox', { name: 'Nachricht' })).toBeEnabled();

  const guestContext = await phoneContext(browser, 'de-DE');
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Frieda', 'Format');

  await guest.getByRole('textbox', { name: 'Nachricht' }).fill('*fett* _kursiv_ ~durch~ https://example.com/x');
  await guest.getByRole('button', { name: 'Senden' }).click();

  const message = consultant.getByTestId('message');
  await expect(message).toHaveCount(1);
  await expect(message.locator('strong')).toHaveText('fett');
  await expect(message.locator('em')).toHaveText('kursiv');
  await expect(message.locator('s')).toHaveText('durch');
  const anchor = message.locator('a');
  await expect(anchor).toHaveText('https://example.com/x');
  await expect(anchor).toHaveAttribute('href', 'https://example.com/x');
  await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(anchor).toHaveAttribute('target', '_blank');
  expect(await messageTexts(consultant)).toEqual(['fett kursiv durch https://example.com/x']);

  await guestContext.close();
  await consultantContext.close();
});
