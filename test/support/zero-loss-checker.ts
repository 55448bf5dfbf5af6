/**
 * Checks a chat history for lost, doubled and reordered messages, in the style of Jepsen's
 * list-append checker: the party's log is one list, every send is an operation that appends to it,
 * and every client's view of the log is a read of that list. Pure: no I/O, no clock, so hand-made
 * histories can be fed to it (test/unit/zero-loss-checker.test.ts) as well as real runs
 * (test/support/zero-loss-driver.ts).
 *
 * The history is one array in real-time order: an event earlier in the array happened before a
 * later one. A send can be invoked several times (a resend after a reconnect, a deliberate repeat)
 * under the same tempId; the server must store it once.
 */

/** A message as a read sees it: the fields that identify it and its place. */
export interface ReadMessage {
  id: string;
  seq: number;
  sender: string;
  tempId: string | null;
  message: string;
}

export type HistoryEvent =
  /** A send (or a resend) of the message with this tempId by this client. */
  | { type: 'invoke'; client: string; tempId: string; text: string }
  /** The server acknowledged the tempId: the message has this id and seq. */
  | { type: 'ack'; client: string; tempId: string; id: string; seq: number }
  /** An attempt was refused (say rateLimited); a later attempt may still succeed. Informational. */
  | { type: 'refused'; client: string; tempId: string; code: string }
  /** A client's whole view of the log at this point, oldest first. */
  | { type: 'read'; client: string; messages: ReadMessage[] };

export interface History {
  /** Client name → the member id the server knows it by (the `sender` of its messages). */
  members: Record<string, string>;
  events: HistoryEvent[];
}

export type AnomalyKind =
  /** An acknowledged message is missing from a read taken after the ack. */
  | 'lost'
  /** A message appears twice, or one send was stored under two ids. */
  | 'duplicate'
  /** A message of a known client that no send of that client asked for, or with another text. */
  | 'phantom'
  /** A read's order is not the log's order: seqs not increasing, or against real time. */
  | 'reorder'
  /** Two observers disagree: on the order of two messages, on a seq, or on the final log. */
  | 'divergent';

export interface Anomaly {
  kind: AnomalyKind;
  detail: string;
}

export interface CheckResult {
  ok: boolean;
  anomalies: Anomaly[];
  stats: { sends: number; acked: number; indeterminate: number; invocations: number; reads: number };
}

interface SendFacts {
  client: string;
  text: string;
  /** Index of the first invocation. */
  invokedAt: number;
  /** Index of the first ack, if any. */
  ackedAt: number | null;
  id: string | null;
  seq: number | null;
}

const key = (sender: string, tempId: string) => `${sender}\u0000${tempId}`;

export function checkHistory(history: History): CheckResult {
  const anomalies: Anomaly[] = [];
  const report = (kind: AnomalyKind, detail: string) => anomalies.push({ kind, detail });
  const memberOf = (client: string) => history.members[client] ?? client;

  // ---- the sends, from invocations and acks ---------------------------------------------------
  const sends = new Map<string, SendFacts>();
  let invocations = 0;
  history.events.forEach((event, index) => {
    if (event.type === 'invoke') {
      invocations++;
      const k = key(memberOf(event.client), event.tempId);
      const known = sends.get(k);
      if (!known) sends.set(k, { client: event.client, text: event.text, invokedAt: index, ackedAt: null, id: null, seq: null });
      else if (known.text !== event.text) report('phantom', `${event.client} resent tempId ${event.tempId} with another text`);
    } else if (event.type === 'ack') {
      const k = key(memberOf(event.client), event.tempId);
      const send = sends.get(k);
      if (!send) {
        report('phantom', `${event.client} got an ack for tempId ${event.tempId} it never sent`);
        return;
      }
      if (send.id === null) Object.assign(send, { ackedAt: index, id: event.id, seq: event.seq });
      else if (send.id !== event.id) report('duplicate', `tempId ${event.tempId} of ${event.client} acked as ${send.id} and as ${event.id}`);
      else if (send.seq !== event.seq) report('divergent', `tempId ${event.tempId} of ${event.client} acked with seq ${send.seq} and ${event.seq}`);
    }
  });

  const reads = history.events.flatMap((event, index) => (event.type === 'read' ? [{ ...event, index }] : []));
  const knownSenders = new Set(Object.values(history.members));
  /** id → seq as first observed (by an ack or a read), to catch observers that disagree. */
  const seqOfId = new Map<string, { seq: number; by: string }>();
  for (const send of sends.values()) if (send.id !== null) seqOfId.set(send.id, { seq: send.seq!, by: `the ack to ${send.client}` });
  /** (sender, tempId) → id, across all reads and acks. */
  const idOfSend = new Map<string, string>();
  for (const [k, send] of sends) if (send.id !== null) idOfSend.set(k, send.id);

  for (const read of reads) {
    const where = `read by ${read.client}`;
    const position = new Map<string, number>();
    read.messages.forEach((message, at) => {
      // ---- each message once, in increasing seq ----
      if (position.has(message.id)) report('duplicate', `${where}: message ${message.id} appears twice`);
      else position.set(message.id, at);
      const before = read.messages[at - 1];
      if (before && before.seq >= message.seq) report('reorder', `${where}: seq ${message.seq} (${message.id}) follows seq ${before.seq}`);

      const seen = seqOfId.get(message.id);
      if (!seen) seqOfId.set(message.id, { seq: message.seq, by: where });
      else if (seen.seq !== message.seq) report('divergent', `message ${message.id} has seq ${seen.seq} for ${seen.by} but ${message.seq} for ${where}`);

      // ---- one send is one message; every message of a known client was sent by it ----
      if (message.tempId === null) return;
      const k = key(message.sender, message.tempId);
      const storedAs = idOfSend.get(k);
      if (storedAs === undefined) idOfSend.set(k, message.id);
      else if (storedAs !== message.id)
        report('duplicate', `${where}: tempId ${message.tempId} of ${message.sender} stored as ${storedAs} and as ${message.id}`);
      if (!knownSenders.has(message.sender)) return;
      const send = sends.get(k);
      if (!send) report('phantom', `${where}: message ${message.id} from ${message.sender} with tempId ${message.tempId} that was never sent`);
      else if (send.text !== message.message)
        report('phantom', `${where}: message ${message.id} has text ${JSON.stringify(message.message)}, sent as ${JSON.stringify(send.text)}`);
    });

    // ---- nothing acknowledged before the read is missing from it ----
    for (const send of sends.values()) {
      if (send.ackedAt === null || send.ackedAt > read.index) continue;
      if (!position.has(send.id!))
        report('lost', `${where}: acknowledged message ${send.id} (seq ${send.seq}, ${JSON.stringify(send.text)} from ${send.client}) is missing`);
    }

    // ---- real time: a send acked before another was first invoked comes first ----
    // Walking the read backwards, keep the earliest-acked send seen so far (everything after
    // this position); it must not have been acked before the current send was invoked.
    let earliestAfter: SendFacts | null = null;
    for (let at = read.messages.length - 1; at >= 0; at--) {
      const message = read.messages[at]!;
      const send = message.tempId === null ? undefined : sends.get(key(message.sender, message.tempId));
      if (!send || (send.id !== null && send.id !== message.id)) continue;
      if (earliestAfter && earliestAfter.ackedAt! < send.invokedAt) {
        report('reorder', `${where}: ${JSON.stringify(send.text)} (sent after ${JSON.stringify(earliestAfter.text)} was acked) comes before it`);
      }
      if (send.ackedAt !== null && (!earliestAfter || send.ackedAt < earliestAfter.ackedAt!)) earliestAfter = send;
    }
  }

  // ---- all observers agree on the order of what they both saw ----
  const idsOf = reads.map((read) => read.messages.map((m) => m.id));
  for (let i = 0; i < reads.length; i++) {
    for (let j = i + 1; j < reads.length; j++) {
      const inA = new Set(idsOf[i]);
      const inB = new Set(idsOf[j]);
      const orderInA = idsOf[i]!.filter((id) => inB.has(id));
      const orderInB = idsOf[j]!.filter((id) => inA.has(id));
      const at = orderInA.findIndex((id, n) => orderInB[n] !== id);
      if (at >= 0) {
        report(
          'divergent',
          `read by ${reads[i]!.client} and read by ${reads[j]!.client} order their common messages differently: ${orderInA[at]} against ${orderInB[at]}`,
        );
      }
    }
  }

  // ---- the last read of every client is the same log ----
  const finals = new Map<string, string[]>();
  reads.forEach((read, n) => finals.set(read.client, idsOf[n]!));
  const [first, ...rest] = [...finals.entries()];
  for (const [client, ids] of rest) {
    const inFirst = new Set(first![1]);
    const inOther = new Set(ids);
    const onlyFirst = first![1].filter((id) => !inOther.has(id));
    const onlyOther = ids.filter((id) => !inFirst.has(id));
    if (onlyFirst.length || onlyOther.length) {
      report('divergent', `final views differ: only ${first![0]} has [${onlyFirst.join(', ')}], only ${client} has [${onlyOther.join(', ')}]`);
    }
  }

  const all = [...sends.values()];
  const acked = all.filter((send) => send.id !== null).length;
  return {
    ok: anomalies.length === 0,
    anomalies,
    stats: { sends: all.length, acked, indeterminate: all.length - acked, invocations, reads: reads.length },
  };
}

/** One line per anomaly (at most `max`), for a test's failure message. */
export function describeAnomalies(result: CheckResult, max = 20): string {
  const lines = result.anomalies.slice(0, max).map((anomaly) => `${anomaly.kind}: ${anomaly.detail}`);
  if (result.anomalies.length > max) lines.push(`… and ${result.anomalies.length - max} more`);
  return lines.join('\n');
}
