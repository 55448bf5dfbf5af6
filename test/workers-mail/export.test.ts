import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ExportAnswer } from '../../app/core/export';
import { EXPORT_LINK_TTL_MS } from '../../app/core/export';
import type { ChatMessage } from '../../app/core/messages';
import { database } from '../../worker/db/client';
import { exportRun, startExport } from '../../worker/db/exports';
import { download, newExportRow, runExportSlice } from '../../worker/services/export';
import { readZip } from '../support/zip-reader';
import type { Consultant, Guest } from '../workers/fixtures';
import { ORIGIN, api, connected, createConsultant, createParty, expectError, joinGuest, json } from '../workers/fixtures';
import { claimed, mailsTo, waitForMails } from './mail';

/**
 * Self-service export (ADR 062) through the real Worker, Queue, rooms, D1, R2 and mail catcher: a
 * seeded account's archive counted and compared byte for byte, the job resumed after a failure,
 * the link's single use and expiry, a second request joining the first, and a guest's archive
 * holding nothing of another guest but the context lines the ADR allows.
 */

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
function bytesOf(head: number[], size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let x = seed;
  for (let i = 0; i < size; i++) bytes[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  bytes.set(head);
  return bytes;
}
const PHOTO = bytesOf([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF')], 40_000, 1);
const GUEST_PHOTO = bytesOf([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF')], 30_000, 2);
const BIG_PDF = bytesOf(ascii('%PDF-1.7\n'), 11 * 1024 * 1024 + 123, 3);
const PART = 5 * 1024 * 1024;

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return json<T>(response);
}

async function libraryFile(who: Consultant, title: string, contentType: string, extension: string, bytes: Uint8Array<ArrayBuffer>, path = ''): Promise<string> {
  const { id, uploadUrl } = await ok<{ id: string; uploadUrl: string }>(
    await api('/media', { method: 'POST', headers: who.headers, body: { title, contentType, mediaExtension: extension, size: bytes.byteLength, path } }),
    201,
  );
  const upload = await SELF.fetch(uploadUrl, {
    method: 'PATCH',
    headers: { ...who.headers, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  expect(upload.status).toBe(204);
  return id;
}

async function post(partyId: string, who: { headers: Record<string, string> }, body: Record<string, unknown>): Promise<ChatMessage> {
  return ok<ChatMessage>(await api(`/parties/${partyId}/chat`, { method: 'POST', headers: who.headers, body: { tempId: crypto.randomUUID(), ...body } }), 201);
}

type MessageKey = 'welcome' | 'tom' | 'mariaToAnna' | 'mariaToTom' | 'photo' | 'pdf' | 'mariaPhoto' | 'product' | 'poll' | 'doomed';

interface Seeded {
  anna: Consultant;
  partyId: string;
  maria: Guest;
  tom: Guest;
  messages: Record<MessageKey, ChatMessage>;
  photoId: string;
  pdfId: string;
  guestPhotoId: string;
}

/** Anna's account: a library folder with a photo and an 11 MB PDF, a template, and a party with Maria and Tom. */
async function seeded(mariaEmail?: string): Promise<Seeded> {
  const anna = await createConsultant({ name: 'Anna' });
  const folder = await ok<{ id: string }>(await api('/media/folder', { method: 'POST', headers: anna.headers, body: { title: 'Kataloge 2026' } }), 201);
  const photoId = await libraryFile(anna, 'Rosencreme', 'image/jpeg', 'jpg', PHOTO);
  const pdfId = await libraryFile(anna, 'Katalog', 'application/pdf', 'pdf', BIG_PDF, folder.id);
  const template = await ok<{ id: string }>(await api('/templates/create', { method: 'POST', headers: anna.headers, body: { title: 'Begrüßung' } }), 201);
  await ok(await api(`/templates/${template.id}/sendMessage`, { method: 'POST', headers: anna.headers, body: { message: 'Schön, dass ihr da seid!' } }), 201);
  await ok(
    await api(`/templates/${template.id}/sendMessage`, { method: 'POST', headers: anna.headers, body: { messageType: 'photo', mediaId: photoId } }),
    201,
  );

  const party = await createParty(anna, { title: 'Wellness-Abend' });
  const maria = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
  const tom = await joinGuest(party.id, { firstName: 'Tom', lastName: 'Berg' });
  if (mariaEmail) await claimed(maria, mariaEmail);

  const messages = {} as Record<MessageKey, ChatMessage>;
  messages.welcome = await post(party.id, anna, { message: '*Willkommen* zu unserem Abend!' });
  messages.tom = await post(party.id, tom, { message: 'Tom hier, ich freue mich' });
  messages.mariaToAnna = await post(party.id, maria, { message: 'Danke, Anna!', replyingTo: messages.welcome.id });
  messages.mariaToTom = await post(party.id, maria, { message: 'Hallo Tom', replyingTo: messages.tom.id });
  messages.photo = await post(party.id, anna, { messageType: 'photo', message: 'Unsere Creme', mediaAttachment: photoId });
  messages.pdf = await post(party.id, anna, { messageType: 'document', message: '', mediaAttachment: pdfId });
  // Maria's own photo, uploaded into the party.
  const announced = await ok<{ mediaAttachment: string; uploadUrl: string }>(
    await api(`/parties/${party.id}/media`, {
      method: 'POST',
      headers: maria.headers,
      body: { messageType: 'photo', contentType: 'image/jpeg', mediaExtension: 'jpg', size: GUEST_PHOTO.byteLength },
    }),
    201,
  );
  expect(
    (await SELF.fetch(announced.uploadUrl, { method: 'PUT', headers: { ...maria.headers, 'Content-Type': 'image/jpeg' }, body: GUEST_PHOTO })).status,
  ).toBe(200);
  messages.mariaPhoto = await post(party.id, maria, { messageType: 'photo', message: 'Mein Lieblingsplatz', mediaAttachment: announced.mediaAttachment });
  messages.product = await post(party.id, anna, {
    messageType: 'product',
    message: JSON.stringify({ title: 'Rosenblüten-Creme', price: { amount: 2490, currency: 'EUR' }, link: 'https://shop.example/rose' }),
    mediaAttachment: photoId,
  });
  messages.poll = await post(party.id, anna, {
    messageType: 'poll',
    message: JSON.stringify({ question: 'Welcher Duft?', options: ['Rose', 'Lavendel'], multiple: false }),
  });
  messages.doomed = await post(party.id, anna, { message: 'Das war ein Versehen' });
  await ok(
    await api(`/parties/${party.id}/editMessage`, {
      method: 'PUT',
      headers: anna.headers,
      body: { messageId: messages.welcome.id, message: '*Willkommen* zu unserem Wellness-Abend!' },
    }),
  );
  await ok(await api(`/parties/${party.id}/deleteMessage`, { method: 'PUT', headers: anna.headers, body: { messageId: messages.doomed.id } }));

  const { socket: mariaSocket } = await connected(party.id, maria.headers);
  mariaSocket.send({ type: 'cardChoice', messageId: messages.product.id, options: [0] });
  mariaSocket.send({ type: 'cardChoice', messageId: messages.poll.id, options: [1] });
  mariaSocket.send({ type: 'react', messageId: messages.tom.id, emoji: '👍', on: true });
  await mariaSocket.next('cardTally', 3000, (event) => event.tally.messageId === messages.poll.id);
  await mariaSocket.next('reaction', 3000, (event) => event.messageId === messages.tom.id && event.mine === true);
  const { socket: tomSocket } = await connected(party.id, tom.headers);
  tomSocket.send({ type: 'react', messageId: messages.welcome.id, emoji: '❤️', on: true });
  await tomSocket.next('reaction', 3000, (event) => event.messageId === messages.welcome.id && event.mine === true);
  mariaSocket.close();
  tomSocket.close();
  return { anna, partyId: party.id, maria, tom, messages, photoId, pdfId, guestPhotoId: announced.mediaAttachment };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index]);

/** Everything the consultant's archive must hold of the seeded account, counted and compared. */
async function expectConsultantArchive(archive: Uint8Array, seed: Seeded): Promise<void> {
  const files = await readZip(archive);
  const names = [...files.keys()];
  expect(names[0]).toBe('README.html');
  const chatJson = names.find((name) => /^parties\/[^/]+ Wellness-Abend\/chat\.json$/.test(name))!;
  expect(chatJson, names.join('\n')).toBeDefined();
  const folder = chatJson.slice(0, -'/chat.json'.length);
  const chat = JSON.parse(text(files.get(chatJson)!.bytes));
  // Every message of the party (the join notices too), in order, as its history reads, with its
  // edits, deletion, replies, reactions and choices.
  const history = await ok<{ messages: ChatMessage[] }>(await api(`/parties/${seed.partyId}/chat`, { headers: seed.anna.headers }));
  expect(chat.messages.map((message: ChatMessage) => message.id)).toEqual(history.messages.map((message) => message.id));
  const seededIds = new Set(Object.values(seed.messages).map((message) => message.id));
  expect(chat.messages.filter((message: ChatMessage) => seededIds.has(message.id)).map((message: ChatMessage) => message.id)).toEqual(
    Object.values(seed.messages).map((message) => message.id),
  );
  const byId = new Map<string, any>(chat.messages.map((message: any) => [message.id, message]));
  expect(byId.get(seed.messages.welcome.id)).toMatchObject({ message: '*Willkommen* zu unserem Wellness-Abend!', editedAt: expect.any(Number) });
  expect(byId.get(seed.messages.welcome.id).reactions).toEqual({ '❤️': [seed.tom.guestId] });
  expect(byId.get(seed.messages.doomed.id)).toMatchObject({ deleted: true, message: '' });
  expect(byId.get(seed.messages.mariaToAnna.id).replyingTo).toBe(seed.messages.welcome.id);
  expect(byId.get(seed.messages.product.id).card.choices).toEqual({ [seed.maria.guestId]: [0] });
  expect(byId.get(seed.messages.poll.id).card.choices).toEqual({ [seed.maria.guestId]: [1] });
  expect(chat.members.map((member: any) => `${member.firstName} ${member.lastName}`).sort()).toEqual(['Anna Berater', 'Maria Klein', 'Tom Berg']);
  expect(chat.members.every((member: any) => typeof member.seenSeq === 'number')).toBe(true);
  // Files: the library's in its folders, byte for byte; the guest's photo under the party; nothing twice.
  const photo = byId.get(seed.messages.photo.id).file;
  const pdf = byId.get(seed.messages.pdf.id).file;
  const guestPhoto = byId.get(seed.messages.mariaPhoto.id).file;
  expect(photo).toBe('library/Rosencreme.jpg');
  expect(pdf).toBe('library/Kataloge 2026/Katalog.pdf');
  expect(guestPhoto).toBe(`${folder}/media/${seed.guestPhotoId}.jpg`);
  expect(sameBytes(files.get(photo)!.bytes, PHOTO)).toBe(true);
  expect(sameBytes(files.get(pdf)!.bytes, BIG_PDF)).toBe(true);
  expect(sameBytes(files.get(guestPhoto)!.bytes, GUEST_PHOTO)).toBe(true);
  expect(names.filter((name) => /\.(jpg|pdf)$/.test(name)).sort()).toEqual([guestPhoto, pdf, photo].sort());
  // The readable page, the follow-up list, the library, templates and account.
  const html = text(files.get(`${folder}/chat.html`)!.bytes);
  expect(html).toContain('<strong>Willkommen</strong> zu unserem Wellness-Abend!');
  expect(html).toContain('Diese Nachricht wurde gelöscht.');
  expect(html).toContain(`href="../../library/Rosencreme.jpg"`);
  expect(html).not.toContain('Das war ein Versehen');
  const csv = text(files.get(`${folder}/follow-up.csv`)!.bytes);
  expect(csv).toContain('Maria Klein');
  expect(csv).toContain('Rosenblüten-Creme');
  const library = JSON.parse(text(files.get('library/library.json')!.bytes));
  expect(library.items.map((item: any) => item.file).sort()).toEqual([photo, pdf].sort());
  const templates = JSON.parse(text(files.get('templates/templates.json')!.bytes));
  expect(templates.templates).toEqual([
    expect.objectContaining({
      title: 'Begrüßung',
      messages: [expect.objectContaining({ message: 'Schön, dass ihr da seid!' }), expect.objectContaining({ file: photo })],
    }),
  ]);
  const account = JSON.parse(text(files.get('account/account.json')!.bytes));
  expect(account.account.email).toBe(`${seed.anna.userId}@salon.test`);
  expect(account.profiles).toHaveLength(1);
}

async function newestMail(address: string, count: number) {
  const mails = await waitForMails(address, count);
  return mails[mails.length - 1]!;
}

const linkIn = (mail: { text: string }) => {
  const match = /https?:\/\/\S+\/export\/[0-9a-f-]+\/download\?key=\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  return match[0];
};

async function waitForState(headers: Record<string, string>, state: string, timeoutMs = 30_000): Promise<ExportAnswer> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const answer = await ok<ExportAnswer>(await api('/export', { headers }));
    if (answer.export?.state === state) return answer;
  }
  throw new Error(`export not ${state} in ${timeoutMs} ms`);
}

describe('a consultant’s export', () => {
  it('is made by the Queue, joined by a second request, mailed as a link that works once, and holds the whole account', async () => {
    const seed = await seeded();
    const address = `${seed.anna.userId}@salon.test`;
    const [first, second] = await Promise.all([
      api('/export', { method: 'POST', headers: seed.anna.headers }),
      api('/export', { method: 'POST', headers: seed.anna.headers }),
    ]);
    const a = await ok<ExportAnswer>(first, 202);
    const b = await ok<ExportAnswer>(second, 202);
    expect(a.export!.id).toBe(b.export!.id);
    expect(a.email).toBe(address);
    const ready = await waitForState(seed.anna.headers, 'ready', 60_000);
    expect(ready.export).toMatchObject({ id: a.export!.id, state: 'ready', phase: 'done' });
    expect(ready.export!.filesDone).toBe(ready.export!.filesTotal);

    const mail = await newestMail(address, 1);
    const link = linkIn(mail);
    expect(link.startsWith(`${ORIGIN}/export/${a.export!.id}/download?key=`)).toBe(true);
    // One mail for the two requests.
    expect((await mailsTo(address)).length).toBe(1);

    // After a day the link does nothing (asked of the service at that time; the archive stays).
    const key = decodeURIComponent(new URL(link).searchParams.get('key')!);
    await expect(download(env, database(env.DB), a.export!.id, key, Date.now() + EXPORT_LINK_TTL_MS + 1)).rejects.toMatchObject({ code: 'exportLinkSpent' });
    // A wrong key neither.
    const wrong = await SELF.fetch(link.replace(/key=.*/, 'key=nope'), { redirect: 'manual' });
    expect(wrong.status).toBe(302);

    const response = await SELF.fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="salon-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const archive = new Uint8Array(await response.arrayBuffer());
    expect(archive.length).toBe(ready.export!.bytes);
    await expectConsultantArchive(archive, seed);

    // Once: the second click leads to the page that offers a new link.
    const again = await SELF.fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('Location')).toBe('/export?link=spent');
    const answer = await ok<ExportAnswer>(await api('/export', { headers: seed.anna.headers }));
    expect(answer.export!.link).toMatchObject({ used: true });

    // A new link: mailed, and it works once more.
    await ok(await api('/export/link', { method: 'POST', headers: seed.anna.headers }));
    const fresh = linkIn(await newestMail(address, 2));
    expect(fresh).not.toBe(link);
    expect((await SELF.fetch(fresh, { redirect: 'manual' })).status).toBe(200);
    // A link waiting to be used is mailed again at most once a minute.
    await ok(await api('/export/link', { method: 'POST', headers: seed.anna.headers }));
    await expectError(await api('/export/link', { method: 'POST', headers: seed.anna.headers }), 429, 'rateLimited');
    expect((await mailsTo(address)).length).toBe(3);
  });

  it('continues after a failure from the part it had written, to the same complete archive', async () => {
    const seed = await seeded();
    const db = database(env.DB);
    const { run } = await startExport(db, newExportRow({ userId: seed.anna.userId }, 'de', ORIGIN, Date.now()));
    // R2 fails the second part once: the job stops there with part 1 and its state saved.
    let failed = 0;
    const failing = new Proxy(env.MEDIA, {
      get(target, property) {
        if (property !== 'resumeMultipartUpload') return Reflect.get(target, property).bind(target);
        return (key: string, uploadId: string) => {
          const upload = target.resumeMultipartUpload(key, uploadId);
          return new Proxy(upload, {
            get(inner, name) {
              if (name !== 'uploadPart') return Reflect.get(inner, name).bind(inner);
              return (number: number, value: Uint8Array) => {
                if (number === 2 && failed++ === 0) throw new Error('injected: R2 refused the part');
                return inner.uploadPart(number, value);
              };
            },
          });
        };
      },
    });
    await expect(runExportSlice(env, run.id, { bucket: failing, partSize: PART })).rejects.toThrow('injected');
    const stopped = (await exportRun(db, run.id))!;
    expect(stopped).toMatchObject({ state: 'running', phase: 'pack', bytes: PART });
    const state = await (await env.MEDIA.get(`exports/${run.id}/state.json`))!.json<{ parts: string[] }>();
    expect(state.parts).toHaveLength(1);

    expect(await runExportSlice(env, run.id, { partSize: PART })).toBe('done');
    const finished = (await exportRun(db, run.id))!;
    expect(finished.state).toBe('ready');
    const archive = new Uint8Array(await (await env.MEDIA.get(`exports/${run.id}/archive.zip`))!.arrayBuffer());
    expect(archive.length).toBeGreaterThan(2 * PART);
    await expectConsultantArchive(archive, seed);
    // What the job kept beside the archive is gone.
    const left = await env.MEDIA.list({ prefix: `exports/${run.id}/` });
    expect(left.objects.map((object) => object.key)).toEqual([`exports/${run.id}/archive.zip`]);
  });
});

describe('a guest’s export', () => {
  it('holds her messages, context lines, pictures, choices and parties, and nothing of another guest', async () => {
    const email = `maria-${crypto.randomUUID().slice(0, 8)}@salon.test`;
    const seed = await seeded(email);
    const started = await ok<ExportAnswer>(await api('/export', { method: 'POST', headers: seed.maria.headers }), 202);
    expect(started.email).toBe(email);
    await waitForState(seed.maria.headers, 'ready', 60_000);
    // Her claim's code came first; the export's link second.
    const link = linkIn(await newestMail(email, 2));
    const files = await readZip(new Uint8Array(await (await SELF.fetch(link)).arrayBuffer()));
    const names = [...files.keys()];
    const json = JSON.parse(text(files.get(names.find((name) => name.endsWith('Wellness-Abend/messages.json'))!)!.bytes));
    expect(json.messages.map((message: ChatMessage) => message.id)).toEqual([
      seed.messages.mariaToAnna.id,
      seed.messages.mariaToTom.id,
      seed.messages.mariaPhoto.id,
    ]);
    expect(json.messages[0].context).toEqual({ text: '*Willkommen* zu unserem Wellness-Abend!', by: 'manager', managerName: 'Anna Berater' });
    expect(json.messages[1].context).toEqual({ text: 'Tom hier, ich freue mich', by: 'guest', managerName: null });
    expect(json.choices).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'product', options: [0] }), expect.objectContaining({ kind: 'poll', options: [1] })]),
    );
    expect(json.reactions).toEqual([{ emoji: '👍', context: { text: 'Tom hier, ich freue mich', by: 'guest', managerName: null } }]);
    const photo = json.messages[2].file;
    expect(sameBytes(files.get(photo)!.bytes, GUEST_PHOTO)).toBe(true);
    // Her picture is not there (she has none); neither the consultant's files nor another guest's name or id.
    expect(names.filter((name) => /\.(jpg|pdf)$/.test(name))).toEqual([photo]);
    for (const file of files.values()) {
      const content = text(file.bytes);
      expect(content, file.name).not.toContain('Berg');
      expect(content, file.name).not.toContain(seed.tom.guestId);
      expect(content, file.name).not.toContain('Das war ein Versehen');
    }
    const account = JSON.parse(text(files.get('account/account.json')!.bytes));
    expect(account).toMatchObject({
      firstName: 'Maria',
      lastName: 'Klein',
      email,
      parties: [expect.objectContaining({ title: 'Wellness-Abend', managerName: 'Anna Berater' })],
    });
  });

  it('needs an address, and a person', async () => {
    const anna = await createConsultant();
    const party = await createParty(anna);
    const nameOnly = await joinGuest(party.id);
    await expectError(await api('/export', { method: 'POST', headers: nameOnly.headers }), 409, 'noAddress');
    await expectError(await api('/export', { method: 'POST' }), 401, 'unauthorized');
    await expectError(await api('/export'), 401, 'unauthorized');
    await expectError(await api('/export/link', { method: 'POST', headers: anna.headers }), 409, 'exportNotReady');
  });
});
