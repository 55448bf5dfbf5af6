import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAND_IN_HOST } from './stream-stand-in';
import { ORIGIN, api, createConsultant, createParty, fetchInPlace, html, page, sessionCookie } from './fixtures';

/**
 * The security headers of HTML pages (worker/http/page-headers.ts, ADR 019): a strict
 * Content-Security-Policy whose nonce is new for every response and is the one every inline script
 * of that page carries, and the headers around it. JSON, files and Remix's data are not pages and
 * keep what they had. The report endpoint logs and answers 204.
 */

/** The policy's directives by name. */
function directives(response: Response): Map<string, string[]> {
  const policy = response.headers.get('Content-Security-Policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The page's nonce from its policy, after checking the policy is the strict one. */
function expectStrictPolicy(response: Response, what: string): string {
  const policy = directives(response);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts, what).toContain("'self'");
  expect(scripts.filter((source) => !source.startsWith("'nonce-")).sort(), what).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('worker-src'), what).toEqual(["'self'", 'blob:']);
  expect(policy.get('report-uri'), what).toEqual([`${ORIGIN}/csp-report`]);
  expect(policy.get('report-to'), what).toEqual(['csp']);
  expect(response.headers.get('Reporting-Endpoints'), what).toBe(`csp="${ORIGIN}/csp-report"`);
  expect(response.headers.get('Cross-Origin-Opener-Policy'), what).toBe('same-origin');
  expect(response.headers.get('X-Frame-Options'), what).toBe('DENY');
  const nonce = scripts.find((source) => source.startsWith("'nonce-"))?.slice(7, -1) ?? '';
  expect(nonce, what).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  return nonce;
}

/** Every <script> of the page carries the policy's nonce, and there is at least one. */
function expectScriptsCarry(body: string, nonce: string, what: string): void {
  const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
  expect(scripts.length, what).toBeGreaterThan(0);
  for (const script of scripts) expect(script, what).toContain(`nonce="${nonce}"`);
}

describe('HTML pages', () => {
  it('carry a strict policy with a fresh nonce per response, the one all their inline scripts carry', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const pages: [string, Record<string, string>, number][] = [
      ['/', {}, 200],
      ['/login', {}, 200],
      ['/faq', {}, 200],
      [`/${party.shortId}`, {}, 200],
      ['/refused', {}, 200],
      ['/no/such/page', {}, 404],
      ['/parties', sessionCookie(consultant), 200],
      // The app-switch screen's inline script (an iPhone without a session).
      [
        '/login',
        {
          'User-Agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        },
        200,
      ],
    ];
    const seen = new Set<string>();
    for (const [path, headers, status] of pages) {
      for (let time = 0; time < 2; time++) {
        const response = await page(path, { headers });
        const body = await html(response, status);
        const nonce = expectStrictPolicy(response, path);
        expectScriptsCarry(body, nonce, path);
        expect(seen.has(nonce), `${path}: a nonce used before`).toBe(false);
        seen.add(nonce);
      }
    }
  });

  it("allow Stream's delivery (here its stand-in) for media, pictures and connections, and our own socket", async () => {
    const policy = directives(await page('/'));
    const stream = `https://${STAND_IN_HOST}`;
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', stream]);
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'data:', stream]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://salon.test', stream]);
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    // Styles may be inline (React's style attributes, the emoji picker's shadow DOM); scripts never.
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('allow the microphone only on the pages that record: the party page and the template editor', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const template = (await (await api('/templates/create', { method: 'POST', headers: consultant.headers, body: { title: 'Ablauf' } })).json()) as {
      id: string;
    };
    const microphone = async (path: string, headers: Record<string, string> = {}) => {
      const response = await page(path, { headers });
      await response.text();
      expect(response.status, path).toBe(200);
      return /(?:^|, )microphone=(\([^)]*\))/.exec(response.headers.get('Permissions-Policy') ?? '')?.[1];
    };
    expect(await microphone(`/${party.shortId}`)).toBe('(self)');
    // The camera: the party page alone (live video, ADR 060).
    expect((await page(`/${party.shortId}`)).headers.get('Permissions-Policy')).toMatch(/^camera=\(self\), /);
    expect((await page(`/templates/${template.id}`, { headers: sessionCookie(consultant) })).headers.get('Permissions-Policy')).toMatch(/^camera=\(\), /);
    expect(await microphone(`/${party.shortId}`, sessionCookie(consultant))).toBe('(self)');
    expect(await microphone(`/templates/${template.id}`, sessionCookie(consultant))).toBe('(self)');
    for (const path of ['/', '/login', '/faq']) expect(await microphone(path), path).toBe('()');
    for (const path of ['/parties', '/templates', '/media', '/faq']) expect(await microphone(path, sessionCookie(consultant)), path).toBe('()');
    const policy = (await page('/')).headers.get('Permissions-Policy');
    expect(policy).toBe('camera=(), geolocation=(), microphone=(), payment=(), usb=()');
  });

  it('are the only answers with this policy: JSON, files and Remix data keep their own', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const json = await api('/parties', { headers: consultant.headers });
    expect(json.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(json.headers.get('Content-Security-Policy')).toBeNull();
    const data = await page(`/${party.shortId}.data`);
    await data.text();
    expect(data.headers.get('Content-Security-Policy')).toBeNull();

    // An uploaded picture keeps its sandbox.
    const created = (await (
      await api('/media', { method: 'POST', headers: consultant.headers, body: { title: 'Bild', contentType: 'image/png', size: 4 } })
    ).json()) as { id: string };
    await env.MEDIA.put(`${consultant.userId}/${created.id}`, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    await env.DB.prepare("UPDATE media_items SET state = 'ready' WHERE id = ?").bind(created.id).run();
    const file = await fetchInPlace(`${ORIGIN}/files/${created.id}`, { headers: consultant.headers });
    await file.arrayBuffer();
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
  });
});

describe('the report endpoint', () => {
  afterEach(() => vi.restoreAllMocks());

  const report = (type: string, body: string, headers: Record<string, string> = {}) =>
    fetchInPlace(`${ORIGIN}/csp-report`, { method: 'POST', headers: { 'Content-Type': type, ...headers }, body });

  it('logs a report-uri report and a Reporting API batch, and answers 204 with nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const single = await report(
      'application/csp-report',
      JSON.stringify({
        'csp-report': {
          'document-uri': 'https://salon.test/parties?secret=1',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
          'line-number': 3,
        },
      }),
    );
    expect(single.status).toBe(204);
    expect(await single.text()).toBe('');
    const batch = await report(
      'application/reports+json',
      JSON.stringify([
        {
          type: 'csp-violation',
          url: 'https://salon.test/',
          body: { documentURL: 'https://salon.test/', effectiveDirective: 'img-src', blockedURL: 'https://evil.test/x.png#frag', lineNumber: 1 },
        },
        { type: 'deprecation', url: 'https://salon.test/', body: {} },
      ]),
    );
    expect(batch.status).toBe(204);
    expect(await batch.text()).toBe('');
    const logged = warn.mock.calls.map((call) => call.join(' '));
    expect(logged).toEqual([
      'csp violation {"document":"https://salon.test/parties","directive":"script-src-elem","blocked":"inline","source":"","line":3}',
      'csp violation {"document":"https://salon.test/","directive":"img-src","blocked":"https://evil.test/x.png","source":"","line":1}',
    ]);
  });

  it('ignores what is no report, too large or of another type, still answering 204 and echoing nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const hostile = '<script>alert(1)</script>';
    const answers = await Promise.all([
      report('application/csp-report', `{"csp-report":{"document-uri":"${'x'.repeat(20_000)}"}}`),
      report('application/csp-report', hostile),
      report('application/reports+json', JSON.stringify({ type: 'csp-violation' })),
      report('text/html', hostile),
      report('application/json', JSON.stringify({ 'csp-report': { 'blocked-uri': hostile } })),
      // A cross-site report with a session cookie: nothing is read of it either way.
      report('application/csp-report', JSON.stringify({ 'csp-report': {} }), { Origin: 'https://evil.test', Cookie: 'salon_at=x' }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(204);
      expect(await answer.text()).toBe('');
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('a logged field is one short line, whatever the report says', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await report(
      'application/csp-report',
      JSON.stringify({ 'csp-report': { 'blocked-uri': `eval\r\nforged log line ${'y'.repeat(500)}`, 'effective-directive': 'script-src' } }),
    );
    const [line] = warn.mock.calls.map((call) => call.join(' '));
    expect(line).not.toMatch(/[\r\n]/);
    const logged = JSON.parse(line!.slice('csp violation '.length)) as { blocked: string };
    expect(logged.blocked.length).toBe(200);
  });

  it('a logged field holds no character that breaks, forges or disguises a line: separators, NEL, C1 controls, bidi and other format controls', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const hostile = [
      '\u2028',
      '\u2029',
      '\u0085',
      '\u0080',
      '\u009b',
      '\u009f',
      '\u202e',
      '\u202a',
      '\u2066',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
      '\u200b',
      '\ufeff',
      '\ud800',
    ];
    // JSON.stringify writes the lone surrogate as an escape, which the sink's JSON.parse turns back into one.
    await report(
      'application/csp-report',
      JSON.stringify({ 'csp-report': { 'blocked-uri': `eval${hostile.join('x')}end`, 'effective-directive': 'script-src' } }),
    );
    const [line] = warn.mock.calls.map((call) => call.join(' '));
    expect(line).toBeDefined();
    // Nothing but printable characters of one line, in the log as in the JSON it holds.
    expect(line).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u);
    const logged = JSON.parse(line!.slice('csp violation '.length)) as { blocked: string };
    expect(logged.blocked).toBe(`eval${hostile.map(() => ' ').join('x')}end`);
  });
});
