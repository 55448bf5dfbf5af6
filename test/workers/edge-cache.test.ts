import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CACHE_HEADER } from '../../worker/http/edge-cache';
import { ORIGIN, api, createConsultant, createParty, guestCookie, joinGuest, json, sessionCookie } from './fixtures';

/**
 * Public pages from the edge cache (worker/http/edge-cache.ts, ADR 049): the landing pages, the FAQ
 * and public profile pages, as visitors without a session see them, kept per address, language and
 * what the page offers the visitor; a fresh nonce on every answer; never a page of someone signed
 * in, in either direction; a profile's edit starts its page afresh.
 */

function visit(path: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, { headers: { Accept: 'text/html', ...headers } });
}

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await visit(path, headers);
  const text = await response.text();
  const policyNonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
  const pageNonces = new Set([...text.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
  return { status: response.status, cache: response.headers.get(CACHE_HEADER), text, policyNonce, pageNonces };
}

/** The page without its nonces, to compare two answers. */
const content = (text: string) => text.replaceAll(/nonce="[^"]+"/g, 'nonce=""');

describe('public pages from the edge cache', () => {
  it("a visitor's FAQ page is kept and answered from the cache, each answer with a nonce of its own in the page and its policy", async () => {
    const first = await page('/faq/entry/join-a-party');
    const second = await page('/faq/entry/join-a-party');
    expect([first.status, first.cache, second.status, second.cache]).toEqual([200, 'miss', 200, 'hit']);
    expect(content(second.text)).toBe(content(first.text));
    for (const answer of [first, second]) {
      expect(answer.pageNonces.size).toBe(1);
      expect([...answer.pageNonces][0]).toBe(answer.policyNonce);
    }
    expect(second.policyNonce).not.toBe(first.policyNonce);
  });

  it('keeps a copy per language and per what the page offers the visitor', async () => {
    await page('/');
    expect((await page('/')).cache).toBe('hit');
    const english = await page('/', { 'Accept-Language': 'en' });
    expect(english.cache).toBe('miss');
    expect(english.text).toContain('lang="en"');
    expect((await page('/', { 'Accept-Language': 'en' })).cache).toBe('hit');
    // The cookie notice dismissed: the page without it is another copy.
    const noted = await page('/', { Cookie: 'salon_cookies_noted=1' });
    expect(noted.cache).toBe('miss');
    // A phone is offered the app: another copy again.
    const iphone = await page('/', { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' });
    expect(iphone.cache).toBe('miss');
  });

  it('a page of someone signed in is never answered from the cache nor kept for anyone else', async () => {
    const consultant = await createConsultant({ name: 'Zelda' });
    const anonymousFirst = await page('/faq');
    expect(anonymousFirst.cache).toBe('miss');
    // Hers is the FAQ inside her workspace, with her name: never from the cache…
    const hers = await page('/faq', sessionCookie(consultant));
    expect(hers.cache).toBeNull();
    expect(hers.text).toContain('Zelda');
    // …and never kept: the next visitor gets the public page.
    const visitor = await page('/faq');
    expect(visitor.cache).toBe('hit');
    expect(visitor.text).not.toContain('Zelda');
    // A guest's key or the app's credentials: not from the cache either.
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    expect((await page('/faq', guestCookie(guest))).cache).toBeNull();
    expect((await page('/faq', { Authorization: `Bearer ${consultant.accessToken}` })).cache).toBeNull();
  });

  it("a profile's edit starts its public page afresh", async () => {
    const consultant = await createConsultant({ name: 'Paula' });
    const [profileId] = consultant.profileIds;
    const { shortId } = await json<{ shortId: string }>(await api(`/profile/${profileId}`, { headers: consultant.headers }));
    const before = await page(`/p/${shortId}`);
    expect(before.cache).toBe('miss');
    expect((await page(`/p/${shortId}`)).cache).toBe('hit');
    const edited = await api(`/profile/${profileId}`, {
      method: 'PUT',
      headers: consultant.headers,
      body: { firstName: 'Paula', lastName: 'Berater', biography: 'Neu: Duftkerzen' },
    });
    expect(edited.status).toBe(200);
    const after = await page(`/p/${shortId}`);
    expect(after.cache).toBe('miss');
    expect(after.text).toContain('Neu: Duftkerzen');
  });

  it('only the public pages, without a query: the rest is rendered for each request', async () => {
    expect((await page('/faq?q=party')).cache).toBeNull();
    expect((await page('/login')).cache).toBeNull();
  });
});
