import { describe, expect, it } from 'vitest';
import { chatReducer, initialChatState } from '../../app/core/chat-state';
import type { ErrorCode } from '../../app/core/errors';
import type { OutboxEntry, OutboxStore } from '../../app/lib/outbox';
import { asPending, flushOutbox, inOrder, ownerKey, postBody } from '../../app/lib/outbox';

// The storage itself is the browser's IndexedDB (test/e2e/offline-outbox.spec.ts); here, the pure
// rules and the service worker's flush over a plain map.

const PARTY = '11111111-1111-4111-8111-111111111111';
const tempIdOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function entry(n: number, fields: Partial<OutboxEntry> = {}): OutboxEntry {
  const memberId = fields.memberId ?? 'guest-a';
  const partyId = fields.partyId ?? PARTY;
  return {
    tempId: tempIdOf(n),
    owner: ownerKey(partyId, memberId),
    partyId,
    shortId: 'abcdefghijkl',
    memberId,
    manager: false,
    createdAt: 1_000 + n,
    frame: { type: 'sendMessage', tempId: tempIdOf(n), messageType: 'text', message: `text ${n}`, replyingTo: null },
    ...fields,
  };
}

/** A map as the store, recording what the flush did to it. */
function memoryStore(entries: OutboxEntry[]): OutboxStore & { entries: Map<string, OutboxEntry> } {
  const map = new Map(entries.map((e) => [e.tempId, e]));
  return {
    entries: map,
    all: async () => [...map.values()],
    remove: async (tempId) => void map.delete(tempId),
    mark: async (tempId, error) => {
      const found = map.get(tempId);
      if (found) map.set(tempId, { ...found, error });
    },
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A server: who the cookies are (`me`), and how it answers each chat post (by text), recording
 * the posts in order.
 */
function server(me: string | null | 'expired', answer: (text: string) => Response | 'offline' = () => json(201, {})) {
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    if (!init?.method) return me === 'expired' ? json(410, { error: { code: 'partyExpired' } }) : json(200, { me: me && { id: me } });
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    posts.push({ url, body });
    const reply = answer(String(body.message));
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    return reply;
  };
  return { fetch, posts };
}

describe('the outbox', () => {
  it('keeps entries in the order they were written, whatever order storage returns them in', () => {
    const entries = [entry(3), entry(1), entry(2), entry(0, { createdAt: 1_002 })];
    expect(inOrder(entries).map((e) => e.frame.message)).toEqual(['text 1', 'text 0', 'text 2', 'text 3']);
  });

  it('keys entries by party and member: the same party, another person, another key', () => {
    expect(ownerKey(PARTY, 'guest-a')).not.toBe(ownerKey(PARTY, 'guest-b'));
    expect(ownerKey(PARTY, 'guest-a')).not.toBe(ownerKey('22222222-2222-4222-8222-222222222222', 'guest-a'));
  });

  it('restores an entry as waiting, or as not sent with its reason', () => {
    expect(asPending(entry(1))).toEqual({ tempId: tempIdOf(1), messageType: 'text', message: 'text 1', replyingTo: null, createdAt: 1_001, status: 'sending' });
    expect(asPending(entry(2, { error: 'partyExpired' }))).toMatchObject({ status: 'failed', error: 'partyExpired' });
  });

  it('posts the frame with its tempId and without the socket event name', () => {
    expect(postBody(entry(1))).toEqual({ tempId: tempIdOf(1), messageType: 'text', message: 'text 1', replyingTo: null });
  });

  it('puts restored messages among the waiting ones by age, once; a discarded one leaves', () => {
    const typed = chatReducer(initialChatState, { type: 'queued', tempId: tempIdOf(9), message: 'typed now', at: 5_000 });
    const kept = [entry(2), entry(1)].map(asPending);
    const restored = chatReducer(typed, { type: 'restored', pending: kept });
    expect(restored.pending.map((p) => p.message)).toEqual(['text 1', 'text 2', 'typed now']);
    expect(chatReducer(restored, { type: 'restored', pending: kept }).pending).toEqual(restored.pending);
    expect(chatReducer(restored, { type: 'discard', tempId: tempIdOf(1) }).pending.map((p) => p.message)).toEqual(['text 2', 'typed now']);
  });
});

describe('the Background Sync flush', () => {
  it('sends each waiting entry once, in order, with its tempId, and empties the outbox', async () => {
    const store = memoryStore([entry(3), entry(1), entry(2)]);
    const { fetch, posts } = server('guest-a');
    await flushOutbox(fetch, store);
    expect(posts.map((p) => [p.url, p.body.tempId, p.body.message])).toEqual([1, 2, 3].map((n) => [`/api/parties/${PARTY}/chat`, tempIdOf(n), `text ${n}`]));
    expect(store.entries.size).toBe(0);
  });

  it('sends nothing of a member whose cookies are not on this device any more, and tries again later', async () => {
    const store = memoryStore([entry(1, { memberId: 'guest-a' })]);
    const { fetch, posts } = server('guest-b');
    await expect(flushOutbox(fetch, store)).rejects.toThrow();
    expect(posts).toEqual([]);
    expect(store.entries.size).toBe(1);
  });

  it('marks the entries of a party that ended as not sent, and sends none of them', async () => {
    const store = memoryStore([entry(1), entry(2)]);
    const { fetch, posts } = server('expired');
    await flushOutbox(fetch, store);
    expect(posts).toEqual([]);
    expect([...store.entries.values()].map((e) => e.error)).toEqual(['partyExpired', 'partyExpired']);
  });

  it('stops a party at the first that cannot go now, so none overtakes it; a refusal for good is marked and passed', async () => {
    const answers: Record<string, Response | 'offline'> = {
      'text 2': json(400, { error: { code: 'messageTooLong' satisfies ErrorCode } }),
      'text 3': 'offline',
    };
    const store = memoryStore([entry(1), entry(2), entry(3), entry(4)]);
    const { fetch, posts } = server('guest-a', (text) => answers[text] ?? json(201, {}));
    await expect(flushOutbox(fetch, store)).rejects.toThrow();
    expect(posts.map((p) => p.body.message)).toEqual(['text 1', 'text 2', 'text 3']);
    expect([...store.entries.values()].map((e) => [e.frame.message, e.error])).toEqual([
      ['text 2', 'messageTooLong'],
      ['text 3', undefined],
      ['text 4', undefined],
    ]);
  });

  it('leaves entries already marked not sent alone', async () => {
    const store = memoryStore([entry(1, { error: 'partyExpired' })]);
    const { fetch, posts } = server('guest-a');
    await flushOutbox(fetch, store);
    expect(posts).toEqual([]);
    expect(store.entries.size).toBe(1);
  });
});
