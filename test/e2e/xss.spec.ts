import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { XSS_CATALOGUE } from '../fixtures/xss-catalogue';
import { hostParty, joinAs, phoneContext, watchDialogs } from './helpers';

const PAYLOADS = XSS_CATALOGUE.filter((entry) => entry.e2e);
const HOSTILE_ELEMENTS = '[role=log] script, [role=log] img, [role=log] iframe, [role=log] [onerror], [role=log] [onload], [role=log] [onmouseover]';

/** The consultant's view of the log: no injected elements, and only http(s) links, opened safely. */
async function expectHarmlessLog(page: Page) {
  await expect(page.locator(HOSTILE_ELEMENTS)).toHaveCount(0);
  const links = await page
    .locator('[role=log] a')
    .evaluateAll((anchors) =>
      anchors.map((anchor) => ({ href: anchor.getAttribute('href'), rel: anchor.getAttribute('rel'), target: anchor.getAttribute('target') })),
    );
  for (const link of links) {
    expect(link.href).toMatch(/^https?:\/\//);
    expect(link.rel).toBe('noopener noreferrer nofollow ugc');
    expect(link.target).toBe('_blank');
  }
  return links;
}

/** The rendered messages' texts exactly as the DOM holds them (the formatted span, not the sender or time), by seq. */
async function messageTexts(page: Page): Promise<[string, string | null][]> {
  return page
    .getByTestId('message')
    .evaluateAll((items) => items.map((item) => [item.getAttribute('data-seq')!, item.querySelector('span.whitespace-pre-wrap')?.textContent ?? null]));
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

  // The list is virtualised (only rows near the screen are in the DOM), so each payload is checked
  // as the newest message the moment it arrives, on both screens.
  const guestInput = guest.getByRole('textbox', { name: 'Nachricht' });
  for (const payload of PAYLOADS) {
    await guestInput.fill(payload.input);
    await guest.getByRole('button', { name: 'Senden' }).click();
    for (const page of [consultant, guest]) {
      const newest = page.getByTestId('message').last().locator('span.whitespace-pre-wrap');
      await expect(newest, payload.name).toHaveText(payload.input, { useInnerText: false });
      const links = await expectHarmlessLog(page);
      for (const href of payload.links ?? [])
        expect(
          links.map((anchor) => anchor.href),
          payload.name,
        ).toContain(href);
    }
  }

  // The same after a reload, when the history arrives afresh: walk the log from the top down.
  await consultant.reload();
  await expect(consultant.getByTestId('message').last().locator('span.whitespace-pre-wrap')).toHaveText(PAYLOADS.at(-1)!.input, { useInnerText: false });
  const seen = new Map<string, string | null>();
  const log = consultant.getByRole('log');
  for (let top = 0; ; top += 300) {
    await log.evaluate((element, y) => element.scrollTo({ top: y }), top);
    await consultant.waitForTimeout(50);
    await expectHarmlessLog(consultant);
    for (const [seq, text] of await messageTexts(consultant)) seen.set(seq, text);
    if (await log.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 1)) break;
  }
  expect([...seen.values()]).toEqual(PAYLOADS.map((payload) => payload.input));

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
  expect((await messageTexts(consultant)).map(([, text]) => text)).toEqual(['fett kursiv durch https://example.com/x']);

  await guestContext.close();
  await consultantContext.close();
});
