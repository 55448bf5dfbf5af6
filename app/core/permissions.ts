import type { MediaMessageType } from './chat-media';
import { UPLOAD_MESSAGE_TYPES, isMediaMessageType } from './chat-media';
import { markerOf } from './markers';
import type { MessageType, PartyRole } from './protocol';

/**
 * Who may do what in a party. Written once: the pages use it to show or hide controls, the API
 * and the PartyRoom enforce it with the same function.
 */
export interface Actor {
  id: string;
  role: PartyRole;
}

export interface PartyState {
  restrictedMessaging: boolean;
  expired: boolean;
}

export interface MessageFacts {
  sender: string;
  messageType: MessageType;
  /** The text: a marker (a notice such as "guest joined") cannot be edited, deleted or replied to. */
  message: string;
  deleted: boolean;
}

export type Action =
  | { type: 'sendMessage'; messageType: MessageType }
  /**
   * Putting a file into the party for a message: an item of the manager's library, or a new party
   * upload. Guests send images and voice, the manager every kind.
   */
  | { type: 'attachMedia'; source: 'library' | 'upload'; messageType: MediaMessageType }
  | { type: 'editMessage'; message: MessageFacts }
  | { type: 'deleteMessage'; message: MessageFacts }
  /** Deleting without a trace (`fullDelete`): the manager's, also for a deleted placeholder. */
  | { type: 'eraseMessage'; message: MessageFacts }
  | { type: 'replyTo'; message: MessageFacts }
  /** The file a message shows, copied into the reader's own library (POST /media/duplicate, ADR 039). */
  | { type: 'saveToLibrary'; message: MessageFacts }
  | { type: 'removeGuest'; target: { role: PartyRole } }
  | { type: 'makeHost'; target: { role: PartyRole } }
  | { type: 'restrictMessaging' }
  | { type: 'editParty' }
  | { type: 'seeReadReceipts' }
  /** Apply a template, play it, change what is applied: the manager's tools alone. */
  | { type: 'playTemplate' }
  | { type: 'changeOwnName' }
  /** A reaction on a message; also while writing is restricted (ADR 043). */
  | { type: 'react'; message: MessageFacts }
  /** Pinning a message above the list, or unpinning (ADR 043). */
  | { type: 'pinMessage'; message: MessageFacts | null }
  /** "I want this" on a product card, a vote on a poll (ADR 044): guests and the host, also while writing is restricted. */
  | { type: 'chooseOnCard' }
  /** Closing a poll (and revealing a quiz's answer): the manager's. */
  | { type: 'closePoll' }
  /** Drawing a raffle's winner, and reading the follow-up list (also after the party): the manager's (ADR 045). */
  | { type: 'drawRaffle' }
  | { type: 'readFollowUp' }
  /** Live video (app/core/live.ts): the manager, and the host when the manager allows it. */
  | { type: 'goLive'; hostsMayGoLive: boolean }
  /** Stopping a show: the manager, or whoever is live. */
  | { type: 'stopLive'; liveBy: string }
  | { type: 'allowHostsLive' };

const MANAGER_ONLY_TYPES: ReadonlySet<MessageType> = new Set([
  'heading',
  'heading2',
  'heading3',
  'profile',
  'video',
  'audio',
  'document',
  'product',
  'poll',
  'booking',
  'team',
]);
/** No edit for audio, voice, profile messages or cards: there is no text to change (a photo's caption may change); a card's choices refer to it as it was. */
const NOT_EDITABLE_TYPES: ReadonlySet<MessageType> = new Set(['voice', 'audio', 'profile', 'product', 'poll', 'booking', 'team']);
/** What a party upload may be: a photo or a voice message, for everyone who may write. */
const UPLOAD_TYPES: ReadonlySet<MessageType> = new Set(UPLOAD_MESSAGE_TYPES);
const NOT_REPLYABLE_TYPES: ReadonlySet<MessageType> = new Set(['heading', 'heading2', 'heading3']);

const moderates = (actor: Actor) => actor.role === 'manager' || actor.role === 'host';

/** A guest (not the host) may write only while the party is not restricted. */
const mayWrite = (actor: Actor, party: PartyState) => moderates(actor) || !party.restrictedMessaging;

export function can(actor: Actor, action: Action, party: PartyState): boolean {
  if ('message' in action && action.message && markerOf(action.message)) return false;
  switch (action.type) {
    case 'sendMessage':
      if (party.expired || !mayWrite(actor, party)) return false;
      return actor.role === 'manager' || !MANAGER_ONLY_TYPES.has(action.messageType);
    case 'attachMedia':
      if (!can(actor, { type: 'sendMessage', messageType: action.messageType }, party)) return false;
      // The library is the manager's; anyone who may write sends a photo or voice they made.
      return action.source === 'library' ? actor.role === 'manager' : UPLOAD_TYPES.has(action.messageType);
    case 'editMessage':
      return (
        !party.expired &&
        mayWrite(actor, party) &&
        action.message.sender === actor.id &&
        !action.message.deleted &&
        !NOT_EDITABLE_TYPES.has(action.message.messageType)
      );
    case 'deleteMessage':
      if (party.expired || action.message.deleted) return false;
      if (moderates(actor)) return true;
      return action.message.sender === actor.id && mayWrite(actor, party);
    case 'eraseMessage':
      return !party.expired && actor.role === 'manager';
    case 'replyTo':
      return !action.message.deleted && !NOT_REPLYABLE_TYPES.has(action.message.messageType);
    case 'saveToLibrary':
      // The library is the manager's; the server also checks that her party shows the file.
      return actor.role === 'manager' && !action.message.deleted && isMediaMessageType(action.message.messageType);
    case 'removeGuest':
      return !party.expired && moderates(actor) && action.target.role === 'guest';
    case 'makeHost':
      return !party.expired && actor.role === 'manager' && action.target.role === 'guest';
    case 'restrictMessaging':
      return moderates(actor);
    case 'editParty':
    case 'seeReadReceipts':
      return actor.role === 'manager';
    case 'playTemplate':
      return !party.expired && actor.role === 'manager';
    case 'changeOwnName':
      return !party.expired && actor.role !== 'manager';
    case 'react':
      return !party.expired && !action.message.deleted;
    case 'pinMessage':
      return !party.expired && moderates(actor) && !action.message?.deleted;
    case 'chooseOnCard':
      // The manager sells and asks: her own choice would only skew what she reads.
      return !party.expired && actor.role !== 'manager';
    case 'closePoll':
    case 'drawRaffle':
      return !party.expired && actor.role === 'manager';
    case 'readFollowUp':
    case 'allowHostsLive':
      return actor.role === 'manager';
    case 'goLive':
      return !party.expired && (actor.role === 'manager' || (actor.role === 'host' && action.hostsMayGoLive));
    case 'stopLive':
      return actor.role === 'manager' || actor.id === action.liveBy;
  }
}
