import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, isErrorCode } from '../../app/core/errors';
import type { ErrorCode } from '../../app/core/errors';
import { markerOf } from '../../app/core/markers';
import { FIRST_MENU_PATH } from '../../app/core/workspace';
import type { ChatMessage, ServerEvent } from '../../app/core/protocol';
import { createSession } from '../../worker/auth/sessions';
import { database } from '../../worker/db/client';
import type { Actor, ApiInput, BadInput, BadInputWorld, Frame } from '../fixtures/bad-input-catalogue';
import { TINY_PNG } from '../fixtures/authorization-matrix';
import { BAD_INPUTS, LOCKED_PASSWORD, RETURN_TARGETS } from '../fixtures/bad-input-catalogue';
import { ORIGIN, TestSocket, apiInPlace, basic, createConsultant, fetchInPlace, json, sessionCookie } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * Runs test/fixtures/bad-input-catalogue.ts: each entry in a world of its own, its answer checked,
 * and the state (party records, members, sessions, guests with their keys and codes, the messages
 * of both parties) compared
 * before and after: a refusal changes nothing, an accepted entry changes exactly what it stores.
 */

type Headers = Record<string, string>;

async function call(path: string, init: { method?: string; headers?: Headers; body?: unknown }, status: number): Promise<any> {
  const response = await apiInPlace(path, init);
  if (response.status !== status) throw new Error(`world: ${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return status === 204 ? null : json(response);
}

interface Built {
  world: BadInputWorld;
  /** The actor's credentials (the removed guest is made on first use). */
  as(actor: Actor): Promise<Headers>;
  /** Member ids by actor (for who a stored message or name must belong to). */
  memberOf: Partial<Record<Actor, string>>;
  userIds: string[];
  readers: { partyId: string; headers: Headers }[];
  managerHeaders: Headers;
}

/** Another consultant's party with one message: only read (and aimed at), so one serves all. */
let foreignWorld: Promise<{
  berta: Consultant;
  foreignParty: { id: string };
  foreignMessage: string;
  foreignMediaFolder: string;
  foreignMediaItem: string;
  foreignMediaVideo: string;
  foreignTemplate: string;
  foreignShareToken: string;
}> | null = null;

/** A video of `who` with its bytes in R2, as an upload leaves it (uploads are not this catalogue's concern). */
async function uploadedVideo(who: Consultant): Promise<string> {
  const id = (await call('/media', { method: 'POST', headers: who.headers, body: { title: 'Video', contentType: 'video/mp4', size: 4 } }, 201)).id as string;
  await env.MEDIA.put(`${who.userId}/${id}`, new Uint8Array([0, 0, 0, 0]));
  return id;
}

function foreign() {
  foreignWorld ??= (async () => {
    const berta = await createConsultant({ name: 'Berta' });
    const foreignParty = await call('/parties', { method: 'POST', headers: berta.headers, body: { title: 'Fremde Party' } }, 201);
    const message = await call(`/parties/${foreignParty.id}/chat`, { method: 'POST', headers: berta.headers, body: { message: 'Geheim' } }, 201);
    const mediaFolder = await call('/media/folder', { method: 'POST', headers: berta.headers, body: { title: 'Bertas Ordner' } }, 201);
    const mediaItem = await call(
      '/media',
      { method: 'POST', headers: berta.headers, body: { title: 'Bertas Foto', contentType: 'image/jpeg', size: 1000 } },
      201,
    );
    const foreignMediaVideo = await uploadedVideo(berta);
    const foreignTemplate = (await call('/templates/create', { method: 'POST', headers: berta.headers, body: { title: 'Bertas Vorlage' } }, 201)).id as string;
    const foreignShareToken = (await call(`/templates/${foreignTemplate}/share`, { method: 'PUT', headers: berta.headers }, 200)).shareToken as string;
    return {
      berta,
      foreignParty,
      foreignMessage: message.id as string,
      foreignMediaFolder: mediaFolder.id as string,
      foreignMediaItem: mediaItem.id as string,
      foreignMediaVideo,
      foreignTemplate,
      foreignShareToken,
    };
  })();
  return foreignWorld;
}

/** Runs `make` once, on first use: most entries need only a few parts of the world. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
}

async function buildWorld(): Promise<Built> {
  const [clara, { berta, foreignParty, foreignMessage, foreignMediaFolder, foreignMediaItem, foreignMediaVideo, foreignTemplate, foreignShareToken }] =
    await Promise.all([createConsultant({ name: 'Clara' }), foreign()]);
  const party = await call('/parties', { method: 'POST', headers: clara.headers, body: { title: 'Wellness-Party' } }, 201);
  const joined = await apiInPlace(`/parties/${party.id}/join`, { method: 'PUT', body: { firstName: 'Maria', lastName: 'Klein' } });
  const guest = await json<{ guestId: string; secretKey: string }>(joined);
  const guestCookie = joined.headers.getSetCookie()[0]!.split(';')[0]!;
  const guestHeaders = basic(guest.guestId, guest.secretKey);

  const post = async (headers: Headers, body: Record<string, unknown>) =>
    (await call(`/parties/${party.id}/chat`, { method: 'POST', headers, body }, 201)).id as string;
  const sentWithTempId = (headers: Headers, message: string) =>
    once(async () => {
      const tempId = crypto.randomUUID();
      await post(headers, { message, tempId });
      return tempId;
    });
  const removed = once(async () => {
    const rita = await call(`/parties/${party.id}/join`, { method: 'PUT', body: { firstName: 'Rita', lastName: 'Raus' } }, 200);
    await call(`/parties/${party.id}/removeGuest/${rita.guestId}`, { method: 'DELETE', headers: clara.headers }, 204);
    return rita as { guestId: string; secretKey: string };
  });

  const db = database(env.DB);
  const world: BadInputWorld = {
    party,
    managerId: clara.userId,
    guestId: guest.guestId,
    guestMessage: () => post(guestHeaders, { message: 'Noch eine' }),
    guestTempId: sentWithTempId(guestHeaders, 'von Maria'),
    managerTempId: sentWithTempId(clara.headers, 'von Clara'),
    foreignMessage,
    foreignParty,
    expireParty: () =>
      call(`/parties/${party.id}`, { method: 'PUT', headers: clara.headers, body: { title: 'Wellness-Party', expiration: Date.now() - 60_000 } }, 200),
    lockedParty: once(() =>
      call('/parties', { method: 'POST', headers: clara.headers, body: { title: 'Geschlossene Party', password: LOCKED_PASSWORD } }, 201),
    ),
    loggedOut: once(async () => {
      const tokens = await createSession(db, clara.userId, null);
      await call('/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${tokens.accessToken}` } }, 204);
      return tokens;
    }),
    usedRefreshToken: async () => {
      const tokens = await createSession(db, clara.userId, null);
      await call('/auth/refresh', { method: 'POST', body: { refreshToken: tokens.refreshToken } }, 200);
      return tokens.refreshToken;
    },
    mixedCredentials: async () => basic(guest.guestId, (await removed()).secretKey).Authorization!,
    mediaFolder: once(async () => (await call('/media/folder', { method: 'POST', headers: clara.headers, body: { title: 'Ordner' } }, 201)).id as string),
    mediaItem: once(
      async () =>
        (await call('/media', { method: 'POST', headers: clara.headers, body: { title: 'Foto', contentType: 'image/jpeg', size: 1000 } }, 201)).id as string,
    ),
    foreignMediaFolder,
    foreignMediaItem,
    mediaVideo: once(() => uploadedVideo(clara)),
    foreignMediaVideo,
    guestPhoto: once(async () => {
      const announced = await call(
        `/parties/${party.id}/media`,
        { method: 'POST', headers: guestHeaders, body: { messageType: 'photo', contentType: 'image/png', mediaExtension: 'png' } },
        201,
      );
      const stored = await fetchInPlace(announced.uploadUrl, { method: 'PUT', headers: { ...guestHeaders, 'Content-Type': 'image/png' }, body: TINY_PNG });
      if (stored.status !== 200) throw new Error(`world: photo: ${stored.status} ${await stored.text()}`);
      return announced.mediaAttachment as string;
    }),
    announcedPhoto: once(
      async () =>
        (await call(`/parties/${party.id}/media`, { method: 'POST', headers: guestHeaders, body: { messageType: 'photo', contentType: 'image/jpeg' } }, 201))
          .mediaAttachment as string,
    ),
    template: once(async () => {
      const id = (await call('/templates/create', { method: 'POST', headers: clara.headers, body: { title: 'Vorlage' } }, 201)).id as string;
      const messageId = (await call(`/templates/${id}/sendMessage`, { method: 'POST', headers: clara.headers, body: { message: 'Hallo' } }, 201)).id as string;
      return { id, messageId };
    }),
    templateFolder: once(
      async () => (await call('/templates/folder', { method: 'POST', headers: clara.headers, body: { title: 'Ordner' } }, 201)).id as string,
    ),
    partyFolder: once(async () => (await call('/parties/folder', { method: 'POST', headers: clara.headers, body: { title: 'Ordner' } }, 201)).id as string),
    lastingParty: once(
      async () => (await call('/parties', { method: 'POST', headers: clara.headers, body: { title: 'Team', expiration: null } }, 201)).id as string,
    ),
    foreignTemplate,
    foreignShareToken,
  };
  const fixed: Record<Exclude<Actor, 'removedGuest'>, Headers> = {
    anonymous: {},
    guest: guestHeaders,
    manager: clara.headers,
    guestCookie: { Cookie: guestCookie },
  };
  return {
    world,
    as: async (actor) => (actor === 'removedGuest' ? basic((await removed()).guestId, (await removed()).secretKey) : fixed[actor]),
    memberOf: { guest: guest.guestId, guestCookie: guest.guestId, manager: clara.userId },
    userIds: [clara.userId, berta.userId],
    readers: [
      { partyId: party.id, headers: clara.headers },
      { partyId: foreignParty.id, headers: berta.headers },
    ],
    managerHeaders: clara.headers,
  };
}

// ---- the state an entry must leave alone ----------------------------------------------------

interface State {
  /** Each record under a key such as `party:<id>`, `member:<party>/<guest>`, `session:<id>`. */
  records: Map<string, string>;
  guests: number;
  chats: Map<string, { seq: number; messages: ChatMessage[] }>;
}

async function rows(sql: string, ...bindings: unknown[]): Promise<Record<string, unknown>[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...bindings)
      .all<Record<string, unknown>>()
  ).results;
}

async function snapshot(built: Built): Promise<State> {
  const users = built.userIds.map(() => '?').join(', ');
  const [
    parties,
    members,
    sessions,
    mediaFolders,
    mediaItems,
    templateFolders,
    templates,
    templateMessages,
    templateRecipients,
    partyFolders,
    pushSubscriptions,
    pushMutes,
    worldGuests,
    guestKeys,
    guestCodes,
    counted,
    ...chats
  ] = await Promise.all([
    // The dashboard's mirrored summary (latest_*, manager_*) and updated_at are caches, not state.
    rows(
      `SELECT id, short_id, user_id, profile_id, title, host, start_at, expires_at, password_hash, restricted_messaging, folder_id, created_at FROM parties WHERE user_id IN (${users})`,
      ...built.userIds,
    ),
    rows(`SELECT m.* FROM party_members m JOIN parties p ON p.id = m.party_id WHERE p.user_id IN (${users})`, ...built.userIds),
    rows(`SELECT id, user_id, access_hash, access_expires_at, refresh_hash, refresh_expires_at FROM sessions WHERE user_id IN (${users})`, ...built.userIds),
    rows(`SELECT * FROM media_folders WHERE user_id IN (${users})`, ...built.userIds),
    rows(`SELECT * FROM media_items WHERE user_id IN (${users})`, ...built.userIds),
    rows(`SELECT * FROM template_folders WHERE user_id IN (${users})`, ...built.userIds),
    rows(`SELECT * FROM templates WHERE user_id IN (${users})`, ...built.userIds),
    rows(`SELECT m.* FROM template_messages m JOIN templates t ON t.id = m.template_id WHERE t.user_id IN (${users})`, ...built.userIds),
    rows(`SELECT * FROM template_recipients WHERE user_id IN (${users})`, ...built.userIds),
    rows(`SELECT * FROM party_folders WHERE user_id IN (${users})`, ...built.userIds),
    rows(`SELECT s.* FROM push_subscriptions s JOIN parties p ON p.id = s.party_id WHERE p.user_id IN (${users})`, ...built.userIds),
    rows(`SELECT u.* FROM push_mutes u JOIN parties p ON p.id = u.party_id WHERE p.user_id IN (${users})`, ...built.userIds),
    // The accounts of the world's guests (ADR 034), their devices' keys, and every code asked for.
    rows(
      `SELECT id, first_name, last_name, email, picture_key, picture_type FROM guests WHERE id IN (SELECT m.guest_id FROM party_members m JOIN parties p ON p.id = m.party_id WHERE p.user_id IN (${users}))`,
      ...built.userIds,
    ),
    rows(
      `SELECT id, guest_id, secret_hash FROM guest_keys WHERE guest_id IN (SELECT m.guest_id FROM party_members m JOIN parties p ON p.id = m.party_id WHERE p.user_id IN (${users}))`,
      ...built.userIds,
    ),
    rows('SELECT * FROM guest_codes'),
    rows('SELECT COUNT(*) AS n FROM guests'),
    ...built.readers.map((reader) => call(`/parties/${reader.partyId}/chat`, { headers: reader.headers }, 200)),
  ]);
  const records = new Map<string, string>();
  for (const party of parties) records.set(`party:${party.id}`, JSON.stringify(party));
  for (const member of members) records.set(`member:${member.party_id}/${member.guest_id}`, JSON.stringify(member));
  for (const session of sessions) records.set(`session:${session.id}`, JSON.stringify(session));
  for (const folder of mediaFolders) records.set(`mediaFolder:${folder.id}`, JSON.stringify(folder));
  for (const item of mediaItems) records.set(`mediaItem:${item.id}`, JSON.stringify(item));
  for (const folder of templateFolders) records.set(`templateFolder:${folder.id}`, JSON.stringify(folder));
  for (const template of templates) records.set(`template:${template.id}`, JSON.stringify(template));
  for (const message of templateMessages) records.set(`templateMessage:${message.id}`, JSON.stringify(message));
  for (const copy of templateRecipients) records.set(`templateCopy:${copy.template_id}/${copy.user_id}`, JSON.stringify(copy));
  for (const folder of partyFolders) records.set(`partyFolder:${folder.id}`, JSON.stringify(folder));
  for (const subscription of pushSubscriptions) records.set(`pushSubscription:${subscription.id}`, JSON.stringify(subscription));
  for (const mute of pushMutes) records.set(`pushMute:${mute.party_id}/${mute.member_id}`, JSON.stringify(mute));
  for (const guest of worldGuests) records.set(`guest:${guest.id}`, JSON.stringify(guest));
  for (const key of guestKeys) records.set(`guestKey:${key.id}`, JSON.stringify(key));
  for (const code of guestCodes) records.set(`guestCode:${code.challenge_hash}`, JSON.stringify(code));
  return {
    records,
    guests: Number(counted[0]!.n),
    chats: new Map(built.readers.map((reader, n) => [reader.partyId, chats[n] as { seq: number; messages: ChatMessage[] }])),
  };
}

interface Diff {
  changed: { key: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
  guests: number;
  /** Per party: messages that are new, and old ones that differ. */
  added: Map<string, ChatMessage[]>;
  altered: string[];
  seq: Map<string, number>;
}

function diff(before: State, after: State): Diff {
  const changed: Diff['changed'] = [];
  for (const key of new Set([...before.records.keys(), ...after.records.keys()])) {
    const a = before.records.get(key);
    const b = after.records.get(key);
    if (a !== b) changed.push({ key, before: a ? JSON.parse(a) : null, after: b ? JSON.parse(b) : null });
  }
  const added = new Map<string, ChatMessage[]>();
  const altered: string[] = [];
  const seq = new Map<string, number>();
  for (const [partyId, chat] of after.chats) {
    const old = before.chats.get(partyId)!;
    const known = new Map(old.messages.map((m) => [m.id, JSON.stringify(m)]));
    const fresh = chat.messages.filter((m) => !known.has(m.id));
    if (fresh.length) added.set(partyId, fresh);
    for (const m of chat.messages) if (known.has(m.id) && known.get(m.id) !== JSON.stringify(m)) altered.push(`message ${m.id} in ${partyId}`);
    for (const m of old.messages) if (!chat.messages.some((n) => n.id === m.id)) altered.push(`message ${m.id} in ${partyId} is gone`);
    if (chat.seq !== old.seq) seq.set(partyId, chat.seq - old.seq);
  }
  return { changed, guests: after.guests - before.guests, added, altered, seq };
}

function describeDiff(d: Diff): string[] {
  const lines = d.changed.map(({ key, before, after }) => {
    if (!before) return `${key} added: ${JSON.stringify(after)}`;
    if (!after) return `${key} removed`;
    const fields = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    return `${key}: ${fields.map((k) => `${k} ${JSON.stringify(before[k])} → ${JSON.stringify(after[k])}`).join(', ')}`;
  });
  if (d.guests) lines.push(`guests: ${d.guests > 0 ? '+' : ''}${d.guests}`);
  for (const [partyId, messages] of d.added) lines.push(`party ${partyId}: new messages ${JSON.stringify(messages.map((m) => m.message))}`);
  lines.push(...d.altered.map((what) => `${what} changed`));
  for (const [partyId, delta] of d.seq) lines.push(`party ${partyId}: seq +${delta}`);
  return lines;
}

const MESSAGE_KEYS = [
  'deleted',
  'editedAt',
  'forwarded',
  'id',
  'message',
  'messageType',
  'replyingTo',
  'sender',
  'senderName',
  'senderType',
  'seq',
  'tempId',
  'timestamp',
];

/** For an accepted entry: the one change it stores is there, and nothing else changed. */
function checkStored(entry: BadInput, built: Built, d: Diff, window: { from: number; to: number }): string[] {
  const stores = entry.stores ?? {};
  const problems: string[] = [];
  const rest: Diff = { ...d, added: new Map(d.added), seq: new Map(d.seq), changed: [...d.changed] };
  const partyId = built.world.party.id;
  if (stores.message !== undefined) {
    const [message, ...more] = rest.added.get(partyId) ?? [];
    rest.added.delete(partyId);
    if (!message || more.length) problems.push(`expected one new message, got ${JSON.stringify(d.added.get(partyId) ?? [])}`);
    else {
      // Stored verbatim, with nothing but a message's own fields, and who, what and when from
      // the server (not from the request).
      const expected = {
        message: stores.message,
        sender: built.memberOf[entry.actor],
        senderType: entry.actor === 'manager' ? 'manager' : 'guest',
        deleted: false,
        editedAt: null,
        replyingTo: null,
        forwarded: false,
      };
      const actual = Object.fromEntries(Object.keys(expected).map((key) => [key, message[key as keyof ChatMessage]]));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) problems.push(`stored ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
      if (Object.keys(message).sort().join() !== MESSAGE_KEYS.join()) problems.push(`stored fields ${Object.keys(message).sort().join()}`);
      if (message.timestamp < window.from || message.timestamp > window.to) problems.push(`timestamp ${message.timestamp} is not the server's time`);
      if (rest.seq.get(partyId) === 1) rest.seq.delete(partyId);
    }
  }
  for (const field of ['title', 'host'] as const) {
    if (stores[field] === undefined) continue;
    const at = rest.changed.findIndex((c) => c.key === `party:${partyId}`);
    const change = rest.changed[at];
    const fields = change?.before && change.after ? Object.keys(change.after).filter((k) => change.before![k] !== change.after![k]) : [];
    if (!change || fields.join() !== field || change.after![field] !== stores[field])
      problems.push(`expected only the party's ${field} to become ${JSON.stringify(stores[field])}`);
    else rest.changed.splice(at, 1);
  }
  if (stores.mediaTitle !== undefined) {
    // A new item or folder of the actor with that title, or a rename (the title and when).
    const at = rest.changed.findIndex((c) => c.key.startsWith('mediaItem:') || c.key.startsWith('mediaFolder:'));
    const change = rest.changed[at];
    const fields =
      change?.before && change.after
        ? Object.keys(change.after)
            .filter((k) => change.before![k] !== change.after![k])
            .sort()
        : [];
    const fits =
      change?.after?.title === stores.mediaTitle &&
      (change.before ? fields.every((k) => k === 'title' || k === 'updated_at') : change.after.user_id === built.memberOf[entry.actor]);
    if (!fits) problems.push(`expected one media entry titled ${JSON.stringify(stores.mediaTitle)}, got ${JSON.stringify(change ?? null)}`);
    else rest.changed.splice(at, 1);
  }
  if (stores.guestNames) {
    // Her account's names only, verbatim.
    const key = `guest:${built.memberOf[entry.actor]}`;
    const at = rest.changed.findIndex((c) => c.key === key);
    const change = rest.changed[at];
    const names = { first_name: stores.guestNames.firstName, last_name: stores.guestNames.lastName };
    if (!change?.before || JSON.stringify(change.after) !== JSON.stringify({ ...change.before, ...names })) {
      problems.push(`expected ${key} to be named ${JSON.stringify(stores.guestNames)}, got ${JSON.stringify(change ?? null)}`);
    } else rest.changed.splice(at, 1);
  }
  if (stores.names) {
    const at = rest.changed.findIndex((c) => c.key.startsWith(`member:${partyId}/`) && c.after);
    const change = rest.changed[at];
    const after = change?.after ?? {};
    const names = { first_name: stores.names.firstName, last_name: stores.names.lastName };
    // A rename changes the names only; a join adds a plain guest.
    const expected = change?.before ? { ...change.before, ...names } : { ...after, is_host: 0, removed_at: null, ...names };
    if (!change || JSON.stringify(after) !== JSON.stringify(expected)) {
      problems.push(`expected one member named ${JSON.stringify(stores.names)}, got ${JSON.stringify(change ?? null)}`);
    } else {
      const member = built.memberOf[entry.actor];
      if (member && change.key !== `member:${partyId}/${member}`) problems.push(`the rename landed on ${change.key}, not on ${entry.actor}`);
      rest.changed.splice(at, 1);
      // A join creates a guest identity with it (her account and her device's key), and a notice
      // in the conversation in its name.
      if (!change.before && rest.guests === 1) rest.guests = 0;
      if (!change.before) {
        const joined = change.after!.guest_id;
        rest.changed = rest.changed.filter(
          (c) => c.before || !(c.key === `guest:${joined}` || (c.key.startsWith('guestKey:') && c.after?.guest_id === joined)),
        );
      }
      if (!change.before) {
        const added = rest.added.get(partyId) ?? [];
        const notice = added.find((m) => markerOf(m) === 'guestJoined' && m.sender === change.after!.guest_id);
        if (!notice) problems.push(`expected the notice that ${JSON.stringify(stores.names)} joined`);
        else {
          const others = added.filter((m) => m !== notice);
          if (others.length) rest.added.set(partyId, others);
          else rest.added.delete(partyId);
          const delta = rest.seq.get(partyId) ?? 0;
          if (delta === 1) rest.seq.delete(partyId);
          else rest.seq.set(partyId, delta - 1);
        }
      }
    }
  }
  return [...problems, ...describeDiff(rest).map((line) => `unexpected change: ${line}`)];
}

// ---- running an entry -----------------------------------------------------------------------

type Outcome = { refused: ErrorCode | null; status: number; body: string; answer?: ServerEvent };

/** An HTTP answer: its status, body, and the error code when it is a refusal. */
async function outcomeOf(response: Response): Promise<Outcome> {
  const body = await response.text();
  let refused: ErrorCode | null = null;
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    if (isErrorCode(code)) refused = code;
  } catch {
    // Not JSON: judged by the status.
  }
  return { refused, status: response.status, body };
}

async function runApi(entry: BadInput, input: ApiInput, built: Built): Promise<Outcome> {
  const headers = { ...(await built.as(entry.actor)), ...input.headers };
  const send = async () => outcomeOf(await apiInPlace(input.path, { method: input.method, headers, body: input.body }));
  const times = input.times ?? 1;
  for (let n = 1; n < times; n++) {
    const earlier = await send();
    expect(earlier.refused, `attempt ${n} of ${times} must be refused too`).not.toBeNull();
  }
  return send();
}

const ANSWERS: Record<string, ServerEvent['type']> = {
  join: 'welcome',
  iAmOnline: 'iAmOnline',
  sendMessage: 'ack',
  updateMessage: 'updatedMessage',
  updateSeen: 'presence',
  guestUpdate: 'guestUpdate',
  members: 'members',
};

/**
 * Whether an event is the answer wanted. A presence frame answers a seen position only when it
 * carries one: the socket's own arrival is told in a presence frame too.
 */
function answers(event: ServerEvent, wanted: ServerEvent['type'] | undefined): boolean {
  return event.type === wanted && (event.type !== 'presence' || event.seen !== undefined);
}

function answerTypeOf(frame: Frame): ServerEvent['type'] | undefined {
  let parsed: unknown = frame;
  if (typeof frame === 'string') {
    try {
      parsed = JSON.parse(frame);
    } catch {
      return undefined;
    }
  }
  const type = (parsed as { type?: unknown } | null)?.type;
  return typeof type === 'string' && Object.hasOwn(ANSWERS, type) ? ANSWERS[type] : undefined;
}

/** The socket is opened and joined first; the state is recorded only then (`before`). */
async function runSocket(entry: Extract<BadInput, { channel: 'socket' }>, built: Built, before: () => Promise<void>): Promise<Outcome> {
  const input = await entry.socket(built.world);
  const response = await fetchInPlace(`${ORIGIN}/api/parties/${built.world.party.id}/socket`, {
    headers: { Upgrade: 'websocket', ...(await built.as(entry.actor)), ...input.handshake },
  });
  if (!response.webSocket) {
    await before();
    return outcomeOf(response);
  }
  const socket = new TestSocket(response.webSocket);
  try {
    if (input.join !== false) {
      socket.join(null);
      await socket.next('welcome');
    }
    await input.meanwhile?.();
    await before();
    socket.events.length = 0;
    if (input.frame instanceof ArrayBuffer) socket.ws.send(input.frame);
    else socket.send(input.frame);
    const wanted = entry.answer?.(built.world).type ?? answerTypeOf(input.frame);
    const end = Date.now() + 3000;
    for (;;) {
      const answer = socket.events.find((event) => event.type === 'error' || answers(event, wanted));
      if (answer) return { refused: answer.type === 'error' ? answer.code : null, status: 101, body: JSON.stringify(answer), answer };
      if (Date.now() > end) return { refused: null, status: 101, body: `no answer; got ${JSON.stringify(socket.events)}` };
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    socket.close();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('the bad-input catalogue', () => {
  it('has at least 30 entries, over both channels, with unique names', () => {
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(BAD_INPUTS.map((entry) => entry.channel))).toEqual(new Set(['api', 'socket']));
    expect(new Set(BAD_INPUTS.map((entry) => entry.name)).size).toBe(BAD_INPUTS.length);
  });

  for (const entry of BAD_INPUTS) {
    it(`${entry.channel}: ${entry.name}`, async () => {
      const built = await buildWorld();
      let before: State | null = null;
      const record = async () => {
        before = await snapshot(built);
      };
      const from = Date.now();
      let outcome: Outcome;
      // The actor and the request are made first (they may create what they need), then the
      // state is recorded.
      await built.as(entry.actor);
      if (entry.channel === 'api') {
        const input = await entry.request(built.world);
        await record();
        outcome = await runApi(entry, input, built);
      } else {
        outcome = await runSocket(entry, built, record);
      }
      const to = Date.now();
      const shown = `${outcome.status} ${outcome.body.slice(0, 300)}`;
      expect(outcome.body, 'no stack trace or internals in the answer').not.toMatch(/Error:|\bat \S+ \(|\.ts:\d+|node_modules/);

      if (isErrorCode(entry.expected)) {
        expect(outcome.refused, shown).toBe(entry.expected);
        if (outcome.status !== 101) expect(outcome.status, shown).toBe(ERROR_STATUS[entry.expected]);
        await settle();
        expect(describeDiff(diff(before!, await snapshot(built))), 'a refusal changes nothing').toEqual([]);
        return;
      }

      expect(outcome.refused, shown).toBeNull();
      if (outcome.status !== 101) expect(outcome.status >= 200 && outcome.status < 300, shown).toBe(true);
      else expect(outcome.answer, shown).toBeDefined();
      if (entry.answer && outcome.answer) expect(outcome.answer).toMatchObject(entry.answer(built.world));

      if (entry.expected === 'ignored') {
        await settle();
        expect(describeDiff(diff(before!, await snapshot(built))), 'nothing changed').toEqual([]);
        return;
      }

      // Accepted and inert: exactly what it stores, verbatim. Names reach D1 from the room in the
      // background, so the state is read until the change arrives.
      let problems: string[] = [];
      for (let attempt = 0; attempt < 40; attempt++) {
        problems = checkStored(entry, built, diff(before!, await snapshot(built)), { from, to });
        if (problems.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(problems).toEqual([]);

      // The server-rendered party page carries none of it as markup.
      const page = await (await fetchInPlace(`${ORIGIN}/${built.world.party.shortId}`, { headers: built.managerHeaders })).text();
      for (const text of Object.values(entry.stores ?? {}).flatMap((value) => (typeof value === 'string' ? [value] : Object.values(value)))) {
        if (text.includes('<')) expect(page.includes(text), `raw ${JSON.stringify(text)} in the page's HTML`).toBe(false);
      }
    });
  }
});

describe('the bad-input catalogue: places to return to', () => {
  /** Every page that redirects to a target the request names, as a browser asks it. */
  const readers = (query: string, consultant: Consultant): [string, () => Promise<Response>][] => {
    const form = (path: string, body: string) => () =>
      fetchInPlace(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Host: 'salon.test' },
        body,
        redirect: 'manual',
      });
    return [
      ['sign-in, signed in already', () => fetchInPlace(`${ORIGIN}/login?returnTo=${query}`, { headers: sessionCookie(consultant), redirect: 'manual' })],
      ['the landing page, signed in', () => fetchInPlace(`${ORIGIN}/?returnTo=${query}`, { headers: sessionCookie(consultant), redirect: 'manual' })],
      ['the language switch', form('/language', `lng=de&returnTo=${query}`)],
      ['a remembered choice', form('/visitor', `choice=cookies&returnTo=${query}`)],
    ];
  };

  let consultant: Promise<Consultant> | null = null;
  for (const target of RETURN_TARGETS) {
    it(`${target.name}: ${target.query}`, async () => {
      consultant ??= createConsultant();
      const lands = target.lands ?? FIRST_MENU_PATH;
      for (const [reader, ask] of readers(target.query, await consultant)) {
        const response = await ask();
        await response.text();
        expect({ reader, status: response.status, location: response.headers.get('Location') }).toEqual({ reader, status: 302, location: lands });
      }
      // Signed out, the sign-in page carries it on to the provider as a path of ours.
      const signIn = await (await fetchInPlace(`${ORIGIN}/login?returnTo=${target.query}`)).text();
      expect(signIn).toContain(`name="returnTo" value="${lands.replaceAll('&', '&amp;')}"`);
    });
  }
});
