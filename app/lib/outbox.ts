import type { PendingMessage } from '~/core/chat-state';
import type { ErrorCode } from '~/core/errors';
import { isErrorCode, isFinalSendError } from '~/core/errors';
import type { ClientEvent } from '~/core/protocol';
import { inStore, openDatabase, settled } from './idb';

/**
 * The outbox: every message a member writes is kept in IndexedDB before it is handed to the
 * socket, and leaves when the room has acknowledged it, so closing the tab, losing the network or
 * a crash loses nothing (docs/decisions/032-offline-outbox.md). Entries are one member's in one
 * party: another person on the same device never sees or sends them. No React and no `window`:
 * the service worker imports `flushOutbox` for Background Sync.
 */

/** The Background Sync tag under which the page asks the service worker to flush the outbox. */
export const OUTBOX_SYNC_TAG = 'salon-outbox';

export type SendFrame = Extract<ClientEvent, { type: 'sendMessage' }>;

export interface OutboxEntry {
  tempId: string;
  /** `partyId/memberId`: whose entry this is, and the index it is read by. */
  owner: string;
  partyId: string;
  /** The link's short id: the service worker asks by it who its cookies are in this party. */
  shortId: string;
  memberId: string;
  /** The manager's entries leave with her session (sign-out clears them). */
  manager: boolean;
  createdAt: number;
  frame: SendFrame;
  /** A refusal sending again cannot overcome (the party ended): kept to be shown as not sent. */
  error?: ErrorCode;
}

export function ownerKey(partyId: string, memberId: string): string {
  return `${partyId}/${memberId}`;
}

/** Oldest first: the order they were written in is the order they are sent in. */
export function inOrder<T extends Pick<OutboxEntry, 'createdAt' | 'tempId'>>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.createdAt - b.createdAt || (a.tempId < b.tempId ? -1 : a.tempId > b.tempId ? 1 : 0));
}

/** An entry as the chat's pending list shows it: waiting to be sent, or not sent and why. */
export function asPending(entry: OutboxEntry): PendingMessage {
  const { tempId, messageType, message, replyingTo, mediaAttachment } = entry.frame;
  return {
    tempId,
    messageType,
    message: message ?? '',
    replyingTo: replyingTo ?? null,
    ...(mediaAttachment ? { mediaAttachment } : {}),
    createdAt: entry.createdAt,
    ...(entry.error ? { status: 'failed' as const, error: entry.error } : { status: 'sending' as const }),
  };
}

const STORE = 'messages';
let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= openDatabase('salon-outbox', 1, (db) => {
    db.createObjectStore(STORE, { keyPath: 'tempId' }).createIndex('owner', 'owner');
  });
  // A failed open (private mode, storage refused) is tried again next time rather than remembered.
  opened.catch(() => (opened = null));
  return opened;
}

export async function saveEntry(entry: OutboxEntry): Promise<void> {
  await inStore(await database(), STORE, 'readwrite', (store) => settled(store.put(entry)));
}

export async function removeEntry(tempId: string): Promise<void> {
  await inStore(await database(), STORE, 'readwrite', (store) => settled(store.delete(tempId)));
}

/** Records why an entry cannot be sent (it stays, shown as not sent), or clears that (`null`). */
export async function markEntry(tempId: string, error: ErrorCode | null): Promise<void> {
  await inStore(await database(), STORE, 'readwrite', async (store) => {
    const entry = (await settled(store.get(tempId))) as OutboxEntry | undefined;
    if (!entry) return;
    const { error: _previous, ...rest } = entry;
    await settled(store.put(error ? { ...rest, error } : rest));
  });
}

/** One member's entries in one party, oldest first. */
export async function entriesOf(partyId: string, memberId: string): Promise<OutboxEntry[]> {
  const entries = await inStore(await database(), STORE, 'readonly', (store) => settled(store.index('owner').getAll(ownerKey(partyId, memberId))));
  return inOrder(entries as OutboxEntry[]);
}

/** Removes the entries `which` picks: one member's on leaving a party, the manager's on sign-out. */
export async function clearEntries(which: (entry: OutboxEntry) => boolean): Promise<void> {
  await inStore(await database(), STORE, 'readwrite', async (store) => {
    const entries = (await settled(store.getAll())) as OutboxEntry[];
    await Promise.all(entries.filter(which).map((entry) => settled(store.delete(entry.tempId))));
  });
}

// ---- the party page's side (app/components/party/use-party-chat.ts) ----------------------------

/** Whose messages a page keeps: this member in this party. */
export interface Writer {
  partyId: string;
  shortId: string;
  memberId: string;
  manager: boolean;
}

/** What an earlier visit of this member left, as the chat's pending list shows it. */
export async function restore(writer: Pick<Writer, 'partyId' | 'memberId'>): Promise<PendingMessage[]> {
  return (await entriesOf(writer.partyId, writer.memberId)).map(asPending);
}

/** Keeps a message before it is sent; without a network, asks for a Background Sync too. */
export async function keep(writer: Writer, frame: SendFrame, createdAt: number): Promise<void> {
  await saveEntry({ ...writer, tempId: frame.tempId, owner: ownerKey(writer.partyId, writer.memberId), createdAt, frame });
  if (!globalThis.navigator?.onLine) void requestBackgroundSync();
}

const finalError = (p: PendingMessage | undefined) => (p?.status === 'failed' && p.error && isFinalSendError(p.error) ? p.error : null);

/**
 * Follows the chat's pending list: what left it was acknowledged (or put away) and leaves the
 * outbox; a refusal for good is noted on its entry (and cleared when the party goes on after all).
 */
export async function follow(before: readonly PendingMessage[], now: readonly PendingMessage[]): Promise<void> {
  const current = new Map(now.map((p) => [p.tempId, p]));
  for (const was of before) {
    const is = current.get(was.tempId);
    if (!is) await removeEntry(was.tempId);
    else if (finalError(is) !== finalError(was)) await markEntry(is.tempId, finalError(is));
  }
}

/** A party that ended before the page was opened: what waited shows as not sent. */
export async function unsentOf(writer: Pick<Writer, 'partyId' | 'memberId'>): Promise<PendingMessage[]> {
  return (await entriesOf(writer.partyId, writer.memberId)).map((entry) => asPending({ ...entry, error: 'partyExpired' }));
}

/** A member leaving the party takes her entries along. */
export function forget(writer: Pick<Writer, 'partyId' | 'memberId'>): Promise<void> {
  const owner = ownerKey(writer.partyId, writer.memberId);
  return clearEntries((entry) => entry.owner === owner);
}

/** The HTTP chat endpoint's body for an entry: the same tempId, so the room stores it once. */
export function postBody(entry: OutboxEntry): Omit<SendFrame, 'type'> {
  const { type: _type, ...body } = entry.frame;
  return body;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** What a flush needs of the storage: IndexedDB in the browser, a plain map in the unit tests. */
export interface OutboxStore {
  all(): Promise<OutboxEntry[]>;
  remove(tempId: string): Promise<void>;
  mark(tempId: string, error: ErrorCode): Promise<void>;
}

const indexedDbStore: OutboxStore = {
  all: async () => (await inStore(await database(), STORE, 'readonly', (store) => settled(store.getAll()))) as OutboxEntry[],
  remove: removeEntry,
  mark: markEntry,
};

/** The outcome of one HTTP send: stored (now or before), refused for good, or try later. */
async function sendOne(entry: OutboxEntry, post: Fetch): Promise<'sent' | 'later' | ErrorCode> {
  let response: Response;
  try {
    response = await post(`/api/parties/${entry.partyId}/chat`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(postBody(entry)),
    });
  } catch {
    return 'later';
  }
  if (response.ok) return 'sent';
  const body = (await response.json().catch(() => null)) as { error?: { code?: unknown } } | null;
  const code = body?.error?.code;
  return isErrorCode(code) && isFinalSendError(code) ? code : 'later';
}

/** Who the request's cookies are in the party (null: nobody, or the party cannot be read). */
async function memberIdHere(shortId: string, post: Fetch): Promise<string | null | ErrorCode> {
  try {
    const response = await post(`/api/parties/${shortId}`, { credentials: 'same-origin' });
    if (response.ok) return ((await response.json()) as { me: { id: string } | null }).me?.id ?? null;
    const code = ((await response.json().catch(() => null)) as { error?: { code?: unknown } } | null)?.error?.code;
    return code === 'partyExpired' ? code : null;
  } catch {
    return null;
  }
}

/**
 * Sends every waiting entry over HTTP, oldest first per member and party, and resolves once all
 * that could be sent are. For a Background Sync event in the service worker: it rejects while
 * entries still wait, so the browser tries again later. An entry goes only with the cookies of the
 * member who wrote it (another person signed in meanwhile sends nothing of hers); a party that
 * ended marks its entries not sent; a stop in one party leaves the later entries of that party
 * waiting, so none overtakes another.
 */
export async function flushOutbox(post: Fetch = (input, init) => fetch(input, init), store: OutboxStore = indexedDbStore): Promise<void> {
  const all = inOrder(await store.all());
  const byOwner = new Map<string, OutboxEntry[]>();
  for (const entry of all) if (!entry.error) byOwner.set(entry.owner, [...(byOwner.get(entry.owner) ?? []), entry]);
  let waiting = false;
  for (const entries of byOwner.values()) {
    const first = entries[0]!;
    const here = await memberIdHere(first.shortId, post);
    if (here === 'partyExpired') {
      for (const entry of entries) await store.mark(entry.tempId, 'partyExpired');
      continue;
    }
    if (here !== first.memberId) {
      waiting = true;
      continue;
    }
    for (const entry of entries) {
      const outcome = await sendOne(entry, post);
      if (outcome === 'later') {
        waiting = true;
        break;
      }
      if (outcome === 'sent') await store.remove(entry.tempId);
      else await store.mark(entry.tempId, outcome);
    }
  }
  if (waiting) throw new Error('Outbox entries still wait to be sent');
}

/**
 * Asks the service worker to flush the outbox when the network is back, where the browser has
 * Background Sync (Chromium); elsewhere the page flushes when it is opened again.
 */
export async function requestBackgroundSync(): Promise<void> {
  const registration = await globalThis.navigator?.serviceWorker?.getRegistration().catch(() => undefined);
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}
