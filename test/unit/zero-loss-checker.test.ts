import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnomalyKind, History, HistoryEvent, ReadMessage } from '../support/zero-loss-checker';
import { checkHistory, describeAnomalies } from '../support/zero-loss-checker';

/**
 * The checker must pass correct histories and fail each kind of broken one. The broken histories
 * are written by hand, one fault each, so a checker that stopped looking would be caught here.
 */

const members = { anna: 'member-anna', ben: 'member-ben' };
const tempId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const invoke = (client: keyof typeof members, n: number, text = `text ${n}`): HistoryEvent => ({ type: 'invoke', client, tempId: tempId(n), text });
const ack = (client: keyof typeof members, n: number, seq: number, id = `id-${n}`): HistoryEvent => ({ type: 'ack', client, tempId: tempId(n), id, seq });
const stored = (client: keyof typeof members, n: number, seq: number, fields: Partial<ReadMessage> = {}): ReadMessage => ({
  id: `id-${n}`,
  seq,
  sender: members[client],
  tempId: tempId(n),
  message: `text ${n}`,
  ...fields,
});
const read = (client: string, messages: ReadMessage[]): HistoryEvent => ({ type: 'read', client, messages });

/** Anna sends 1 and 2, Ben sends 3 concurrently with 2; all acked; everyone reads 1, 2, 3. */
function correct(): HistoryEvent[] {
  const log = [stored('anna', 1, 1), stored('anna', 2, 2), stored('ben', 3, 3)];
  return [
    invoke('anna', 1),
    ack('anna', 1, 1),
    invoke('anna', 2),
    invoke('ben', 3),
    ack('anna', 2, 2),
    ack('ben', 3, 3),
    read('anna', log),
    read('ben', log),
    read('server', log),
  ];
}

function kinds(events: HistoryEvent[]): AnomalyKind[] {
  return [...new Set(checkHistory({ members, events }).anomalies.map((a) => a.kind))];
}

describe('histories that must pass', () => {
  it('every send acked once and read by everyone in the same order', () => {
    const result = checkHistory({ members, events: correct() });
    expect(describeAnomalies(result)).toBe('');
    expect(result.ok).toBe(true);
    expect(result.stats).toEqual({ sends: 3, acked: 3, indeterminate: 0, invocations: 3, reads: 3 });
  });

  it('a resend under the same tempId, acked twice with the same id and seq', () => {
    const events = correct();
    events.splice(2, 0, invoke('anna', 1), ack('anna', 1, 1));
    expect(checkHistory({ members, events }).ok).toBe(true);
  });

  it('a send that was never acked may be in the log once, or not at all', () => {
    const withIt = [stored('anna', 1, 1), stored('ben', 4, 2)];
    expect(kinds([invoke('anna', 1), ack('anna', 1, 1), invoke('ben', 4), read('anna', withIt), read('ben', withIt)])).toEqual([]);
    const without = [stored('anna', 1, 1)];
    const result = checkHistory({ members, events: [invoke('anna', 1), ack('anna', 1, 1), invoke('ben', 4), read('anna', without), read('ben', without)] });
    expect(result.ok).toBe(true);
    expect(result.stats.indeterminate).toBe(1);
  });

  it('a read taken before an ack need not contain that message', () => {
    const events = [invoke('anna', 1), read('ben', []), ack('anna', 1, 1), read('anna', [stored('anna', 1, 1)]), read('ben', [stored('anna', 1, 1)])];
    expect(kinds(events)).toEqual([]);
  });

  it('messages of senders the history does not track (a seeded message, say) are allowed', () => {
    const foreign: ReadMessage = { id: 'seeded', seq: 1, sender: 'someone-else', tempId: null, message: 'Willkommen' };
    const log = [foreign, stored('anna', 1, 2)];
    expect(kinds([invoke('anna', 1), ack('anna', 1, 2), read('anna', log), read('ben', log)])).toEqual([]);
  });
});

describe('histories that must fail', () => {
  it('lost: an acknowledged message is missing from a later read', () => {
    const events = correct();
    events[7] = read('ben', [stored('anna', 1, 1), stored('ben', 3, 3)]);
    expect(kinds(events)).toContain('lost');
    expect(describeAnomalies(checkHistory({ members, events }))).toMatch(/read by ben: acknowledged message id-2 .* is missing/);
  });

  it('lost: missing from every read, the server included', () => {
    const log = [stored('anna', 1, 1), stored('ben', 3, 3)];
    const events = [...correct().slice(0, 6), read('anna', log), read('ben', log), read('server', log)];
    expect(kinds(events)).toEqual(['lost']);
  });

  it('duplicate: the same message twice in one read', () => {
    const events = correct();
    events[6] = read('anna', [stored('anna', 1, 1), stored('anna', 2, 2), stored('anna', 2, 2), stored('ben', 3, 3)]);
    expect(kinds(events)).toContain('duplicate');
  });

  it('duplicate: one send stored twice under two ids (a resend that was not recognised)', () => {
    const log = [stored('anna', 1, 1), stored('anna', 2, 2), stored('ben', 3, 3), stored('anna', 2, 4, { id: 'id-2-again' })];
    const events = [...correct().slice(0, 6), read('anna', log), read('ben', log)];
    expect(kinds(events)).toContain('duplicate');
  });

  it('duplicate: an unacknowledged send that appears twice', () => {
    const log = [stored('ben', 4, 1), stored('ben', 4, 2, { id: 'id-4-again' })];
    expect(kinds([invoke('ben', 4), read('anna', log), read('ben', log)])).toEqual(['duplicate']);
  });

  it('duplicate: a resend acked with another id', () => {
    const events = correct();
    events.splice(2, 0, invoke('anna', 1), ack('anna', 1, 4, 'id-1-again'));
    expect(kinds(events)).toContain('duplicate');
  });

  it('reorder: a read whose seqs go backwards', () => {
    const events = correct();
    events[7] = read('ben', [stored('anna', 2, 2), stored('anna', 1, 1), stored('ben', 3, 3)]);
    expect(kinds(events)).toContain('reorder');
  });

  it('reorder: a message sent after another was acked is placed before it (consistent seqs)', () => {
    // The server gave the later send the lower seq, and everyone agrees: still a real-time violation.
    const log = [stored('anna', 2, 1), stored('anna', 1, 2)];
    const events = [invoke('anna', 1), ack('anna', 1, 2), invoke('anna', 2), ack('anna', 2, 1), read('anna', log), read('ben', log)];
    expect(kinds(events)).toEqual(['reorder']);
  });

  it('reorder: an unacknowledged send invoked after an ack is placed before that message', () => {
    const log = [stored('ben', 4, 1), stored('anna', 1, 2)];
    const events = [invoke('anna', 1), ack('anna', 1, 2), invoke('ben', 4), read('anna', log), read('ben', log)];
    expect(kinds(events)).toEqual(['reorder']);
  });

  it('divergent: two clients see the same messages in different orders', () => {
    // Concurrent sends, so real time allows either order, but not both.
    const events: HistoryEvent[] = [
      invoke('anna', 1),
      invoke('ben', 3),
      ack('anna', 1, 1),
      ack('ben', 3, 2),
      read('anna', [stored('anna', 1, 1), stored('ben', 3, 2)]),
      read('ben', [stored('ben', 3, 1, { id: 'id-3' }), stored('anna', 1, 2)]),
    ];
    expect(kinds(events)).toContain('divergent');
  });

  it('divergent: the final views hold different messages (an unacked one only some saw)', () => {
    const events = [
      invoke('anna', 1),
      ack('anna', 1, 1),
      invoke('ben', 4),
      read('anna', [stored('anna', 1, 1), stored('ben', 4, 2)]),
      read('ben', [stored('anna', 1, 1)]),
    ];
    expect(kinds(events)).toEqual(['divergent']);
  });

  it('divergent: an ack and a read disagree on the seq', () => {
    const log = [stored('anna', 1, 7)];
    expect(kinds([invoke('anna', 1), ack('anna', 1, 1), read('anna', log), read('ben', log)])).toContain('divergent');
  });

  it('phantom: a message no one sent, or with another text than was sent', () => {
    const ghost = [stored('anna', 9, 1)];
    expect(kinds([read('anna', ghost), read('ben', ghost)])).toEqual(['phantom']);
    const altered = [stored('anna', 1, 1, { message: 'changed' })];
    expect(kinds([invoke('anna', 1), ack('anna', 1, 1), read('anna', altered), read('ben', altered)])).toEqual(['phantom']);
  });
});

describe('generated histories', () => {
  /** A correct run: sends interleaved at random, the log in ack order, every client reads it. */
  const runs = fc
    .array(fc.record({ client: fc.constantFrom<'anna' | 'ben'>('anna', 'ben'), resend: fc.boolean(), acked: fc.boolean() }), { minLength: 1, maxLength: 30 })
    .map((sends) => {
      const events: HistoryEvent[] = [];
      const log: ReadMessage[] = [];
      sends.forEach((send, n) => {
        events.push(invoke(send.client, n));
        // Stored whether or not the ack arrives: an ack lost with its socket.
        log.push(stored(send.client, n, log.length + 1));
        if (send.resend) events.push(invoke(send.client, n));
        if (send.acked) events.push(ack(send.client, n, log.length));
      });
      return { events, log };
    });

  it('every correct run passes', () => {
    fc.assert(
      fc.property(runs, ({ events, log }) => {
        const result = checkHistory({ members, events: [...events, read('anna', log), read('ben', log), read('server', log)] });
        expect(describeAnomalies(result)).toBe('');
      }),
    );
  });

  it('dropping any acknowledged message from any read is caught as lost', () => {
    fc.assert(
      fc.property(runs, fc.nat(), fc.constantFrom('anna', 'ben', 'server'), ({ events, log }, pick, reader) => {
        const acked = new Set(events.flatMap((e) => (e.type === 'ack' ? [e.id] : [])));
        fc.pre(acked.size > 0);
        const victim = [...acked][pick % acked.size];
        const reads = ['anna', 'ben', 'server'].map((client) => read(client, client === reader ? log.filter((m) => m.id !== victim) : log));
        const history: History = { members, events: [...events, ...reads] };
        expect(checkHistory(history).anomalies.some((a) => a.kind === 'lost' && a.detail.includes(victim!))).toBe(true);
      }),
    );
  });

  it('swapping two neighbours in one read is caught', () => {
    fc.assert(
      fc.property(runs, fc.nat(), ({ events, log }, pick) => {
        fc.pre(log.length >= 2);
        const at = pick % (log.length - 1);
        const swapped = [...log];
        [swapped[at], swapped[at + 1]] = [swapped[at + 1]!, swapped[at]!];
        expect(checkHistory({ members, events: [...events, read('anna', log), read('ben', swapped)] }).ok).toBe(false);
      }),
    );
  });
});
