import { describe, expect, it } from 'vitest';
import { FIRST_MENU_PATH } from '../../app/core/workspace';
import { safeReturnTo } from '../../worker/http/return-to';
import { RETURN_TARGETS } from '../fixtures/bad-input-catalogue';

const request = new Request('https://salon.test/login');

describe('safeReturnTo', () => {
  for (const target of RETURN_TARGETS) {
    it(`${target.name}: ${target.query}`, () => {
      const decoded = new URLSearchParams(`returnTo=${target.query}`).get('returnTo');
      const result = safeReturnTo(decoded, request);
      expect(result).toBe(target.lands ?? FIRST_MENU_PATH);
      // Whatever it lands on, a browser reads it as a path of this site.
      expect(new URL(result, 'https://salon.test').origin).toBe('https://salon.test');
      expect(result).toMatch(/^\/(?![/\\])/);
      expect(result).not.toMatch(/[\u0000-\u001F\u007F\\]/);
    });
  }

  it('nothing asked for: the first menu item', () => {
    expect(safeReturnTo(null, request)).toBe(FIRST_MENU_PATH);
    expect(safeReturnTo(undefined, request)).toBe(FIRST_MENU_PATH);
  });
});
