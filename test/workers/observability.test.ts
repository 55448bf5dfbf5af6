import { SELF } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORIGIN, api, createConsultant, createParty, joinGuest, requestCode } from './fixtures';

/**
 * What the Worker logs (ADR 063): one JSON line per request with its id, route pattern, status,
 * duration and actor kind; the id in the X-Request-Id header; and nothing a person could be found
 * by: a request carrying a name, an address and a token logs none of them.
 */

let lines: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  lines = [];
});

function capture(): void {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(
        args.map((arg) => (typeof arg === 'string' ? arg : arg instanceof Error ? `${arg.name}: ${arg.message}\n${arg.stack}` : JSON.stringify(arg))).join(' '),
      );
    });
  }
}

const requestLines = () =>
  lines.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as { kind?: string };
      return parsed.kind === 'request' ? [parsed as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });

describe('the request log', () => {
  it('is one JSON line per request, its id in the answer’s header, its route a pattern', async () => {
    const anna = await createConsultant();
    const party = await createParty(anna);
    capture();
    const response = await api(`/parties/${party.shortId}`, { headers: anna.headers });
    expect(response.status).toBe(200);
    const id = response.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const [line] = requestLines().filter((entry) => entry.id === id);
    expect(line).toMatchObject({ kind: 'request', method: 'GET', route: '/api/parties/:shortId', status: 200, actor: 'consultant' });
    expect(typeof line!.ms).toBe('number');
    // A page: Remix's route pattern, the id also on the document.
    const page = await SELF.fetch(`${ORIGIN}/${party.shortId}`);
    expect(page.headers.get('X-Request-Id')).toMatch(/^[0-9a-f]{16}$/);
    expect(requestLines().find((entry) => entry.id === page.headers.get('X-Request-Id'))).toMatchObject({
      route: '/:partyId',
      status: 200,
      actor: 'anonymous',
    });
    // A refusal names its code; a new request, a new id.
    const refused = await api(`/parties/${party.id}/chat`, { method: 'POST', body: { message: 'x' } });
    expect(refused.headers.get('X-Request-Id')).not.toBe(id);
    expect(requestLines().find((entry) => entry.id === refused.headers.get('X-Request-Id'))).toMatchObject({
      status: 401,
      code: 'unauthorized',
      actor: 'anonymous',
    });
  });

  it('holds no name, address, token, secret, link key or text of what was sent', async () => {
    const anna = await createConsultant();
    const party = await createParty(anna, { title: 'Geheimtreffen Zypresse' });
    capture();
    const guest = await joinGuest(party.id, { firstName: 'Zelda', lastName: 'Quirinius' });
    await api(`/parties/${party.id}/chat`, {
      method: 'POST',
      headers: guest.headers,
      body: { tempId: crypto.randomUUID(), message: 'Mein Geheimnis: Pfefferminz' },
    });
    await requestCode('zelda.quirinius@example.test');
    await SELF.fetch(`${ORIGIN}/api/parties/${party.shortId}?token=${anna.accessToken}`, { headers: { Cookie: `salon_session=${anna.refreshToken}` } });
    await api('/guests/me', { headers: { Authorization: 'Bearer not-a-token-but-secret-looking-abc123' } });
    await SELF.fetch(`${ORIGIN}/${party.shortId}`, { headers: guest.headers });
    expect(requestLines().length).toBeGreaterThanOrEqual(6);
    const all = lines.join('\n');
    for (const secret of [
      'Zelda',
      'Quirinius',
      'zelda.quirinius',
      'example.test',
      'Pfefferminz',
      'Zypresse',
      party.shortId,
      anna.accessToken,
      anna.refreshToken,
      guest.secretKey,
      'not-a-token-but-secret-looking-abc123',
      `${anna.userId}@salon.test`,
    ]) {
      expect(all, `the log names ${secret}`).not.toContain(secret);
    }
  });
});
