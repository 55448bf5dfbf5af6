// The older system's stand-in (scripts/older-system.mjs): its sign-in and its answers, the files it
// serves, the failures tests inject, and the bench's big account, against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sniffMediaFormat } from '../../app/core/media-content';
import { startOlderSystem } from '../../scripts/older-system.mjs';

let older: Awaited<ReturnType<typeof startOlderSystem>>;

beforeAll(async () => {
  older = await startOlderSystem({ port: 0 });
});
afterAll(() => older.close());

const post = (path: string, body: unknown) => fetch(`${older.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
/** Its answers as the tests read them: JSON of the shapes the module's header names. */
const answer = async (response: Response | Promise<Response>): Promise<any> => (await response).json();

async function token(email: string): Promise<Record<string, string>> {
  const signedIn = await answer(post('/auth/signin', { email, password: 'salon-demo' }));
  return { Authorization: `Bearer ${signedIn.accessToken}` };
}

describe('the older system stand-in', () => {
  it('signs in with e-mail and password, asks neu@salon.test for a new password, refuses anything else', async () => {
    const signedIn = await (await post('/auth/signin', { email: 'Anna@Salon.test', password: 'salon-demo' })).json();
    expect(signedIn).toEqual({ accessToken: expect.any(String), expiresIn: 3600 });
    expect(await (await post('/auth/signin', { email: 'neu@salon.test', password: 'salon-demo' })).json()).toEqual({ challenge: 'NEW_PASSWORD_REQUIRED' });
    expect((await post('/auth/signin', { email: 'anna@salon.test', password: 'falsch' })).status).toBe(401);
    expect((await fetch(`${older.url}/v1/export`)).status).toBe(401);
  });

  it('lists the demo account the same on every start, and serves real files of each kind', async () => {
    const headers = await token('anna@salon.test');
    const listing = await answer(fetch(`${older.url}/v1/export`, { headers }));
    expect(listing.parties.map((party: { id: string }) => party.id)).toEqual(['party-summer', 'party-autumn', 'party-gift', 'party-team']);
    expect(listing.messages).toHaveLength(350);
    const kinds: Record<string, string> = {};
    for (const file of listing.files) {
      const response = await fetch(`${older.url}/v1/files/${file}`, { headers });
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(bytes.byteLength).toBe(Number(response.headers.get('Content-Length')));
      kinds[file] = sniffMediaFormat(bytes) ?? 'unknown';
    }
    // The voice note is an M4A, which is an MP4 container as the sniffer names it.
    expect(Object.values(kinds).sort()).toEqual(['jpeg', 'jpeg', 'mp4', 'mp4', 'pdf', 'png'].sort());
    const reply = await answer(fetch(`${older.url}/v1/parties/party-gift/messages/party-gift-m0011`, { headers }));
    expect(reply.replyTo).toBe('party-gift-m0005');
    // Another account's item is not there, as one that does not exist.
    expect((await fetch(`${older.url}/v1/parties/party-gift/messages/party-autumn-m0002`, { headers })).status).toBe(404);
  });

  it("fails an account's reads on purpose after N more, and answers as down for it alone", async () => {
    const { email } = await answer(post('/__control/account', { email: 'kaputt@salon.test', scale: 0.2 }));
    const headers = await token(email);
    await post('/__control/fail', { email, after: 1, count: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${older.url}/v1/media/med-photo-1`, { headers })).status);
    expect(statuses).toEqual([200, 503, 503, 200]);
    await post('/__control/down', { email, down: true });
    expect((await post('/auth/signin', { email, password: 'salon-demo' })).status).toBe(503);
    expect((await post('/auth/signin', { email: 'anna@salon.test', password: 'salon-demo' })).status).toBe(200);
  });

  it("makes the bench's big account of the size asked for, its photos made as they are served", async () => {
    expect((await answer(post('/__control/big', { messages: 1000, mediaBytes: 5 * 1024 * 1024 }))).email).toBe('big@salon.test');
    const headers = await token('big@salon.test');
    const listing = await answer(fetch(`${older.url}/v1/export`, { headers }));
    expect(listing.messages).toHaveLength(1000);
    let bytes = 0;
    for (const file of listing.files) {
      const body = new Uint8Array(await (await fetch(`${older.url}/v1/files/${file}`, { headers })).arrayBuffer());
      expect(sniffMediaFormat(body)).toBe('jpeg');
      bytes += body.byteLength;
    }
    expect(bytes).toBe(5 * 1024 * 1024);
  });
});
