import { useTranslation } from 'react-i18next';
import type { MessageOption } from '~/components/chat/message-item';
import { Menu } from '~/components/menu';
import type { Actor, PartyState } from '~/core/permissions';
import { can } from '~/core/permissions';
import type { ChatMessage } from '~/core/protocol';
import type { MessageReactions, ReactionEmoji, SocialState } from '~/core/social';
import { REACTIONS } from '~/core/social';

/** What the reader may do with reactions and the pin, the same for every message (ADR 043). */
export interface ReactionHandlers {
  /** The reader may react now (a member of a party that is not over; also while writing is restricted). */
  mayReact: boolean;
  onReact: (messageId: string, emoji: ReactionEmoji, on: boolean) => void;
  /** Pins a message, or unpins with null. */
  onPin: (messageId: string | null) => void;
  /** Opens who reacted to a message: the manager's alone. */
  onShowReactions: ((messageId: string) => void) | null;
}

/** What the message list needs for reactions and the pin (app/core/social.ts). */
export type ReactionsView = SocialState & ReactionHandlers;

/**
 * One message's part of it: its own reactions and whether it is the one pinned. A row is drawn
 * again when these change, not when another message's do (ADR 051).
 */
export interface MessageSocial {
  reactions: MessageReactions | undefined;
  pinned: boolean;
  handlers: ReactionHandlers;
}

/** A message's menu options of this module: pin or unpin (the manager and the host), who reacted (the manager). */
export function socialOptions(
  message: ChatMessage,
  social: MessageSocial,
  me: Actor | null,
  party: PartyState,
  label: (key: string) => string,
): MessageOption[] {
  const options: MessageOption[] = [];
  const { handlers } = social;
  if (me && can(me, { type: 'pinMessage', message }, party)) {
    options.push(
      social.pinned
        ? { key: 'unpin', label: label('social.unpin'), run: () => handlers.onPin(null) }
        : { key: 'pin', label: label('social.pin'), run: () => handlers.onPin(message.id) },
    );
  }
  const onShowReactions = handlers.onShowReactions;
  if (onShowReactions && social.reactions) options.push({ key: 'reactions', label: label('social.reactions'), run: () => onShowReactions(message.id) });
  return options;
}

/** The counts under a bubble, in the set's order; a tap sets or takes back the reader's own. */
export function ReactionChips({ messageId, social }: { messageId: string; social: MessageSocial }) {
  const { t } = useTranslation();
  const { reactions, handlers: view } = social;
  if (!reactions) return null;
  const shown = REACTIONS.flatMap((emoji) => {
    const reaction = reactions[emoji];
    return reaction ? [{ emoji, ...reaction }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" data-testid="reactions" aria-label={t('social.reactions')}>
      {shown.map(({ emoji, count, mine }) => (
        <li key={emoji}>
          <button
            type="button"
            disabled={!view.mayReact}
            aria-pressed={mine}
            aria-label={t(mine ? 'social.reactionMine' : 'social.reaction', { emoji, count })}
            onClick={() => view.onReact(messageId, emoji, !mine)}
            className={`rounded-full px-2 py-0.5 text-sm ring-1 disabled:cursor-default ${mine ? 'bg-primary-light/60 ring-primary-dark' : 'bg-white ring-slate-300 hover:bg-slate-100'}`}
          >
            {emoji} <span className="text-xs font-medium text-slate-700">{count}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The button beside a message that opens the set: a tap on one sets it (or takes it back when it is the reader's already). */
export function ReactButton({ messageId, social, align }: { messageId: string; social: MessageSocial; align: 'left' | 'right' }) {
  const { t } = useTranslation();
  const view = social.handlers;
  if (!view.mayReact) return null;
  const mine = social.reactions ?? {};
  return (
    <Menu
      label={t('social.react')}
      buttonContent={
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="12" r="9" />
          <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
        </svg>
      }
      items={REACTIONS.map((emoji) => ({ key: emoji, label: emoji, onSelect: () => view.onReact(messageId, emoji, !mine[emoji]?.mine) }))}
      align={align}
      className="self-start"
      listClassName="flex w-max text-xl"
      buttonClassName="rounded-full p-1.5 text-slate-500 opacity-100 hover:bg-slate-200 focus:opacity-100 sm:opacity-0 sm:group-hover:opacity-100"
    />
  );
}
