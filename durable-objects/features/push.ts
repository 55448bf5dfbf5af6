import { cardLine, isCardType } from '#core/cards';
import { markerOf } from '#core/markers';
import { isExpired } from '#core/party';
import type { ChatMessage } from '#core/protocol';
import type { PushJob } from '#core/push';
import { PUSH_RECIPIENTS_PER_JOB, START_NEWS_MS, namesIn, shortText } from '#core/push';
import { database } from '../../worker/db/client';
import { subscribedMembers } from '../../worker/db/push-subscriptions';
import type { Duty, Feature } from '../kernel/feature';
import type { Room } from '../kernel/room';
import type { StoredMember } from '../kernel/store';

/** The storage key of the start last announced, so the alarm announces each start once. */
const START_ANNOUNCED = 'startAnnounced';

/**
 * Web Push from the party's room (ADR 029): a new message, and the party's start, reach the
 * members without an open socket. The room decides who and hands the work to the Queue
 * (`salon-push`) in the background, so the send path never waits for push; the Worker's `queue()`
 * (worker/services/push.ts) reads their subscriptions and sends.
 */
export class Push implements Feature {
  readonly name = 'push';

  /** Push jobs still on their way to the Queue (`pushing`, `enqueued`). */
  private readonly enqueuing = new Set<Promise<void>>();
  /** The start last announced by push. */
  private startAnnounced: number | null = null;
  /**
   * Members who can be pushed (a subscription to this party), learnt from D1 once per instance and
   * kept by `subscribed`; null until then. A message that comes before waits for that read
   * (`appended`): a job for every offline member, subscribed or not, cost a party of 1,000 mostly
   * silent members ~30 ms of CPU per message (ADR 035), and the first message after a wake ~0.4 s
   * (`namesIn` built a pattern per member then; now only for a name the text may hold). A
   * subscription that goes stays here: its job finds nothing, which is harmless.
   */
  private pushable: Set<string> | null = null;
  private pushableLoading: Promise<Set<string> | null> | null = null;
  /** Subscriptions announced while the set was still loading. */
  private pushableLater: string[] = [];

  constructor(private readonly room: Room) {}

  async load(): Promise<void> {
    this.startAnnounced = (await this.room.ctx.storage.get<number>(START_ANNOUNCED)) ?? null;
  }

  /** The party's start, announced once by the alarm. */
  readonly alarm: Duty = {
    due: () => {
      const startAt = this.room.store.facts?.startAt ?? null;
      return startAt !== null && startAt !== this.startAnnounced ? startAt : null;
    },
    run: (now) => this.announceStart(now),
  };

  cleared(): void {
    this.startAnnounced = null;
  }

  /**
   * One Queue job per PUSH_RECIPIENTS_PER_JOB members who were not online when the message came
   * and can be pushed, with those the text names. Notices (a guest joined) are not worth a
   * notification.
   */
  appended(message: ChatMessage): void {
    const partyId = this.room.store.facts?.partyId;
    if (!partyId || markerOf(message)) return;
    if (this.pushable) {
      this.pushTo(partyId, message, this.pushableOffline(message.sender));
      return;
    }
    // Who is offline is taken now; which of them can be pushed once the room has read it (once per
    // instance: a room that wakes from hibernation reads it again).
    const offline = this.room.store.activeMembers().filter((member) => member.id !== message.sender && !this.room.isOnline(member.id));
    if (offline.length === 0) return;
    this.pushing(
      this.loadPushable().then((pushable) => this.pushTo(partyId, message, pushable ? offline.filter((member) => pushable.has(member.id)) : offline)),
    );
  }

  /** The member subscribed to push for this party. */
  subscribed(memberId: string): void {
    if (this.pushable) this.pushable.add(memberId);
    else this.pushableLater.push(memberId);
  }

  /**
   * Resolves once the Queue has every job this room enqueued so far. The workers tests wait for
   * it before they evict the room: workerd's test-only abort of a Durable Object whose Queue send
   * is still on its way crashes the runtime (a segmentation fault), where a real eviction does not.
   */
  async enqueued(): Promise<void> {
    while (this.enqueuing.size > 0) await Promise.all([...this.enqueuing]);
  }

  private pushTo(partyId: string, message: ChatMessage, offline: StoredMember[]): void {
    if (offline.length === 0) return;
    const job = {
      kind: 'message',
      partyId,
      messageId: message.id,
      messageType: message.messageType,
      senderId: message.sender,
      senderName: message.senderName,
      text: shortText(isCardType(message.messageType) ? cardLine(message.messageType, message.message) : message.message),
    } as const;
    const jobs: MessageSendRequest<PushJob>[] = [];
    const named = namesIn(message.message);
    for (let i = 0; i < offline.length; i += PUSH_RECIPIENTS_PER_JOB) {
      const chunk = offline.slice(i, i + PUSH_RECIPIENTS_PER_JOB);
      const mentioned = chunk.filter(named).map((member) => member.id);
      jobs.push({ body: { ...job, recipients: chunk.map((member) => member.id), ...(mentioned.length > 0 ? { mentioned } : {}) } });
    }
    this.enqueue(partyId, jobs);
  }

  /** The set of `pushable`, read once; null when the read failed (then every offline member is pushed, and the next message reads again). */
  private loadPushable(): Promise<Set<string> | null> {
    const partyId = this.room.store.facts?.partyId ?? '';
    this.pushableLoading ??= subscribedMembers(database(this.room.env.DB), partyId)
      .then((ids) => {
        const pushable = new Set([...ids, ...this.pushableLater]);
        this.pushable = pushable;
        this.pushableLater = [];
        return pushable;
      })
      .catch((error: unknown) => {
        console.error('push subscribers unknown', partyId, error);
        return null;
      })
      .finally(() => {
        this.pushableLoading = null;
      });
    return this.pushableLoading;
  }

  /** The offline members with a subscription, once the room knows them (`pushable`). */
  private pushableOffline(sender: string): StoredMember[] {
    const offline: StoredMember[] = [];
    for (const id of this.pushable ?? []) {
      const member = this.room.store.members.get(id);
      if (member && !member.removed && id !== sender && !this.room.isOnline(id)) offline.push(member);
    }
    return offline;
  }

  /**
   * The party's start arrived: its members without an open socket (not its manager, who starts it)
   * get a notification, once per start. A start the room learns of long after it passed, or in a
   * party that is over, is only marked as announced.
   */
  private announceStart(now: number): void {
    const facts = this.room.store.facts;
    const startAt = facts?.startAt ?? null;
    if (!facts || startAt === null || startAt === this.startAnnounced || now < startAt) return;
    this.startAnnounced = startAt;
    this.room.waitUntil(this.room.ctx.storage.put(START_ANNOUNCED, startAt));
    if (now - startAt > START_NEWS_MS || isExpired(facts.expiresAt, now)) return;
    const online = new Set(this.room.online());
    const offline = this.room.store.activeMembers().flatMap((member) => (member.id === facts.ownerUserId || online.has(member.id) ? [] : [member.id]));
    const jobs: MessageSendRequest<PushJob>[] = [];
    for (let i = 0; i < offline.length; i += PUSH_RECIPIENTS_PER_JOB)
      jobs.push({ body: { kind: 'start', partyId: facts.partyId, startAt, recipients: offline.slice(i, i + PUSH_RECIPIENTS_PER_JOB) } });
    if (jobs.length > 0) this.enqueue(facts.partyId, jobs);
  }

  private enqueue(partyId: string, jobs: MessageSendRequest<PushJob>[]): void {
    this.pushing(
      this.room.env.PUSH_QUEUE.sendBatch(jobs).catch((error: unknown) => {
        // A notification is a courtesy: what it tells of is stored and sent to every open page.
        console.error('push enqueue failed', partyId, error);
      }),
    );
  }

  /** Work on the way to the Queue, kept in the background and awaited by `enqueued`. */
  private pushing(work: Promise<unknown>): void {
    const done: Promise<void> = work.then(() => undefined).finally(() => this.enqueuing.delete(done));
    this.enqueuing.add(done);
    this.room.waitUntil(done);
  }
}
