import { SELF } from 'cloudflare:test';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import document from '../../docs/openapi.json';
import { api as apiApp } from '../../worker/api/index';
import { apiDocument } from '../../worker/api/openapi';
import type { paths } from '../support/openapi-types';
import type { ApiContext } from '../../worker/api/context';
import { contractViolation, openApiPath } from './contract-check';
import { ORIGIN, api, connected, createConsultant, createParty, expectError, joinGuest, textMessage } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * The API as a published contract (ADR 056): the checked-in document is what the routes say now
 * (generated here, inside workerd, by the same code as `npm run openapi`), it describes every route
 * and no other, the Worker serves it and its reference page, and the specification's restored
 * calls work, called through a client generated from the document (openapi-typescript types,
 * openapi-fetch). Every answer here is also checked against the document by setup.ts.
 */

/** A client of the API made from its document alone, as an app team would make one. */
function client(headers: Record<string, string> = {}) {
  return createClient<paths>({ baseUrl: ORIGIN, headers, fetch: (request) => SELF.fetch(request) });
}

type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

/** Routes of the app the document lacks, and operations of the document no route answers. */
export function coverage(routes: { method: string; path: string }[], doc: Document): { undocumented: string[]; unrouted: string[] } {
  const routed = new Set(routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`));
  const documented = new Set(Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`)));
  return {
    undocumented: [...routed].filter((operation) => !documented.has(operation)).sort(),
    unrouted: [...documented].filter((operation) => !routed.has(operation)).sort(),
  };
}

describe('the document', () => {
  it('is what the routes say now (generated inside workerd: docs/openapi.json is not stale)', async () => {
    const generated = JSON.parse(JSON.stringify(await apiDocument(apiApp)));
    expect(generated).toEqual(document);
  });

  it('describes every route of the API and no other', () => {
    expect(coverage(apiApp.routes, document as Document)).toEqual({ undocumented: [], unrouted: [] });
    // The check itself: a document without one route (or with one too many) is caught.
    const { ['/api/parties/{id}/updateSeen']: _removed, ...fewer } = (document as Document).paths;
    expect(coverage(apiApp.routes, { paths: fewer }).undocumented).toEqual(['put /api/parties/{id}/updateSeen']);
    const more = { paths: { ...(document as Document).paths, '/api/nowhere': { get: { responses: {} } } } };
    expect(coverage(apiApp.routes, more).unrouted).toEqual(['get /api/nowhere']);
  });

  it('gives every operation its refusals as `{error:{code}}` with the closed list of codes per status', () => {
    const join = (document as any).paths['/api/parties/{id}/join'].put;
    expect(join.responses['403']['x-error-codes']).toEqual(['badOrigin', 'removed', 'wrongPassword']);
    expect(join.responses['403'].content['application/json'].schema.properties.error.properties.code.enum).toEqual(['badOrigin', 'removed', 'wrongPassword']);
    expect(Object.keys((document as any).components.securitySchemes).sort()).toEqual(['bearer', 'consultantCookie', 'guestBasic', 'guestCookie']);
    expect((document as any).paths['/api/media/{id}/upload'].patch.requestBody.content).toHaveProperty(['application/offset+octet-stream']);
  });

  it("is served at /api/openapi.json, and its reference page at /api/docs with the pages' policy and a nonce", async () => {
    const served = await api('/openapi.json');
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(document);
    const page = await api('/docs');
    expect(page.status).toBe(200);
    const policy = page.headers.get('Content-Security-Policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    const html = await page.text();
    expect(html).toContain('src="/api-docs/scalar.js"');
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => tag.includes(`nonce="${nonce}"`))).toBe(true);
    expect(html).not.toMatch(/https?:\/\/(?!salon)/);
  });
});

/** What the response check says of `body` as the answer of `method route` (a context as the Worker hands it). */
function violationOf(method: string, route: string, status: number, body: unknown): Promise<string | null> {
  const context = {
    req: { method, matchedRoutes: [{ method, path: route }] },
    res: new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  };
  return contractViolation(context as unknown as ApiContext);
}

describe("the answers' fields", () => {
  it('are typed for a client by the document, and every answer is held to them: a field missing, of another type or not in the wire type fails', async () => {
    const consultant = await createConsultant();
    const created = await createParty(consultant);
    const maria = await joinGuest(created.id);
    const guest = client(maria.headers as Record<string, string>);
    const sent = await guest.POST('/api/parties/{id}/chat', { params: { path: { id: created.id } }, body: { messageType: 'text', message: 'Hallo' } });
    expect(sent.response.status).toBe(201);
    // Typed by the generated client: a ChatMessage, not "any JSON".
    const message = sent.data!;
    expect(message.message).toBe('Hallo');
    expect(message.senderType).toBe('guest');
    const page = await guest.GET('/api/parties/{id}/chat', { params: { path: { id: created.id }, query: {} } });
    const history = page.data!;
    expect(history.messages.map((each) => each.id)).toContain(message.id);
    expect(typeof history.hasMore).toBe('boolean');

    // The check of the check, on the real answer: as answered it passes; changed, it fails.
    const route = '/api/parties/:id/chat';
    expect(await violationOf('GET', route, 200, history)).toBeNull();
    const [first, ...rest] = history.messages;
    const { forwarded: _dropped, ...withoutField } = first!;
    expect(await violationOf('GET', route, 200, { ...history, messages: [withoutField, ...rest] })).toMatch(
      /^GET \/api\/parties\/\{id\}\/chat 200: body does not validate \(#\/messages\/0 .*"forwarded"/,
    );
    expect(await violationOf('GET', route, 200, { ...history, messages: [{ ...first, seq: String(first!.seq) }, ...rest] })).toMatch(/#\/messages\/0\/seq/);
    expect(await violationOf('GET', route, 200, { ...history, messages: [{ ...first, secret: 'x' }, ...rest] })).toMatch(/body does not validate/);
    const { hasMore: _gone, ...noHasMore } = history;
    // (A history page or, around a seq, a window: the check names what the last of the two lacks.)
    expect(await violationOf('GET', route, 200, noHasMore)).toMatch(/body does not validate \(# Instance does not have required property/);
    // A small answer and a list are held the same way.
    expect(await violationOf('POST', route, 201, message)).toBeNull();
    expect(await violationOf('POST', route, 201, { ...message, timestamp: null })).toMatch(/body does not validate/);
    const guests = await api(`/parties/${created.id}/guests`, { headers: consultant.headers });
    const members = (await guests.json()) as { role: string }[];
    expect(await violationOf('GET', '/api/parties/:id/guests', 200, members)).toBeNull();
    expect(await violationOf('GET', '/api/parties/:id/guests', 200, [{ ...members[0], role: 'owner' }])).toMatch(/body does not validate/);
  });
});

describe('PUT /parties/{id}/updateSeen', () => {
  async function party() {
    const consultant = await createConsultant();
    const created = await createParty(consultant);
    const maria = await joinGuest(created.id);
    const manager = await connected(created.id, consultant.headers);
    const seqs: number[] = [];
    for (const text of ['eins', 'zwei', 'drei']) {
      manager.socket.send(textMessage(text));
      seqs.push((await manager.socket.next('ack')).seq);
    }
    return { consultant, party: created, maria, manager, seqs };
  }

  it('marks seen by seq as the socket frame does: the manager hears it, and it never moves back or past the newest', async () => {
    const { party: p, maria, manager, seqs } = await party();
    const guest = client(maria.headers as Record<string, string>);
    const first = await guest.PUT('/api/parties/{id}/updateSeen', { params: { path: { id: p.id } }, body: { seq: seqs[1]! } });
    expect(first.response.status).toBe(200);
    expect(first.data).toEqual({ seq: seqs[1] });
    const heard = await manager.socket.next('presence', 3000, (event) => event.seen?.[maria.guestId] === seqs[1]);
    expect(heard.seen?.[maria.guestId]).toBe(seqs[1]);
    // Backwards is no change; beyond the newest is the newest.
    const back = await guest.PUT('/api/parties/{id}/updateSeen', { params: { path: { id: p.id } }, body: { seq: seqs[0]! } });
    expect(back.data).toEqual({ seq: seqs[1] });
    const far = await guest.PUT('/api/parties/{id}/updateSeen', { params: { path: { id: p.id } }, body: { seq: 1_000_000 } });
    expect(far.data).toEqual({ seq: seqs[2] });
    // A socket opened now is told the same.
    const again = await connected(p.id, maria.headers as Record<string, string>);
    expect(again.welcome.seen[maria.guestId]).toBe(seqs[2]);
    again.socket.close();
    manager.socket.close();
  });

  it("takes the specification's timestamp and its own guestId, and refuses another member's", async () => {
    const { consultant, party: p, maria, manager, seqs } = await party();
    const guest = client(maria.headers as Record<string, string>);
    const history = await client(consultant.headers).GET('/api/parties/{id}/chat', { params: { path: { id: p.id }, query: {} } });
    const messages = (history.data as { messages: { seq: number; timestamp: number }[] }).messages;
    const second = messages.find((message) => message.seq === seqs[1])!;
    const byTime = await guest.PUT('/api/parties/{id}/updateSeen', {
      params: { path: { id: p.id } },
      body: { guestId: maria.guestId, timestamp: second.timestamp },
    });
    expect(byTime.response.status).toBe(200);
    // Every message sent at or before that moment: the second, or the third when it came in the same millisecond.
    expect([seqs[1], seqs[2]]).toContain(byTime.data!.seq);
    const early = await guest.PUT('/api/parties/{id}/updateSeen', { params: { path: { id: p.id } }, body: { timestamp: 0 } });
    expect(early.data).toEqual(byTime.data);
    const other = await guest.PUT('/api/parties/{id}/updateSeen', { params: { path: { id: p.id } }, body: { guestId: consultant.userId, seq: seqs[2]! } });
    expect(other.response.status).toBe(403);
    expect(other.error).toEqual({ error: { code: 'forbidden' } });
    // The manager marks her own position the same way; her unread marker is kept from it.
    const own = await client(consultant.headers).PUT('/api/parties/{id}/updateSeen', { params: { path: { id: p.id } }, body: { seq: seqs[2]! } });
    expect(own.data).toEqual({ seq: seqs[2] });
    manager.socket.close();
  });

  it('refuses who is not a member, and bad bodies change nothing', async () => {
    const { party: p, maria, manager, seqs } = await party();
    const stranger = await createConsultant();
    await expectError(await api(`/parties/${p.id}/updateSeen`, { method: 'PUT', body: { seq: 1 } }), 401, 'unauthorized');
    await expectError(await api(`/parties/${p.id}/updateSeen`, { method: 'PUT', headers: stranger.headers, body: { seq: 1 } }), 403, 'notMember');
    await expectError(
      await api(`/parties/${p.id}/updateSeen`, { method: 'PUT', headers: maria.headers as Record<string, string>, body: {} }),
      400,
      'invalidInput',
    );
    await expectError(
      await api(`/parties/${p.id}/updateSeen`, { method: 'PUT', headers: maria.headers as Record<string, string>, body: { seq: 1, timestamp: 1 } }),
      400,
      'invalidInput',
    );
    const again = await connected(p.id, maria.headers as Record<string, string>);
    expect(again.welcome.seen[maria.guestId] ?? 0).toBe(0);
    expect(seqs.length).toBe(3);
    again.socket.close();
    manager.socket.close();
  });
});

describe("the specification's template share calls", () => {
  /** Clara's template with a message, shared and added by Berta. */
  async function shared() {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const asClara = client(clara.headers);
    const template = (await asClara.POST('/api/templates/create', { body: { title: 'Herbstparty' } })).data as { id: string };
    await asClara.POST('/api/templates/{id}/sendMessage', { params: { path: { id: template.id } }, body: { messageType: 'text', message: 'Willkommen' } });
    const { shareToken } = (await asClara.PUT('/api/templates/{id}/share', { params: { path: { id: template.id } } })).data!;
    const accepted = await client(berta.headers).POST('/api/templates/share/{token}', { params: { path: { token: shareToken } }, body: { path: '' } });
    expect(accepted.response.status).toBe(201);
    return { clara, berta, template, shareToken };
  }

  const titles = (entries: unknown) => (entries as { title: string; sharedBy: string | null }[]).map((entry) => [entry.title, entry.sharedBy]);

  it('GET /templates/shares lists the copies alone; trashShare, shareTrash and restoreShare act on a copy', async () => {
    const { clara, berta, template } = await shared();
    const asBerta = client(berta.headers);
    await asBerta.POST('/api/templates/create', { body: { title: 'Eigene' } });
    expect(titles((await asBerta.GET('/api/templates/shares')).data)).toEqual([['Herbstparty', 'Clara Berater']]);
    expect((await client(clara.headers).GET('/api/templates/shares')).data).toEqual([]);

    const trashed = await asBerta.PUT('/api/templates/trashShare/{id}', { params: { path: { id: template.id } } });
    expect(trashed.response.status).toBe(204);
    expect((await asBerta.GET('/api/templates/shares')).data).toEqual([]);
    expect(titles((await asBerta.GET('/api/templates/shareTrash')).data)).toEqual([['Herbstparty', 'Clara Berater']]);
    // The owner's template is untouched, and her own trash holds no copy.
    expect((await client(clara.headers).GET('/api/templates/{id}', { params: { path: { id: template.id } } })).response.status).toBe(200);
    expect((await client(clara.headers).GET('/api/templates/shareTrash')).data).toEqual([]);

    const restored = await asBerta.PUT('/api/templates/restoreShare/{id}', { params: { path: { id: template.id } } });
    expect(restored.response.status).toBe(200);
    expect(restored.data).toMatchObject({ id: template.id, sharedBy: 'Clara Berater', trashedAt: null });
    expect(titles((await asBerta.GET('/api/templates/shares')).data)).toEqual([['Herbstparty', 'Clara Berater']]);

    // On her own template the share calls refuse: it is no copy.
    const own = await client(clara.headers).PUT('/api/templates/trashShare/{id}', { params: { path: { id: template.id } } });
    expect(own.error).toEqual({ error: { code: 'templateNotFound' } });
  });

  it('PUT /templates/folderShare moves the copy a share token names into a folder', async () => {
    const { berta, template, shareToken } = await shared();
    const asBerta = client(berta.headers);
    const folder = (await asBerta.POST('/api/templates/folder', { body: { title: 'Geteilt', path: '' } })).data as { id: string };
    const moved = await asBerta.PUT('/api/templates/folderShare', { body: { shareToken, path: folder.id } });
    expect(moved.response.status).toBe(200);
    expect(moved.data).toMatchObject({ id: template.id, path: folder.id });
    const listed = await asBerta.GET('/api/templates', { params: { query: { path: folder.id } } });
    expect(titles((listed.data as { entries: unknown }).entries)).toEqual([['Herbstparty', 'Clara Berater']]);
    const unknown = await asBerta.PUT('/api/templates/folderShare', { body: { shareToken: 'A'.repeat(22), path: '' } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toEqual({ error: { code: 'shareLinkInvalid' } });
  });

  it('GET /templates/{id}/apply answers the template with its messages, for its owner and its recipient', async () => {
    const { clara, berta, template } = await shared();
    for (const who of [clara, berta] as Consultant[]) {
      const answer = await client(who.headers).GET('/api/templates/{id}/apply', { params: { path: { id: template.id } } });
      expect(answer.response.status).toBe(200);
      expect(answer.data).toEqual((await client(who.headers).GET('/api/templates/{id}', { params: { path: { id: template.id } } })).data);
      expect((answer.data as { messages: { message: string }[] }).messages.map((message) => message.message)).toEqual(['Willkommen']);
    }
    const stranger = await createConsultant();
    const refused = await client(stranger.headers).GET('/api/templates/{id}/apply', { params: { path: { id: template.id } } });
    expect(refused.error).toEqual({ error: { code: 'templateNotFound' } });
  });
});
