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
import type { ChatMessage, ServerEvent } from '#core/protocol';
import type { TemplateMessage } from '#core/templates';
import type { ApplyMode, Outcome } from '../../contract';
import type { Duty, Feature } from '../../kernel/feature';
import type { Room } from '../../kernel/room';
import { allowed, fail, refusal } from '../../kernel/rules';
import type { StoredMember } from '../../kernel/store';
import { sendMessage } from '../chat/messages';
import { AppliedStore } from './store';

/**
 * A template played into the party, step by step or on the timed autoplay (ADR 016): the handlers
 * behind the party's template calls and the autoplay's alarm. The state lives in the room's
 * storage, so every device of the manager, a reload or an evicted room continues where it was; the
 * manager's sockets hear every change. Messages go out through the chat's one send path
 * (features/chat/messages.ts sendMessage), as the manager.
 */

export class TemplatePlay implements Feature {
  readonly name = 'templates';

  readonly store: AppliedStore;

  constructor(private readonly room: Room) {
    this.store = new AppliedStore(room.sql);
  }

  load(): void {
    this.store.load();
  }

  /** The manager's device (a reload, a second one) continues where the played template is. */
  welcome(member: StoredMember): ServerEvent[] {
    return member.role === 'manager' ? [{ type: 'appliedTemplate', applied: this.store.applied }] : [];
  }

  /** The autoplay's next message. */
  readonly alarm: Duty = { due: () => autoplayDue(this.store.applied), run: (now) => this.playDue(now) };

  /** Only the manager applies and plays templates (app/core/permissions.ts), and not once the party is over. */
  private mayPlay(member: StoredMember): ErrorCode | null {
    if (allowed(this.room, member, { type: 'playTemplate' })) return null;
    return member.role === 'manager' ? refusal(this.room) : 'forbidden';
  }

  /** Stores the new state and tells the manager's devices; the alarm follows the autoplay. */
  private publish(next: AppliedTemplate | null): void {
    if (next !== this.store.applied) this.store.setApplied(next);
    const managerId = this.room.store.facts?.ownerUserId;
    if (managerId) this.room.sendToMember(managerId, { type: 'appliedTemplate', applied: next });
    this.room.rearm();
  }

  /** What the manager's page reads on load (GET /parties/{id}/template). Reading is allowed after the end. */
  read(member: StoredMember): Outcome<AppliedTemplate | null> {
    return member.role === 'manager' ? { ok: true, value: this.store.applied } : fail('forbidden');
  }

  /**
   * Start, and the overwrite choice. Applying the template that is already applied asks first
   * (`templateAlreadyApplied`): restart plays it again from its first message with the template as
   * it is now, continue keeps where it was (and its edits). Another template replaces the applied one.
   */
  apply(member: StoredMember, template: { id: string; title: string; messages: TemplateMessage[] }, mode: ApplyMode | undefined): Outcome<AppliedTemplate> {
    const refused = this.mayPlay(member);
    if (refused) return fail(refused);
    const existing = this.store.applied;
    // A copy taken back by its owner is replaced without asking: the Worker found the template
    // usable again (shared and added anew).
    if (existing?.templateId === template.id && !existing.revoked) {
      if (!mode) return fail('templateAlreadyApplied');
      if (mode === 'continue') {
        const next = reopen(existing);
        this.publish(next);
        return { ok: true, value: next };
      }
    }
    const started = startApplied(template, () => crypto.randomUUID());
    if (!started) return fail('templateEmpty');
    this.publish(started);
    return { ok: true, value: started };
  }

  /**
   * Sends one message of the applied template and takes it out of the play, in one transaction: the
   * record of what was sent is stored with the message, so a step that runs again (an alarm's retry)
   * finds it sent. Its tempId is new for each playing: should the record ever be missing, the room's
   * tempId check returns the stored message instead of sending it twice.
   */
  private playMessage(sender: StoredMember, state: AppliedTemplate, messageId: string): Outcome<{ message: ChatMessage; state: AppliedTemplate | null }> {
    const found = sendable(state, messageId);
    if (!found.ok) return found;
    const { message: played } = found;
    return this.room.store.transaction(() => {
      const sent = sendMessage(
        this.room,
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
      const next = taken.ok ? rescheduled(taken.state, this.room.now()) : state;
      this.store.setApplied(next);
      return { ok: true as const, value: { message: sent.value.message, state: next } };
    });
  }

  /** Move position, hide, edit, send, close and reopen; and the autoplay's controls. */
  change(member: StoredMember, action: AppliedAction): Outcome<{ applied: AppliedTemplate | null; message?: ChatMessage }> {
    const refused = this.mayPlay(member);
    if (refused) return fail(refused);
    const state = this.store.applied;
    if (!state) return fail('templateNotApplied');
    if (state.revoked) return fail('templateRevoked');
    if (action.action === 'send') {
      const result = this.playMessage(member, state, action.messageId);
      if (!result.ok) return result;
      this.publish(result.value.state);
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
        const problem = startAt === null ? null : scheduleProblem(startAt, this.room.now(), this.room.store.facts?.expiresAt ?? null);
        if (problem) return fail(problem);
        next = playOn(state, action.delayMs, this.room.now(), startAt);
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
    this.publish(next);
    return { ok: true, value: { applied: next } };
  }

  /** Remove: the panel closes and nothing stays applied. */
  remove(member: StoredMember): Outcome<null> {
    const refused = this.mayPlay(member);
    if (refused) return fail(refused);
    if (this.store.applied) this.publish(null);
    return { ok: true, value: null };
  }

  /**
   * Send the full template. Every message still to play, in the template's order, until the first
   * that is refused: those before it are sent, and the panel shows the one that failed.
   */
  sendFull(member: StoredMember, templateId: string): Outcome<number> {
    const refused = this.mayPlay(member);
    if (refused) return fail(refused);
    let state = this.store.applied;
    if (!state || state.templateId !== templateId) return fail('templateNotApplied');
    if (state.revoked) return fail('templateRevoked');
    let count = 0;
    while (state) {
      const index = firstRemaining(state)!;
      const result = this.playMessage(member, state, state.messages[index]!.id);
      if (!result.ok) {
        this.publish({ ...stopPlaying(state), position: index });
        return result;
      }
      count++;
      state = result.value.state;
    }
    this.publish(null);
    return { ok: true, value: count };
  }

  /**
   * The owner of the template took it back (ADR 020): if it is the one applied here, it stops at
   * once and the manager's devices hear why. Answers whether it was.
   */
  withdraw(templateId: string): boolean {
    const state = this.store.applied;
    if (!state || state.templateId !== templateId || state.revoked) return false;
    this.publish(revoke(state));
    return true;
  }

  /**
   * The alarm's autoplay duty: when the next message is due, the one shown goes out in the manager's
   * name (whether or not any of her devices is connected). A refused send pauses the autoplay with
   * its reason; with none left the applied template ends.
   */
  private playDue(now: number): void {
    const state = this.store.applied;
    const due = autoplayDue(state);
    if (!state || due === null || due > now) return;
    const sender = this.room.store.facts ? this.room.store.members.get(this.room.store.facts.ownerUserId) : undefined;
    const shown = current(state) ?? state.messages[firstRemaining(state) ?? -1];
    if (!sender || !shown) {
      this.publish(stopPlaying(state));
      return;
    }
    const result = this.playMessage(sender, state, shown.id);
    this.publish(result.ok ? result.value.state : pause(state, result.code));
  }
}
