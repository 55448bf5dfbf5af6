import { expect, test } from './diagnostics';
import { partyWithPlayedCards } from './helpers';

/**
 * Product cards and polls (ADR 044): the consultant plays a template with a product card and a quiz
 * into a party; two guests on phones want the product and vote; the manager sees who, live,
 * closes the quiz, and everyone sees its answer and the results.
 */

test('a template plays a product card and a quiz; guests on phones want and vote; the manager sees who and closes the quiz', async ({ browser }) => {
  test.setTimeout(120_000);
  const { manager, rosa, lena, contexts } = await partyWithPlayedCards(browser, 'Karten-Party');

  // Each guest wants the product and answers the quiz; the line under it says the consultant sees her name.
  for (const [guest, answer] of [
    [rosa, 'Aloe-Vera-Gel'],
    [lena, 'Honig-Balsam'],
  ] as const) {
    const product = guest.getByTestId('product-card');
    await expect(product.getByTestId('product-title')).toHaveText('Rosenblüten-Creme');
    await expect(product).toContainText('24,90');
    await expect(product.getByTestId('card-notice').getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/privacy');
    await product.getByRole('button', { name: 'Das möchte ich' }).click();
    await expect(product).toContainText('Gemerkt: das möchtest du');
    const quiz = guest.getByTestId('poll-card');
    await quiz.getByRole('button', { name: new RegExp(answer) }).click();
    await expect(quiz.getByRole('button', { name: new RegExp(answer) })).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(rosa.getByTestId('product-card').getByTestId('want-count')).toHaveText('2 möchten das');
  await rosa.screenshot({ path: 'test-results/cards/guest-phone.png' });

  // The manager sees who, live, and no buttons of her own.
  const product = manager.getByTestId('product-card');
  await expect(product.getByTestId('wanted-by')).toContainText('Rosa Gast');
  await expect(product.getByTestId('wanted-by')).toContainText('Lena Gast');
  await expect(product.getByRole('button', { name: 'Das möchte ich' })).toHaveCount(0);
  const quiz = manager.getByTestId('poll-card');
  await expect(quiz.getByTestId('voted-by').nth(1)).toHaveText('Rosa Gast');
  await expect(quiz.getByTestId('voted-by').nth(0)).toHaveText('Lena Gast');
  await manager.screenshot({ path: 'test-results/cards/manager-desktop.png' });

  // Rosa takes hers back: the manager's list follows.
  await rosa.getByTestId('product-card').getByRole('button', { name: 'Zurücknehmen' }).click();
  await expect(product.getByTestId('wanted-by')).toHaveText('Möchten das: Lena Gast');

  // Closing reveals the answer to everyone; a closed quiz takes no more votes.
  await quiz.getByRole('button', { name: 'Umfrage beenden' }).click();
  const rosaQuiz = rosa.getByTestId('poll-card');
  await expect(rosaQuiz).toContainText('Beendet');
  await expect(rosaQuiz.getByTestId('poll-option').nth(1)).toContainText('✓ Aloe-Vera-Gel');
  await expect(rosaQuiz.getByRole('button')).toHaveCount(0);
  await rosaQuiz.scrollIntoViewIfNeeded();
  await rosa.screenshot({ path: 'test-results/cards/guest-phone-closed.png' });
  await expect(quiz).toContainText('Beendet');

  // A reload shows the same state (the room sends it after the welcome).
  await lena.reload();
  await expect(lena.getByTestId('product-card')).toContainText('Gemerkt: das möchtest du');
  await expect(lena.getByTestId('poll-card').getByTestId('poll-option').nth(0)).toContainText('1 Stimme');
  for (const open of contexts) await open.close();
});
