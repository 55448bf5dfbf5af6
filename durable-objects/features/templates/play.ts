import type { AppliedTemplate } from '#core/applied-template';
import {
  autoplayDue,
  current,
  editMessage,
  firstRemaining,
  moveTo,
  pause,
  playOn,
  rescheduled,
  reopen,
  revoke,
  scheduleProblem,
  sendable,
  startApplied,
  stopPlaying,
  takeOut,
} from '#core/applied-template';
import type { AppliedAction } from '#core/applied-template';
import type { ErrorCode } from '#core/errors';
import type { ChatMessage } from '#core/protocol';
import type { TemplateMessage } from '#core/templates';
import type { ApplyMode, Outcome } from '../../contract';
import type { Room } from '../../kernel/handlers';
import { allowed, refusal, sendMessage } from '../../kernel/handlers';
import type { StoredMember } from '../../kernel/store';

/**
 * A template played into the party, step by step or on the timed autoplay (ADR 016): the handlers
 * behind the party's template calls and the autoplay's alarm. The state lives in the room's
 * storage, so every device of the manager, a reload or an evicted room continues where it was; the
 * manager's sockets hear every change. Messages go out through the room's one send path
 * (sendMessage), as the manager.
 */

const fail = (code: ErrorCode) => ({ ok: false, code }) as const;

/** Only the manager applies and plays templates (app/core/permissions.ts), and not once the party is over. */
function mayPlay(room: Room, member: StoredMember): ErrorCode | null {
  if (allowed(room, member, { type: 'playTemplate' })) return null;
  return member.role === 'manager' ? refusal(room) : 'forbidden';
}

/** Stores the new state and tells the manager's devices; the alarm follows the autoplay. */
function publish(room: Room, next: AppliedTemplate | null): void {
  if (next !== room.store.applied) room.store.setApplied(next);
  const managerId = room.store.facts?.ownerUserId;
  if (managerId) room.sendToMember(managerId, { type: 'appliedTemplate', applied: next });
  room.rearm();
}

/** What the manager's page reads on load (GET /parties/{id}/template). Reading is allowed after the end. */
export function readApplied(member: StoredMember, room: Room): Outcome<AppliedTemplate | null> {
  return member.role === 'manager' ? { ok: true, value: room.store.applied } : fail('forbidden');
}

/**
 * Start, and the overwrite choice. Applying the template that is already applied asks first
 * (`templateAlreadyApplied`): restart plays it again from its first message with the template as
 * it is now, continue keeps where it was (and its edits). Another template replaces the applied one.
 */
export function applyTemplate(
  room: Room,
  member: StoredMember,
  template: { id: string; title: string; messages: TemplateMessage[] },
  mode: ApplyMode | undefined,
): Outcome<AppliedTemplate> {
  const refused = mayPlay(room, member);
  if (refused) return fail(refused);
  const existing = room.store.applied;
  // A copy taken back by its owner is replaced without asking: the Worker found the template
  // usable again (shared and added anew).
  if (existing?.templateId === template.id && !existing.revoked) {
    if (!mode) return fail('templateAlreadyApplied');
    if (mode === 'continue') {
      const next = reopen(existing);
      publish(room, next);
      return { ok: true, value: next };
    }
  }
  const started = startApplied(template, () => crypto.randomUUID());
  if (!started) return fail('templateEmpty');
  publish(room, started);
  return { ok: true, value: started };
}

/**
 * Sends one message of the applied template and takes it out of the play, in one transaction: the
 * record of what was sent is stored with the message, so a step that runs again (an alarm's retry)
 * finds it sent. Its tempId is new for each playing: should the record ever be missing, the room's
 * tempId check returns the stored message instead of sending it twice.
 */
function playMessage(
  room: Room,
  sender: StoredMember,
  state: AppliedTemplate,
  messageId: string,
): Outcome<{ message: ChatMessage; state: AppliedTemplate | null }> {
  const found = sendable(state, messageId);
  if (!found.ok) return found;
  const { message: played } = found;
  return room.store.transaction(() => {
    const sent = sendMessage(
      room,
      sender,
      {
        tempId: played.sendId,
        messageType: played.messageType,
        message: played.message,
        replyingTo: null,
        media: played.media ?? undefined,
        fromTemplate: true,
      },
      undefined,
      true,
    );
    if (!sent.ok) return sent;
    const taken = takeOut(state, messageId, true);
    const next = taken.ok ? rescheduled(taken.state, room.now()) : state;
    room.store.setApplied(next);
    return { ok: true as const, value: { message: sent.value.message, state: next } };
  });
}

/** Move position, hide, edit, send, close and reopen; and the autoplay's controls. */
export function changeApplied(room: Room, member: StoredMember, action: AppliedAction): Outcome<{ applied: AppliedTemplate | null; message?: ChatMessage }> {
  const refused = mayPlay(room, member);
  if (refused) return fail(refused);
  const state = room.store.applied;
  if (!state) return fail('templateNotApplied');
  if (state.revoked) return fail('templateRevoked');
  if (action.action === 'send') {
    const result = playMessage(room, member, state, action.messageId);
    if (!result.ok) return result;
    publish(room, result.value.state);
    return { ok: true, value: { applied: result.value.state, message: result.value.message } };
  }
  let next: AppliedTemplate | null;
  switch (action.action) {
    case 'move': {
      const moved = moveTo(state, action.position);
      if (!moved.ok) return moved;
      next = moved.state;
      break;
    }
    case 'hide': {
      const hidden = takeOut(state, action.messageId, false);
      if (!hidden.ok) return hidden;
      next = hidden.state;
      break;
    }
    case 'edit': {
      const edited = editMessage(state, action.messageId, action.message);
      if (!edited.ok) return edited;
      next = edited.state;
      break;
    }
    case 'open':
      next = { ...state, open: action.open };
      break;
    case 'autoplay': {
      const startAt = action.startAt ?? null;
      const problem = startAt === null ? null : scheduleProblem(startAt, room.now(), room.store.facts?.expiresAt ?? null);
      if (problem) return fail(problem);
      next = playOn(state, action.delayMs, room.now(), startAt);
      break;
    }
    case 'pause':
      next = pause(state);
      break;
    case 'stop':
      next = stopPlaying(state);
      break;
    default: {
      const unreachable: never = action;
      return unreachable;
    }
  }
  publish(room, next);
  return { ok: true, value: { applied: next } };
}

/** Remove: the panel closes and nothing stays applied. */
export function removeApplied(room: Room, member: StoredMember): Outcome<null> {
  const refused = mayPlay(room, member);
  if (refused) return fail(refused);
  if (room.store.applied) publish(room, null);
  return { ok: true, value: null };
}

/**
 * Send the full template. Every message still to play, in the template's order, until the first
 * that is refused: those before it are sent, and the panel shows the one that failed.
 */
export function sendFull(room: Room, member: StoredMember, templateId: string): Outcome<number> {
  const refused = mayPlay(room, member);
  if (refused) return fail(refused);
  let state = room.store.applied;
  if (!state || state.templateId !== templateId) return fail('templateNotApplied');
  if (state.revoked) return fail('templateRevoked');
  let count = 0;
  while (state) {
    const index = firstRemaining(state)!;
    const result = playMessage(room, member, state, state.messages[index]!.id);
    if (!result.ok) {
      publish(room, { ...stopPlaying(state), position: index });
      return result;
    }
    count++;
    state = result.value.state;
  }
  publish(room, null);
  return { ok: true, value: count };
}

/**
 * The owner of the template took it back (ADR 020): if it is the one applied here, it stops at
 * once and the manager's devices hear why. Answers whether it was.
 */
export function withdrawTemplate(room: Room, templateId: string): boolean {
  const state = room.store.applied;
  if (!state || state.templateId !== templateId || state.revoked) return false;
  publish(room, revoke(state));
  return true;
}

/**
 * The alarm's autoplay duty: when the next message is due, the one shown goes out in the manager's
 * name (whether or not any of her devices is connected). A refused send pauses the autoplay with
 * its reason; with none left the applied template ends.
 */
export function playDue(room: Room, now: number): void {
  const state = room.store.applied;
  const due = autoplayDue(state);
  if (!state || due === null || due > now) return;
  const sender = room.store.facts ? room.store.members.get(room.store.facts.ownerUserId) : undefined;
  const shown = current(state) ?? state.messages[firstRemaining(state) ?? -1];
  if (!sender || !shown) {
    publish(room, stopPlaying(state));
    return;
  }
  const result = playMessage(room, sender, state, shown.id);
  publish(room, result.ok ? result.value.state : pause(state, result.code));
}
