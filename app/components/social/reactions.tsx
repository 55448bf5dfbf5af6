import { useTranslation } from 'react-i18next';
import type { MessageOption } from '~/components/chat/message-item';
import { Menu } from '~/components/menu';
import type { Actor, PartyState } from '~/core/permissions';
import { can } from '~/core/permissions';
import type { ChatMessage } from '~/core/protocol';
import type { ReactionEmoji, SocialState } from '~/core/social';
import { REACTIONS } from '~/core/social';

/** What the message list needs for reactions and the pin (app/core/social.ts, ADR 043). */
export interface ReactionsView extends SocialState {
  /** The reader may react now (a member of a party that is not over; also while writing is restricted). */
  mayReact: boolean;
  onReact: (messageId: string, emoji: ReactionEmoji, on: boolean) => void;
  /** Pins a message, or unpins with null. */
  onPin: (messageId: string | null) => void;
  /** Opens who reacted to a message: the manager's alone. */
  onShowReactions: ((messageId: string) => void) | null;
}

/** A message's menu options of this module: pin or unpin (the manager and the host), who reacted (the manager). */
export function socialOptions(message: ChatMessage, view: ReactionsView, me: Actor | null, party: PartyState, label: (key: string) => string): MessageOption[] {
  const options: MessageOption[] = [];
  if (me && can(me, { type: 'pinMessage', message }, party)) {
    options.push(
      view.pinned?.id === message.id
        ? { key: 'unpin', label: label('social.unpin'), run: () => view.onPin(null) }
        : { key: 'pin', label: label('social.pin'), run: () => view.onPin(message.id) },
    );
  }
  const onShowReactions = view.onShowReactions;
  if (onShowReactions && view.reactions[message.id])
    options.push({ key: 'reactions', label: label('social.reactions'), run: () => onShowReactions(message.id) });
  return options;
}

/** The counts under a bubble, in the set's order; a tap sets or takes back the reader's own. */
export function ReactionChips({ messageId, view }: { messageId: string; view: ReactionsView }) {
  const { t } = useTranslation();
  const reactions = view.reactions[messageId];
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
export function ReactButton({ messageId, view, align }: { messageId: string; view: ReactionsView; align: 'left' | 'right' }) {
  const { t } = useTranslation();
  if (!view.mayReact) return null;
  const mine = view.reactions[messageId] ?? {};
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
