import type { Outcome, RoomFacts } from '../contract';
import type { ChatMessage, ClientEvent, ClientEventType, Member, MessageType, ServerEvent } from '#core/protocol';
import type { StoredMember } from './store';

/**
 * What a feature of the room may plug into the kernel (ADR 054). A feature is a module under
 * durable-objects/features/ that makes one object of this shape from the kernel it is given and is
 * registered with one line in PartyRoom's constructor (`kernel.use`); the kernel calls each part at
 * its moment, in the order of registration. Every part is optional. Besides these, a feature has
 * calls of its own, which PartyRoom's RPC entry points (the contract's calls) delegate to.
 */
export interface Feature {
  /** Its name, as the kernel's complaints say it (two features answering one event). */
  readonly name: string;
  /** Creates its tables and reads what it keeps in memory: once per instance, before any event (blockConcurrencyWhile). */
  load?(): void | Promise<void>;
  /** The socket's client events it answers. Every type has exactly one feature (the kernel answers `join`). */
  events?: EventHandlers;
  /** Those of its events a member may send only at the send rate (the bucket messages use, LIMITS.sendBurst). */
  rateLimited?: readonly ClientEventType[];
  /** What a socket hears right after its welcome (a reconnect finds the feature's state as it is). */
  welcome?(member: StoredMember): ServerEvent[];
  /**
   * A message of a type this feature owns, before it is stored: the text to store and what to do
   * once it is (its row beside the message), or a refusal; null when the type is not its own.
   */
  prepareMessage?(messageType: MessageType, text: string): Outcome<Prepared> | null;
  /** A message entered the log: stored and sent to everyone. */
  appended?(message: ChatMessage): void;
  /** Messages were deleted, and everyone told. */
  deleted?(ids: readonly string[]): void;
  /** A member came online (her first socket joined) or went offline (her last one left). */
  onlineChanged?(memberId: string): void;
  /** Someone became a member (not a rename). */
  memberAdded?(member: Member): void;
  /** A member left or was removed. */
  memberDropped?(memberId: string): void;
  /** A duty of the room's one alarm (kernel/alarm.ts). */
  alarm?: Duty;
  /** What it writes to D1 when the room mirrors (an alarm, a little after a write: never on the send path). */
  mirror?(facts: RoomFacts): Promise<void>;
  /** The party was deleted and its storage with it: forget what is kept in memory. */
  cleared?(): void;
}

export type ClientEventOf<T extends ClientEventType> = Extract<ClientEvent, { type: T }>;

/** Answers one client event of a joined socket; the member is the room's record of the socket's. */
export type EventHandler<T extends ClientEventType> = (ws: WebSocket, member: StoredMember, event: ClientEventOf<T>) => void;

export type EventHandlers = { [T in ClientEventType]?: EventHandler<T> };

/** A prepared message: the text as stored, and what follows once it has its id. */
export interface Prepared {
  text: string;
  stored?(message: ChatMessage): void;
}

/**
 * One duty of the room's one alarm. `due` says when it next wants the alarm (null: not now); `run`
 * is called on every alarm and does what is due by then (an alarm rings for the earliest duty).
 */
export interface Duty {
  due(): number | null;
  run(now: number): void | Promise<void>;
}
