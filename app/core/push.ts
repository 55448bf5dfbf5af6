import { LANGUAGES } from '../i18n/config';
import type { Language } from '../i18n/config';
import type { MessageType } from './messages';
import { truncate } from './text';
import { z } from './zod';

/**
 * Web Push, as far as it is rules: what a page may subscribe with, what a push job says, when a
 * member gets a notification and when a digest (docs/decisions/029-web-push.md). The sending lives in
 * worker/services/push.ts; the room only names the message and who had no open socket.
 */

/** At most one notification per member and party in this window; what comes later waits for a digest. */
export const PUSH_WINDOW_MS = 60_000;
/** The start of a message's text a notification shows. */
export const PUSH_TEXT_CHARS = 120;
/** Recipients per queue job: a job stays far below a Queue message's 128 KB, and a big party's jobs spread. */
export const PUSH_RECIPIENTS_PER_JOB = 500;

const base64url = (bytes: number) =>
  z
    .string({ error: 'invalidPushSubscription' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'invalidPushSubscription' })
    .refine((text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes, { error: 'invalidPushSubscription' });

/**
 * A browser's PushSubscription as `toJSON()` gives it. Push services are https (RFC 8030); the keys
 * are the subscription's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret (RFC 8291).
 */
export const PushTokenSchema = z.object(
  {
    endpoint: z
      .url({ error: 'invalidPushSubscription' })
      .max(1000, { error: 'invalidPushSubscription' })
      .refine((url) => url.startsWith('https://'), { error: 'invalidPushSubscription' }),
    expirationTime: z.number({ error: 'invalidPushSubscription' }).nullable().optional(),
    keys: z.object({ p256dh: base64url(65), auth: base64url(16) }, { error: 'invalidPushSubscription' }),
  },
  { error: 'invalidPushSubscription' },
);
export type PushToken = z.infer<typeof PushTokenSchema>;

/** `PUT /parties/{id}/subscribe {id, pushToken}`: `id` is the party's (the path's), `language` the notifications'. */
export const SubscribeSchema = z.object({
  id: z.string({ error: 'invalidInput' }).optional(),
  pushToken: PushTokenSchema,
  language: z.enum(LANGUAGES, { error: 'invalidInput' }).optional(),
});

/** `PUT /parties/{id}/mute {muted}`: a member mutes or unmutes the party on all their devices. */
export const MuteSchema = z.object({ muted: z.boolean({ error: 'invalidInput' }) }, { error: 'invalidInput' });

/**
 * The push services browsers subscribe at: Chrome and Edge (FCM), Firefox (Mozilla autopush), Safari
 * (Apple), and Windows' WNS. The server POSTs to a stored endpoint, so any other host would let a
 * page make it send requests anywhere. `*.` matches any subdomain.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** `PUSH_EXTRA_HOSTS`: hosts besides the push services, comma-separated (a local push service in tests and the bench only). */
export function extraPushHosts(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

const hostMatches = (host: string, pattern: string) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern);

/** https, a host of dot-separated labels, an optional port, then the path: no credentials, no escapes. */
const ENDPOINT = /^https:\/\/((?:[a-z0-9-]+\.)*[a-z0-9-]+)(?::(\d{1,5}))?(?:[/?#]|$)/i;

/**
 * Whether the server may send to this endpoint: https, a known push service on its default port,
 * or one of the configured extra hosts (on any port: a local service listens on one). Anything a
 * URL parser could read another way (credentials, percent-escapes, backslashes) is refused.
 */
export function isPushServiceEndpoint(endpoint: string, extraHosts: readonly string[] = []): boolean {
  const match = ENDPOINT.exec(endpoint);
  if (!match) return false;
  const host = match[1]!.toLowerCase();
  if (extraHosts.some((pattern) => hostMatches(host, pattern))) return true;
  return match[2] === undefined && PUSH_SERVICE_HOSTS.some((pattern) => hostMatches(host, pattern));
}

/** `DELETE /parties/{id}/subscribe {endpoint}`. */
export const UnsubscribeSchema = z.object({
  endpoint: z.string({ error: 'invalidInput' }).min(1, { error: 'invalidInput' }).max(1000, { error: 'invalidInput' }),
});

/** What the room hands the Queue for one new message: ids and a short text, never the party's history. */
export interface MessagePushJob {
  kind: 'message';
  partyId: string;
  messageId: string;
  messageType: MessageType;
  senderId: string;
  senderName: string;
  /** The start of the text (PUSH_TEXT_CHARS). */
  text: string;
  /** Members (guest ids, the manager's user id) without an open socket in the party when it was sent. */
  recipients: string[];
  /** Those of the recipients the text names (`namesIn`): their notification says so. */
  mentioned?: string[];
}

/** The party's start arrived (the room's alarm): its members without an open socket hear of it. */
export interface StartPushJob {
  kind: 'start';
  partyId: string;
  startAt: number;
  recipients: string[];
}

/** A start older than this when the room notices it is no news any more: nobody is told. */
export const START_NEWS_MS = 10 * 60_000;

/** A member's digest, due when their window ends (the consumer enqueues it with a delay). */
export interface DigestPushJob {
  kind: 'digest';
  partyId: string;
  memberId: string;
}

export type PushJob = MessagePushJob | StartPushJob | DigestPushJob;

/** A member's last notification in a party and what arrived since. */
export interface PushWindow {
  sentAt: number;
  pending: number;
  /** The sender of everything pending, or null when several people wrote. */
  pendingSender: string | null;
  /** When a digest job is due; null: none is queued. */
  digestDueAt: number | null;
  /** The last message counted (sent or kept), so a retried job counts nobody twice. */
  lastMessageId: string | null;
}

/**
 * What to do with one more message for a member: send it now (nothing sent in the window), or keep
 * it for the digest, queueing one when none is due yet.
 */
export function decide(window: PushWindow | null, now: number): { send: true } | { send: false; queueDigestAt: number | null } {
  if (!window || now - window.sentAt >= PUSH_WINDOW_MS) return { send: true };
  return { send: false, queueDigestAt: window.digestDueAt === null ? window.sentAt + PUSH_WINDOW_MS : null };
}

/** The window after a message kept for the digest. */
export function keptForDigest(window: PushWindow, job: MessagePushJob, digestDueAt: number | null): PushWindow {
  const pendingSender = window.pending === 0 || window.pendingSender === job.senderName ? job.senderName : null;
  return { ...window, pending: window.pending + 1, pendingSender, digestDueAt: digestDueAt ?? window.digestDueAt, lastMessageId: job.messageId };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of a text naming the member: their full name, or `@` and their first name, as whole words, in any case. */
export function mentionPattern(member: { firstName: string; lastName: string }): RegExp | null {
  const first = member.firstName.trim();
  if (first === '') return null;
  const full = [first, member.lastName.trim()].filter(Boolean).map(escapeRegExp).join('\\s+');
  return new RegExp(`(^|[^\\p{L}\\p{N}])(${full}|@${escapeRegExp(first)})(?![\\p{L}\\p{N}])`, 'iu');
}

const ASCII = /^[\x20-\x7e]*$/;

/**
 * Whether a text names a member (`mentionPattern`), made once per text and asked per member.
 * Building a pattern costs up to ~0.4 ms (its Unicode classes; less once the runtime has cached
 * it), for every offline member with a subscription on every message, so a member whose first name
 * is plain ASCII and not in the text, in any case, is ruled out first: under the pattern's flags a
 * character matches an ASCII letter only as that letter in either case, as the Kelvin sign (which
 * `toLowerCase` makes k) or as the long s (ſ, made s here).
 */
export function namesIn(text: string): (member: { firstName: string; lastName: string }) => boolean {
  let lowered: string | null = null;
  return (member) => {
    const first = member.firstName.trim();
    if (ASCII.test(first)) {
      lowered ??= text.toLowerCase().replaceAll('ſ', 's');
      if (!lowered.includes(first.toLowerCase())) return false;
    }
    return mentionPattern(member)?.test(text) ?? false;
  };
}

export function shortText(text: string): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), PUSH_TEXT_CHARS);
}

/** The texts of notifications, per language (worker/push/texts.ts fills it). */
export interface PushTexts {
  /** A message's body when it has no text of its own (the sender is the title). */
  photo: string;
  voice: string;
  video: string;
  audio: string;
  document: string;
  profile: string;
  heading: (text: string) => string;
  /** The body of the party's start notification (its title is the party's). */
  started: string;
  /** The title when the message names the member. */
  mentioned: (sender: string) => string;
  digestFrom: (count: number, sender: string) => string;
  digest: (count: number) => string;
}

/**
 * The notification the service worker shows. `tag` is the party: a digest replaces the notification
 * before it; `url` is where a tap goes.
 */
export interface PushPayload {
  partyId: string;
  messageId: string | null;
  title: string;
  body: string;
  tag: string;
  url: string;
}

export function messagePayload(texts: PushTexts, job: MessagePushJob, memberId: string, url: string): PushPayload {
  const headingType = job.messageType === 'heading' || job.messageType === 'heading2' || job.messageType === 'heading3';
  const body = headingType
    ? texts.heading(job.text)
    : job.messageType === 'text' || job.text !== ''
      ? job.text
      : texts[job.messageType as Exclude<MessageType, 'text' | 'heading' | 'heading2' | 'heading3' | 'product' | 'poll' | 'booking' | 'team'>];
  const title = job.mentioned?.includes(memberId) ? texts.mentioned(job.senderName) : job.senderName;
  return { partyId: job.partyId, messageId: job.messageId, title, body, tag: `party-${job.partyId}`, url };
}

export function startPayload(texts: PushTexts, party: { id: string; title: string }, url: string): PushPayload {
  return { partyId: party.id, messageId: null, title: party.title, body: texts.started, tag: `party-${party.id}`, url };
}

/** The digest's title is the party's: it may speak of several senders. */
export function digestPayload(texts: PushTexts, party: { id: string; title: string }, window: PushWindow, url: string): PushPayload {
  const body = window.pendingSender ? texts.digestFrom(window.pending, window.pendingSender) : texts.digest(window.pending);
  return { partyId: party.id, messageId: null, title: party.title, body, tag: `party-${party.id}`, url };
}

export type { Language };
