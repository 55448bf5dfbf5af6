import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ImportStartResult } from '../../app/core/import';
import type { ChatMessage } from '../../app/core/messages';
import type { PartyRoom } from '../../durable-objects/party-room';
import { database } from '../../worker/db/client';
import { deleteAccountRow } from '../../worker/db/account-deletion';
import { mediaDeletions, mediaFolders, mediaItems, parties, partyMembers } from '../../worker/db/schema';
import { eq } from 'drizzle-orm';
import type { Consultant } from './fixtures';
import { api, createConsultant, createParty, expectError, json, partyRoom } from './fixtures';
import { STAND_IN_HOST } from './stream-stand-in';

/**
 * Import from an older account (ADR 042) against the older system's real stand-in
 * (scripts/older-system.mjs, started by vitest.config.ts): the page's calls one by one, then what
 * landed in R2, D1, the library, Stream and the parties' rooms. Each test imports an older account
 * of its own (a copy of the demo account under a new address), so injected failures meet no other test.
 */

const PASSWORD = 'salon-demo';
/** A whole account is some 90 calls, one by one as the page makes them. */
const WHOLE_RUN_MS = 240_000;

/** Steers the stand-in (its /__control/ endpoints). */
async function control(path: string, body: Record<string, unknown>): Promise<any> {
  const response = await fetch(`${env.OLDER_SYSTEM_URL}/__control/${path}`, { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return response.json();
}

/**
 * A new older account for this test alone: the demo consultant's, with fewer messages (28, 24 and
 * 24 in the parties after the cutoff), each party still with its files, edits, deletions and replies.
 */
async function olderAccount(): Promise<string> {
  return (await control('account', { email: `older-${crypto.randomUUID()}@salon.test`, scale: 0.2 })).email;
}

const call = (consultant: Consultant, path: string, body: unknown) => api(`/import/${path}`, { method: 'POST', headers: consultant.headers, body });

async function signIn(consultant: Consultant, email: string): Promise<string> {
  const response = await call(consultant, 'signin', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  const answer = await json<Record<string, unknown>>(response);
  // The page learns the run and nothing of the older system's token.
  expect(Object.keys(answer)).toEqual(['importId']);
  return answer.importId as string;
}

async function start(consultant: Consultant, importId: string): Promise<ImportStartResult> {
  const response = await call(consultant, 'start', { importId });
  expect(response.status).toBe(200);
  return json<ImportStartResult>(response);
}

/** Each item's call, in the page's stage order. */
function calls(importId: string, left: ImportStartResult): [string, Record<string, string>][] {
  return [
    ...left.files.map((file): [string, Record<string, string>] => ['file', { importId, file }]),
    ...left.media.map((mediaId): [string, Record<string, string>] => ['media', { importId, mediaId }]),
    ...left.messages.map(({ id, partyId }): [string, Record<string, string>] => ['message', { importId, id, partyId }]),
    ...left.parties.map((partyId): [string, Record<string, string>] => ['party', { importId, partyId }]),
  ];
}

/** Runs the calls as the page does, one by one; stops at the first refusal and answers it. */
async function copyAll(consultant: Consultant, importId: string, left: ImportStartResult): Promise<Response | null> {
  for (const [path, body] of calls(importId, left)) {
    const response = await call(consultant, path, body);
    if (response.status !== 204) return response;
  }
  return null;
}

/** What the Stream stand-in was asked to copy, each named by its library item. */
const streamCopies = async () => (await (await fetch(`https://${STAND_IN_HOST}/__stand-in/copies`)).json()) as { meta: { name?: string } }[];

async function messagesOf(partyId: string): Promise<ChatMessage[]> {
  const stub = partyRoom(partyId);
  return runInDurableObject(stub, (room: PartyRoom) => room.store.page(undefined, 10_000).messages);
}

/** What the consultant has: parties (with their messages), library items and folders. */
async function holdings(userId: string) {
  const db = database(env.DB);
  const own = await db.select().from(parties).where(eq(parties.userId, userId));
  const items = await db.select().from(mediaItems).where(eq(mediaItems.userId, userId));
  const folders = await db.select().from(mediaFolders).where(eq(mediaFolders.userId, userId));
  const messages = new Map<string, ChatMessage[]>();
  for (const party of own) messages.set(party.id, await messagesOf(party.id));
  return { parties: own, items, folders, messages };
}

describe('import from an older account', () => {
  it(
    'copies every stage: files into R2, media into a folder of the library, messages into the rooms, parties with their guests',
    async () => {
      const anna = await createConsultant({ name: 'Anna' });
      // What she had before the import stays exactly as it was.
      const own = await createParty(anna, { title: 'Meine Party' });
      const before = await holdings(anna.userId);
      const email = await olderAccount();
      const importId = await signIn(anna, email);
      const left = await start(anna, importId);

      // The cutoff leaves the September party and its messages behind.
      expect(left.parties).toEqual(['party-autumn', 'party-gift', 'party-team']);
      expect(left.messages.every((message) => message.partyId !== 'party-summer')).toBe(true);
      expect(left.messages).toHaveLength(28 + 24 + 24);
      expect(left.files).toHaveLength(6);
      expect(left.media).toHaveLength(6);
      expect(left.copied).toEqual({ files: 0, media: 0, messages: 0, parties: 0 });

      expect(await copyAll(anna, importId, left)).toBeNull();

      const after = await holdings(anna.userId);
      // Her own party is untouched.
      expect(after.parties.find((party) => party.id === own.id)).toEqual(before.parties.find((party) => party.id === own.id));
      expect(after.messages.get(own.id)).toEqual(before.messages.get(own.id));

      // Media: six items in one new folder named after the import, their bytes in R2.
      const folder = after.folders.find((row) => row.title === `Import ${email}`);
      expect(folder).toBeDefined();
      expect(after.items).toHaveLength(6);
      for (const item of after.items) {
        expect(item.folderId).toBe(folder!.id);
        const stored = await env.MEDIA.head(item.storageKey);
        expect(stored?.size).toBe(item.size);
        expect(item.storageKey.startsWith(`${anna.userId}/`)).toBe(true);
      }
      const byTitle = new Map(after.items.map((item) => [item.title, item]));
      expect(byTitle.get('Lavendelbad')).toMatchObject({ mediaType: 'image', contentType: 'image/jpeg', state: 'ready', description: 'Unser Bestseller' });
      expect(byTitle.get('Katalog Herbst')).toMatchObject({ mediaType: 'application', contentType: 'application/pdf', state: 'ready' });
      expect(byTitle.get('Sprachnachricht')).toMatchObject({ mediaType: 'audio', state: 'ready' });
      // The video went to Stream (its stand-in), as an uploaded one does.
      expect(byTitle.get('So wirkt das Bad')).toMatchObject({ mediaType: 'video', state: 'converting' });
      expect(byTitle.get('So wirkt das Bad')!.streamUid).toBeTruthy();

      // Parties: three new ones that never expire, each with its guests.
      const imported = after.parties.filter((party) => party.id !== own.id);
      expect(imported.map((party) => party.title).sort()).toEqual(['Geschenkideen', 'Herbst-Wellness', 'Team-Abend']);
      for (const party of imported) expect(party.expiresAt).toBeNull();
      const autumn = imported.find((party) => party.title === 'Herbst-Wellness')!;
      const members = await database(env.DB).select().from(partyMembers).where(eq(partyMembers.partyId, autumn.id));
      expect(members.map((member) => `${member.firstName} ${member.lastName}`).sort()).toEqual(
        ['Jana Koch', 'Lena Fischer', 'Maria Schmidt', 'Paul Meyer', 'Sophie Weber', 'Tom Wagner'].sort(),
      );

      // Messages: in their order, with their times, replies, edits, deletions, senders and files.
      const messages = after.messages.get(autumn.id)!;
      expect(messages).toHaveLength(28);
      const times = messages.map((message) => message.timestamp);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBe(Date.UTC(2026, 9, 8, 18));
      expect(messages[0]).toMatchObject({ messageType: 'heading', message: 'Willkommen zur Herbst-Wellness', sender: anna.userId, senderType: 'manager' });
      const ids = new Set(messages.map((message) => message.id));
      const replies = messages.filter((message) => message.replyingTo !== null);
      expect(replies.length).toBeGreaterThan(0);
      for (const reply of replies) expect(ids.has(reply.replyingTo!)).toBe(true);
      expect(messages.some((message) => message.editedAt !== null && !message.deleted && message.message.endsWith('(korrigiert)'))).toBe(true);
      expect(messages.some((message) => message.deleted && message.message === '')).toBe(true);
      const guestIds = new Set(members.map((member) => member.guestId));
      for (const message of messages.filter((one) => one.senderType === 'guest')) expect(guestIds.has(message.sender)).toBe(true);
      const photo = messages.find((message) => message.messageType === 'photo' && message.message === 'Unser Bestseller')!;
      expect(photo).toMatchObject({ mediaAttachment: byTitle.get('Lavendelbad')!.id, mediaAttachmentOwner: anna.userId, contentType: 'image/jpeg' });
      expect(messages.find((message) => message.messageType === 'video')).toMatchObject({ mediaAttachment: byTitle.get('So wirkt das Bad')!.id });
      expect(messages.find((message) => message.messageType === 'voice')).toMatchObject({ mediaAttachmentType: 'audio' });
      expect(messages.find((message) => message.messageType === 'document')).toMatchObject({ mediaTitle: 'Katalog Herbst' });

      // The party's guests see its photo through the party; she sees the party on her dashboard.
      const listed = await json<{ id: string; expiration: number | null }[]>(await api('/parties', { headers: anna.headers }));
      expect(listed.map((party) => party.id).sort()).toEqual([own.id, ...imported.map((party) => party.id)].sort());

      // Nothing is left to copy.
      expect(await start(anna, importId)).toEqual({
        files: [],
        media: [],
        messages: [],
        parties: [],
        copied: { files: 6, media: 6, messages: 76, parties: 3 },
      });
    },
    WHOLE_RUN_MS,
  );

  it(
    'importing twice adds nothing: a second sign-in continues the same run, and every item again is a no-op',
    async () => {
      const anna = await createConsultant({ name: 'Anna' });
      const email = await olderAccount();
      const importId = await signIn(anna, email);
      const everything = await start(anna, importId);
      expect(await copyAll(anna, importId, everything)).toBeNull();
      const once = await holdings(anna.userId);

      expect(await signIn(anna, email)).toBe(importId);
      // The page asked again for everything, as a page with a stale list would.
      expect(await copyAll(anna, importId, everything)).toBeNull();
      const twice = await holdings(anna.userId);
      expect(twice.parties.map((party) => party.id).sort()).toEqual(once.parties.map((party) => party.id).sort());
      expect(twice.items.map((item) => item.id).sort()).toEqual(once.items.map((item) => item.id).sort());
      expect(twice.folders).toHaveLength(1);
      for (const [partyId, messages] of once.messages) expect(twice.messages.get(partyId)).toEqual(messages);
    },
    WHOLE_RUN_MS,
  );

  it(
    'calls at once (two pages, or a page and its retry): every one answers, into one folder, each item once',
    async () => {
      const anna = await createConsultant({ name: 'Anna' });
      const email = await olderAccount();
      const importId = await signIn(anna, email);
      const left = await start(anna, importId);
      // Each item's call twice at the same moment, all the media at once; the files first, as the page does.
      for (const stage of [
        left.files.map((file) => ['file', { importId, file }] as const),
        left.media.map((mediaId) => ['media', { importId, mediaId }] as const),
      ]) {
        const answers = await Promise.all(stage.flatMap(([path, body]) => [call(anna, path, body), call(anna, path, body)]));
        for (const answer of answers) expect(answer.status, await answer.clone().text()).toBe(204);
      }
      const after = await holdings(anna.userId);
      expect(after.folders.map((folder) => folder.title)).toEqual([`Import ${email}`]);
      expect(after.items).toHaveLength(6);
      expect(new Set(after.items.map((item) => item.folderId))).toEqual(new Set([after.folders[0]!.id]));
      // Each video went to Stream once.
      const videos = after.items.filter((item) => item.mediaType === 'video').map((item) => item.id);
      expect(videos.length).toBeGreaterThan(0);
      const copies = await streamCopies();
      expect(copies.filter((copy) => videos.includes(copy.meta.name ?? '')).map((copy) => copy.meta.name)).toEqual(videos);
      // The rest of the run then goes on as ever.
      expect(await copyAll(anna, importId, await start(anna, importId))).toBeNull();
      expect((await holdings(anna.userId)).folders).toHaveLength(1);

      // A video a call made and was cut off before converting (left waiting, not recorded): the next run converts it.
      const [video] = videos;
      const older = await env.DB.prepare("SELECT source_id FROM import_items WHERE import_id = ? AND kind = 'media' AND target_id = ?")
        .bind(importId, video)
        .first<string>('source_id');
      await env.DB.batch([
        env.DB.prepare("UPDATE media_items SET state = 'waiting', stream_uid = NULL, updated_at = ? WHERE id = ?").bind(Date.now() - 60_000, video),
        env.DB.prepare("DELETE FROM import_items WHERE import_id = ? AND kind = 'media' AND target_id = ?").bind(importId, video),
      ]);
      expect((await call(anna, 'media', { importId, mediaId: older })).status).toBe(204);
      expect((await streamCopies()).filter((copy) => copy.meta.name === video)).toHaveLength(2);
      expect((await holdings(anna.userId)).items.find((item) => item.id === video)).toMatchObject({ state: 'converting' });
    },
    WHOLE_RUN_MS,
  );

  it(
    'a failure half way: the older system fails, the call says so, and the next run continues where it stopped without doubles',
    async () => {
      const anna = await createConsultant({ name: 'Anna' });
      const email = await olderAccount();
      const importId = await signIn(anna, email);
      const everything = await start(anna, importId);
      // Files and media read fine; the older system fails in the middle of the messages.
      await control('fail', { email, after: 6 + 6 + 40, count: 1 });
      const failed = await copyAll(anna, importId, everything);
      expect(failed).not.toBeNull();
      await expectError(failed!, 502, 'importFailed');

      const resumed = await start(anna, importId);
      expect(resumed.files).toEqual([]);
      expect(resumed.media).toEqual([]);
      expect(resumed.copied.messages).toBeGreaterThanOrEqual(35);
      expect(resumed.copied.messages + resumed.messages.length).toBe(76);
      expect(resumed.messages).toEqual(everything.messages.slice(resumed.copied.messages));
      expect(await copyAll(anna, importId, resumed)).toBeNull();

      const after = await holdings(anna.userId);
      expect(after.parties).toHaveLength(3);
      expect(after.items).toHaveLength(6);
      const counts = [...after.messages.values()].map((messages) => messages.length).sort((a, b) => a - b);
      expect(counts).toEqual([24, 24, 28]);
      for (const messages of after.messages.values()) {
        expect(new Set(messages.map((message) => message.id)).size).toBe(messages.length);
        const times = messages.map((message) => message.timestamp);
        expect(times).toEqual([...times].sort((a, b) => a - b));
      }
    },
    WHOLE_RUN_MS,
  );

  it('refuses the sign-in: wrong credentials, an unknown address, an account that must change its password, the older system down', async () => {
    const anna = await createConsultant({ name: 'Anna' });
    const email = await olderAccount();
    await expectError(await call(anna, 'signin', { email, password: 'falsch' }), 422, 'importCredentials');
    await expectError(await call(anna, 'signin', { email: 'niemand@salon.test', password: PASSWORD }), 422, 'importCredentials');
    await expectError(await call(anna, 'signin', { email: 'neu@salon.test', password: PASSWORD }), 422, 'importPasswordChange');
    await control('down', { email, down: true });
    await expectError(await call(anna, 'signin', { email, password: PASSWORD }), 502, 'importFailed');
    await control('down', { email, down: false });
    // None of it opened a run or copied anything.
    const nothing = await holdings(anna.userId);
    expect(nothing.parties).toEqual([]);
    expect(nothing.items).toEqual([]);
  });

  it("a run is its consultant's alone: another consultant's run is not found, and nobody else may call", async () => {
    const anna = await createConsultant({ name: 'Anna' });
    const clara = await createConsultant({ name: 'Clara' });
    const importId = await signIn(anna, await olderAccount());
    await expectError(await call(clara, 'start', { importId }), 404, 'importNotFound');
    await expectError(await call(clara, 'file', { importId, file: 'file-photo-1' }), 404, 'importNotFound');
    await expectError(await call(clara, 'party', { importId, partyId: 'party-gift' }), 404, 'importNotFound');
    await expectError(await call(anna, 'start', { importId: crypto.randomUUID() }), 404, 'importNotFound');
    await expectError(await api('/import/start', { method: 'POST', body: { importId } }), 401, 'unauthorized');
    // A party the cutoff leaves out is not there to copy, asked for by name or through a message.
    await expectError(await call(anna, 'party', { importId, partyId: 'party-summer' }), 404, 'importNotFound');
    await expectError(await call(anna, 'message', { importId, id: 'party-summer-m0002', partyId: 'party-summer' }), 404, 'importNotFound');
    // An item of no such id in the older account.
    await expectError(await call(anna, 'media', { importId, mediaId: 'no-such-media' }), 404, 'importNotFound');
    expect((await holdings(clara.userId)).parties).toEqual([]);
  });

  it('an account deleted with a run left after its files: the copied files are deleted with it', async () => {
    const anna = await createConsultant({ name: 'Anna' });
    const importId = await signIn(anna, await olderAccount());
    const left = await start(anna, importId);
    for (const file of left.files) expect((await call(anna, 'file', { importId, file })).status).toBe(204);
    const keys = (await env.MEDIA.list({ prefix: `${anna.userId}/` })).objects.map((object) => object.key);
    expect(keys).toHaveLength(6);
    // Her session and profile go first, as the account's deletion ends them (worker/services/account-deletion.ts).
    await env.DB.batch([
      env.DB.prepare('DELETE FROM sessions WHERE user_id = ?').bind(anna.userId),
      env.DB.prepare('DELETE FROM profiles WHERE user_id = ?').bind(anna.userId),
    ]);
    expect(await deleteAccountRow(env.DB, anna.userId, Date.now())).toBe(true);
    const queued = await database(env.DB).select().from(mediaDeletions);
    expect(
      queued
        .filter((row) => row.kind === 'r2' && keys.includes(row.target))
        .map((row) => row.target)
        .sort(),
    ).toEqual([...keys].sort());
  });
});
