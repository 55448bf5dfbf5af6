import { expect, test } from './diagnostics';
import { hostParty, phoneContext } from './helpers';
import { measureFirstLoad, transferTotals } from '../bench/first-load.mjs';

/**
 * A new guest's first load of a party link, counted as the phone receives it: the script bytes
 * that came over the wire (compressed, with their headers) before the join dialog became usable.
 * Bytes do not depend on timing for a given build, so this is stable; the bench prints the same
 * figure with the rest (test/bench/first-load.mjs, ADR 027).
 */
const SCRIPT_BUDGET = 150 * 1024;

test('a new guest receives less than 150 KB of script before the join dialog is usable', async ({ browser }) => {
  const host = await hostParty(browser, 'Erster Besuch');
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const { files, form } = await measureFirstLoad(page, new URL(host.link, host.page.url()).href);
  await expect(form.getByRole('button', { name: 'Party beitreten' })).toBeEnabled();

  const script = transferTotals(files, (file) => file.beforeUsable).script ?? { files: 0, wire: 0, body: 0, decoded: 0 };
  const scripts = files.filter((file) => file.beforeUsable && file.kind === 'script');
  const listing = [
    ...scripts.map((file) => `${file.path} ${file.wire} (${file.encoding}, body ${file.body})`),
    `${scripts.length} files, ${script.wire} bytes on the wire, ${script.body} of them bodies`,
  ].join('\n');
  test.info().annotations.push({ type: 'script before the join dialog is usable', description: `${script.wire} bytes on the wire in ${script.files} files` });
  // Compressed on the wire: a budget in gzip bytes means nothing if the server sent them plain.
  expect(
    scripts.filter((file) => file.encoding === 'none'),
    listing,
  ).toEqual([]);
  expect(script.wire, `script transferred before the join dialog was usable:\n${listing}`).toBeLessThan(SCRIPT_BUDGET);
  await context.close();
  await host.context.close();
});
