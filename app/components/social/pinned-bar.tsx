import { useTranslation } from 'react-i18next';
import { preview } from '~/core/message-preview';
import type { ChatMessage } from '~/core/protocol';

/** The pinned message above the list, for everyone: a tap jumps to it as the table of contents does. */
export function PinnedBar({ message, onJump, onUnpin }: { message: ChatMessage; onJump: () => void; onUnpin: (() => void) | null }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-sm text-amber-950 sm:px-4" data-testid="pinned">
      <button
        type="button"
        onClick={onJump}
        aria-label={`${t('social.showPinned')}: ${preview(message, 120)}`}
        className="flex min-w-0 flex-1 items-center gap-2 text-left"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M9 4h6l-1 6 4 4H6l4-4-1-6ZM12 14v6" />
        </svg>
        <span className="font-semibold">{t('social.pinned')}</span>
        <span className="truncate">
          {message.senderName}: {preview(message, 120)}
        </span>
      </button>
      {onUnpin ? (
        <button type="button" onClick={onUnpin} className="shrink-0 rounded-full px-2 py-0.5 font-medium underline hover:bg-amber-100">
          {t('social.unpin')}
        </button>
      ) : null}
    </div>
  );
}
