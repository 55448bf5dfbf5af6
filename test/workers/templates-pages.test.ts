import { describe, expect, it } from 'vitest';
import { folderHashId } from '../../app/core/media-library';
import type { TemplateEntry, TemplateListing } from '../../app/core/templates';
import { ORIGIN, api, createConsultant, html, json, page, sessionCookie } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * The templates' pages: /templates (its loader gives the consultant's folders, the list itself
 * comes from the API) and /addTemplate/{shareToken} (title and sharer for anyone with the link;
 * signed in, adding it into a folder of one's own; 'This link is invalid' for a revoked or forged
 * token; the owner told it is theirs).
 */

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

const create = (who: Consultant, title: string, path = '') =>
  api('/templates/create', { method: 'POST', headers: who.headers, body: { title, path } }).then((r) => ok<TemplateEntry>(r, 201));
const folder = (who: Consultant, title: string, path = '') =>
  api('/templates/folder', { method: 'POST', headers: who.headers, body: { title, path } }).then((r) => ok<TemplateEntry>(r, 201));
const list = async (who: Consultant, path = '') =>
  (await ok<TemplateListing>(await api(`/templates?${new URLSearchParams({ path })}`, { headers: who.headers }))).entries;
const share = async (who: Consultant, id: string) =>
  (await ok<{ shareToken: string }>(await api(`/templates/${id}/share`, { method: 'PUT', headers: who.headers }))).shareToken;

/** The form the add-template page posts, as a browser sends it. */
const add = (token: string, folderId: string, who?: Consultant) =>
  page(`/addTemplate/${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Host: 'salon.test', ...(who ? sessionCookie(who) : {}) },
    body: new URLSearchParams({ folderId }).toString(),
  });

async function sharedWorld() {
  const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
  const template = await create(clara, 'Herbstparty Ablauf');
  const token = await share(clara, template.id);
  return { clara, berta, template, token };
}

describe('/templates', () => {
  it('without a session: 302 to /?returnTo=%2Ftemplates', async () => {
    const response = await page('/templates');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/?returnTo=%2Ftemplates');
  });

  it("with a session: 200, the consultant's folders for the breadcrumb and the move-to dialog, and no one else's", async () => {
    const [anna, other] = await Promise.all([createConsultant(), createConsultant()]);
    await folder(anna, 'Herbstordner Nummer 3');
    await folder(other, 'Fremder Ordner Nummer 8');
    const body = await html(await page('/templates', { headers: sessionCookie(anna) }), 200);
    expect(body).toContain('Herbstordner Nummer 3');
    expect(body).not.toContain('Fremder Ordner Nummer 8');
    // The drawer offers templates beside media.
    expect(body).toContain('href="/templates"');
  });
});

describe('/addTemplate/{shareToken}', () => {
  it('signed out: title and sharer, and a sign-in that comes back to this page', async () => {
    const { token } = await sharedWorld();
    const body = await html(await page(`/addTemplate/${token}`), 200);
    expect(body).toContain('Herbstparty Ablauf');
    expect(body).toContain('Mit dir geteilt von Clara Berater');
    expect(body).toContain(`href="/login?returnTo=${encodeURIComponent(`/addTemplate/${token}`)}"`);
    expect(body).not.toContain('name="folderId"');
  });

  it('a forged, unknown or revoked token: 404 "This link is invalid", signed in or out', async () => {
    const { clara, berta, template, token } = await sharedWorld();
    for (const path of ['/addTemplate/nicht-echt', `/addTemplate/${'A'.repeat(22)}`]) {
      const body = await html(await page(path), 404);
      expect(body).toContain('Dieser Link ist ungültig');
    }
    await ok(await api(`/templates/${template.id}/revokeShare`, { method: 'PUT', headers: clara.headers }), 204);
    for (const headers of [{}, sessionCookie(berta)]) {
      const body = await html(await page(`/addTemplate/${token}`, { headers }), 404);
      expect(body).toContain('Dieser Link ist ungültig');
      expect(body).not.toContain('Herbstparty Ablauf');
    }
  });

  it('the owner is told it is their own template, with no form to add it', async () => {
    const { clara, token } = await sharedWorld();
    const body = await html(await page(`/addTemplate/${token}`, { headers: sessionCookie(clara) }), 200);
    expect(body).toContain('Das ist deine eigene Vorlage.');
    expect(body).not.toContain('name="folderId"');
    // Posting anyway changes nothing.
    await html(await add(token, '', clara), 409);
    expect((await list(clara)).map((entry) => entry.sharedBy)).toEqual([null]);
  });

  it('signed in: the folders to choose from; adding puts it in the chosen folder and opens the list there', async () => {
    const { berta, token } = await sharedWorld();
    const outer = await folder(berta, 'Team');
    const inner = await folder(berta, 'Herbst', outer.id);
    const body = await html(await page(`/addTemplate/${token}`, { headers: sessionCookie(berta) }), 200);
    expect(body).toContain('name="folderId"');
    expect(body).toContain(`value="${inner.id}"`);

    const response = await add(token, inner.id, berta);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/templates#${folderHashId(outer.id)}/${folderHashId(inner.id)}`);
    expect(await list(berta, `${outer.id}/${inner.id}`)).toMatchObject([{ title: 'Herbstparty Ablauf', sharedBy: 'Clara Berater' }]);

    // Opened again: it says the template is there already.
    expect(await html(await page(`/addTemplate/${token}`, { headers: sessionCookie(berta) }), 200)).toContain('Sie ist schon in deinen Vorlagen.');
  });

  it('the top level is the empty choice', async () => {
    const { berta, token } = await sharedWorld();
    const response = await add(token, '', berta);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/templates');
    expect(await list(berta)).toMatchObject([{ title: 'Herbstparty Ablauf', sharedBy: 'Clara Berater' }]);
  });

  it("refuses another's folder and a malformed one, signed out it sends to sign-in, and adds nothing", async () => {
    const { clara, berta, token } = await sharedWorld();
    const foreign = await folder(clara, 'Claras Ordner');
    expect(await html(await add(token, foreign.id, berta), 404)).toContain('Diesen Ordner gibt es nicht (mehr).');
    await html(await add(token, 'kein-ordner', berta), 400);
    const signedOut = await add(token, '');
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('Location')).toBe(`/?returnTo=${encodeURIComponent(`/addTemplate/${token}`)}`);
    expect(await list(berta)).toEqual([]);
  });
});
