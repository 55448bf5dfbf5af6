import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessagePushJob, PushWindow } from '../../app/core/push';
import {
  MuteSchema,
  PUSH_WINDOW_MS,
  PushTokenSchema,
  decide,
  digestPayload,
  extraPushHosts,
  isPushServiceEndpoint,
  keptForDigest,
  mentionPattern,
  messagePayload,
  namesIn,
  shortText,
} from '../../app/core/push';
import { PUSH_TEXTS } from '../../worker/push/texts';

const job = (over: Partial<MessagePushJob> = {}): MessagePushJob => ({
  kind: 'message',
  partyId: 'p1',
  messageId: 'm1',
  messageType: 'text',
  senderId: 's1',
  senderName: 'Anna Becker',
  text: 'Hallo',
  recipients: ['g1'],
  ...over,
});

const sent = (at: number): PushWindow => ({ sentAt: at, pending: 0, pendingSender: null, digestDueAt: null, lastMessageId: 'm0' });

describe('the 60 s window', () => {
  it('sends the first message at once, keeps the next ones for one digest at the window’s end', () => {
    expect(decide(null, 1000)).toEqual({ send: true });
    const window = sent(1000);
    expect(decide(window, 1000 + PUSH_WINDOW_MS - 1)).toEqual({ send: false, queueDigestAt: 1000 + PUSH_WINDOW_MS });
    const kept = keptForDigest(window, job({ messageId: 'm2' }), 1000 + PUSH_WINDOW_MS);
    // A digest is queued once per window.
    expect(decide(kept, 2000)).toEqual({ send: false, queueDigestAt: null });
    expect(decide(kept, 1000 + PUSH_WINDOW_MS)).toEqual({ send: true });
  });

  it('names the sender only when everything pending is theirs', () => {
    let window = keptForDigest(sent(0), job(), 60_000);
    window = keptForDigest(window, job({ messageId: 'm3' }), null);
    expect(window).toMatchObject({ pending: 2, pendingSender: 'Anna Becker', digestDueAt: 60_000, lastMessageId: 'm3' });
    expect(digestPayload(PUSH_TEXTS.de, { id: 'p1', title: 'Wellness' }, window, '/abc').body).toBe('2 neue Nachrichten von Anna Becker');
    window = keptForDigest(window, job({ messageId: 'm4', senderName: 'Maria Klein' }), null);
    expect(window.pendingSender).toBeNull();
    expect(digestPayload(PUSH_TEXTS.it, { id: 'p1', title: 'Wellness' }, window, '/abc')).toEqual({
      partyId: 'p1',
      messageId: null,
      title: 'Wellness',
      body: '3 nuovi messaggi',
      tag: 'party-p1',
      url: '/abc',
    });
  });
});

describe('payloads', () => {
  it('say what came in the member’s language: a heading, a photo without caption, a caption', () => {
    expect(messagePayload(PUSH_TEXTS.en, job({ messageType: 'heading2', text: 'Ablauf' }), 'g1', '/x').body).toBe('New section: Ablauf');
    expect(messagePayload(PUSH_TEXTS.fr, job({ messageType: 'photo', text: '' }), 'g1', '/x').body).toBe('a envoyé une photo');
    expect(messagePayload(PUSH_TEXTS.nl, job({ messageType: 'photo', text: 'Neu!' }), 'g1', '/x')).toMatchObject({
      title: 'Anna Becker',
      body: 'Neu!',
      tag: 'party-p1',
    });
  });

  it('tell a member the message names them', () => {
    const named = job({ text: 'Maria Klein, schau mal!', mentioned: ['g1'] });
    expect(messagePayload(PUSH_TEXTS.de, named, 'g1', '/x').title).toBe('Anna Becker hat dich erwähnt');
    expect(messagePayload(PUSH_TEXTS.de, named, 'g2', '/x').title).toBe('Anna Becker');
  });

  it('carry only the start of a long text, on one line', () => {
    const text = shortText(`Erste Zeile\n\n${'x'.repeat(500)}`);
    expect(text.startsWith('Erste Zeile x')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(121);
  });
});

describe('a message naming a member', () => {
  const maria = { firstName: 'Maria', lastName: 'Klein' };
  it('is the full name or @ and the first name, as whole words, in any case', () => {
    expect(namesIn('Danke, Maria Klein!')(maria)).toBe(true);
    expect(namesIn('danke maria   klein')(maria)).toBe(true);
    expect(namesIn('@maria schau')(maria)).toBe(true);
    expect(namesIn('Maria, schau')(maria)).toBe(false);
    expect(namesIn('Marias Klein')(maria)).toBe(false);
    expect(namesIn('@Mariana')(maria)).toBe(false);
    expect(namesIn('Hallo (Mia) [x]')({ firstName: '(Mia)', lastName: '[x]' })).toBe(true);
    // Unicode's case folding writes s as ſ and k as the Kelvin sign; a name's other letters stay theirs.
    expect(namesIn('@ſandra, schau')({ firstName: 'Sandra', lastName: 'Berg' })).toBe(true);
    expect(namesIn('\u212Alara Klein war da')({ firstName: 'Klara', lastName: 'Klein' })).toBe(true);
    expect(namesIn('@Jürgen!')({ firstName: 'Jürgen', lastName: 'Ott' })).toBe(true);
    expect(namesIn('@JÜRGEN')({ firstName: 'Jürgen', lastName: 'Ott' })).toBe(true);
    expect(namesIn('@\u0130da')({ firstName: 'Ida', lastName: 'Host' })).toBe(false);
  });

  it('answers as its pattern does, whatever the text and the name (the quick test before it never rules a named member out)', () => {
    const letters = ['a', 'A', 'i', 'I', 'k', 'K', 's', 'S', 'ſ', '\u212A', '\u0130', 'ı', 'ß', 'ẞ', 'é', 'É', 'Σ', 'σ', 'ς', 'ü', 'Ü', '1'];
    const others = [' ', '  ', '@', '-', '(', '.', '\n'];
    const text = fc.array(fc.constantFrom(...letters, ...others), { maxLength: 8 }).map((chars) => chars.join(''));
    const name = fc.array(fc.constantFrom(...letters, ' ', '-'), { maxLength: 5 }).map((chars) => chars.join(''));
    // The name as a text may write it: each character in some case, s as ſ, k as the Kelvin sign.
    const spell = (value: string, ways: number[]) =>
      [...value]
        .map((char, i) => {
          const way = ways[i % ways.length] ?? 0;
          if (way === 1) return char.toUpperCase();
          if (way === 2) return char.toLowerCase();
          if (way === 3 && char.toLowerCase() === 's') return 'ſ';
          if (way === 3 && char.toLowerCase() === 'k') return '\u212A';
          return char;
        })
        .join('');
    fc.assert(
      fc.property(
        name,
        name,
        text,
        text,
        fc.constantFrom('', '@', ' '),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (firstName, lastName, before, after, mark, ways, full) => {
          const member = { firstName, lastName };
          const said = `${before}${mark}${spell(full ? `${firstName} ${lastName}` : firstName, ways)}${after}`;
          expect(namesIn(said)(member)).toBe(mentionPattern(member)?.test(said) ?? false);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('subscriptions', () => {
  it('take https endpoints and keys of the sizes RFC 8291 gives', () => {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    expect(PushTokenSchema.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys }).success).toBe(true);
    expect(PushTokenSchema.safeParse({ endpoint: 'http://fcm.googleapis.com/x', keys }).success).toBe(false);
    expect(PushTokenSchema.safeParse({ endpoint: 'https://x.test/', keys: { ...keys, auth: 'AAAA' } }).success).toBe(false);
    expect(PushTokenSchema.safeParse({ endpoint: 'https://x.test/', keys: { ...keys, p256dh: keys.p256dh.slice(1) } }).success).toBe(false);
  });

  it('go only to the push services browsers use, or to a host the configuration adds', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://push.services.mozilla.com.eu.push.services.mozilla.com/x',
      'https://web.push.apple.com/QO3sJ',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
      'https://FCM.googleapis.com/fcm/send/abc',
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(true);
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.test/x',
      'https://evil.test/fcm.googleapis.com',
      'https://fcm.googleapis.com@evil.test/x',
      'https://evil.test\\@fcm.googleapis.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://push.apple.com/x',
      'https://evilpush.apple.com/x',
      'https://%66cm.googleapis.com/x',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/x',
      'https://push.test/device/1',
      'javascript:alert(1)',
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false);
    }
    const extra = extraPushHosts(' push.test, Localhost ,');
    expect(extra).toEqual(['push.test', 'localhost']);
    expect(isPushServiceEndpoint('https://push.test/device/1', extra)).toBe(true);
    expect(isPushServiceEndpoint('https://localhost:8443/device/1', extra)).toBe(true);
    expect(isPushServiceEndpoint('http://localhost:8443/device/1', extra)).toBe(false);
    expect(extraPushHosts(undefined)).toEqual([]);
  });

  it('are muted and unmuted with a boolean only', () => {
    expect(MuteSchema.safeParse({ muted: true }).success).toBe(true);
    expect(MuteSchema.safeParse({ muted: false }).success).toBe(true);
    expect(MuteSchema.safeParse({ muted: 'true' }).success).toBe(false);
    expect(MuteSchema.safeParse({}).success).toBe(false);
    expect(MuteSchema.safeParse(null).success).toBe(false);
  });
});
