import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '~/components/menu';
import { isMediaMessageType } from '~/core/chat-media';
import { LIMITS, TIMINGS } from '~/core/limits';
import { PICTURE_KINDS, acceptAttribute } from '~/core/media';
import type { MediaKind } from '~/core/media';
import type { ChatMessage } from '~/core/protocol';
import { MicIcon } from '~/components/media/media-icons';
import { useMediaQuery } from '~/lib/use-media-query';
import { EmojiButton } from './emoji-button';
import { preview } from '~/core/message-preview';
import type { CardType } from '~/core/cards';

const MAX_ROWS = 8;

/** Enter sends on devices with a keyboard; on touch screens Enter is a new line. */
function enterSends(): boolean {
  return window.matchMedia('(min-width: 768px) and (pointer: fine)').matches;
}

/**
 * Narrower than Tailwind's `sm` (a phone): there the manager's heading and profile-card tools move
 * into the attach menu, so the text field keeps its room. The first render draws the wide bar, as
 * the server does.
 */
const NARROW_SCREEN = '(max-width: 639.98px)';

export type InputMode = { kind: 'reply'; message: ChatMessage } | { kind: 'edit'; message: ChatMessage } | null;

interface Props {
  onSubmit: (text: string) => void;
  /** A send is under way that the next must wait for (the template editor's). */
  busy: boolean;
  disabled: boolean;
  mode: InputMode;
  onCancelMode: () => void;
  /** Opens the heading dialog; without it (the reader may not send headings) there is no button. */
  onHeading?: () => void;
  /** Opens the profile card dialog; without it, no button. */
  onProfileCard?: () => void;
  /** Opens the dialog of a product card or a poll (ADR 044), from the attach menu beside the library; without it, no entries. */
  onCard?: (kind: CardType) => void;
  /** Files chosen to send, of the kinds in `acceptedKinds` (what each may send is the page's rule). */
  onFiles?: (files: File[]) => void;
  /** Opens the media picker (the reader's own library); without it, no button. */
  onLibrary?: () => void;
  /** Opens the voice recording dialog; its button takes the send button's place while the text is empty. */
  onVoice?: () => void;
  /** The kinds of file the picker offers: pictures only, or more (then it says "file", not "photo"). The server checks again. */
  acceptedKinds?: readonly MediaKind[];
}

/**
 * The message input: grows up to 8 rows and never sends empty text. A screen that saves one
 * message at a time (the template editor's call) holds it with `busy`; the party's chat never
 * does: each message goes at once, queued in order by the outbox (ADR 032). In reply and edit mode
 * a bar above it says what the text is for; cancel (or Escape) returns to normal.
 */
export const InputBar = memo(function InputBar({
  onSubmit,
  busy,
  disabled,
  mode,
  onCancelMode,
  onHeading,
  onProfileCard,
  onCard,
  onFiles,
  onLibrary,
  onVoice,
  acceptedKinds = PICTURE_KINDS,
}: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  // A media message's text is its caption, which may be emptied in an edit: the file still stands.
  const captionEdit = mode?.kind === 'edit' && isMediaMessageType(mode.message.messageType);
  // Only where the attach menu is (the manager's bar, the template editor's), and not in a reply or an edit.
  const attachMenu = Boolean(onFiles && onLibrary);
  const folded = useMediaQuery(NARROW_SCREEN, attachMenu) && attachMenu && !mode;

  function resize() {
    const element = area.current;
    // An empty field that was never grown has its one row: nothing to measure (a layout at load).
    if (!element || (element.value === '' && element.style.height === '')) return;
    const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 24;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, lineHeight * MAX_ROWS + 16)}px`;
  }

  useEffect(() => {
    // Once the reader may write (the manager opened the page, the guest has joined), the message
    // field has the focus, unless she is already somewhere else.
    if (!disabled && (document.activeElement === null || document.activeElement === document.body)) area.current?.focus();
  }, [disabled]);

  useEffect(() => {
    // Editing starts from the message's text; a reply starts empty. Either way the input has focus.
    if (mode?.kind === 'edit') setText(mode.message.message);
    if (mode) area.current?.focus();
    requestAnimationFrame(resize);
  }, [mode]);

  // Folding the tools away widens the field: its height follows its new width.
  useEffect(() => {
    requestAnimationFrame(resize);
  }, [folded]);

  function submit() {
    if (busy || disabled || (text.trim() === '' && !captionEdit)) return;
    onSubmit(text);
    setText('');
    requestAnimationFrame(resize);
  }

  /** Puts an emoji where the caret is (replacing a selection); the caret then follows it. */
  function insert(emoji: string) {
    const element = area.current;
    if (!element || emoji === '') return;
    const start = element.selectionStart ?? text.length;
    const end = element.selectionEnd ?? start;
    const next = text.slice(0, start) + emoji + text.slice(end);
    if (next.length > LIMITS.messageTextMax) return;
    setText(next);
    setTimeout(() => {
      element.setSelectionRange(start + emoji.length, start + emoji.length);
      resize();
    }, TIMINGS.emojiSelectionMs);
  }

  function cancel() {
    if (mode?.kind === 'edit') setText('');
    onCancelMode();
  }

  return (
    <div className="border-t border-slate-200 bg-white">
      {mode ? (
        <div className="flex items-center gap-2 border-b border-slate-100 px-3 py-2 text-sm" data-testid="input-mode">
          <div className="min-w-0 flex-1 border-l-4 border-primary pl-2">
            <p className="font-semibold text-primary-dark">
              {mode.kind === 'edit' ? t('input.editing') : t('input.replyingTo', { name: mode.message.senderName })}
            </p>
            <p className="truncate text-slate-600">{preview(mode.message)}</p>
          </div>
          <button type="button" onClick={cancel} className="rounded-full px-3 py-1.5 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
            {t('common.cancel')}
          </button>
        </div>
      ) : null}
      <form
        className="flex items-end gap-2 p-2 sm:p-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {onHeading && !mode && !folded ? (
          <ToolButton label={t('heading.open')} onClick={onHeading} disabled={disabled}>
            <span className="font-bold">H</span>
          </ToolButton>
        ) : null}
        {onProfileCard && !mode && !folded ? (
          <ToolButton label={t('profileCard.send')} onClick={onProfileCard} disabled={disabled}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <circle cx="9" cy="11" r="2" />
              <path d="M6 16a3 3 0 0 1 6 0M15 10h3M15 14h3" />
            </svg>
          </ToolButton>
        ) : null}
        {/* A photo may answer a message: attaching stays in reply mode, not while editing. */}
        {onFiles && mode?.kind !== 'edit' ? (
          <>
            {onLibrary ? (
              <Menu
                label={t('chatMedia.attachFile')}
                buttonContent={<AttachIcon />}
                disabled={disabled}
                align="left"
                listClassName="w-60"
                buttonClassName={TOOL_BUTTON}
                items={[
                  ...(folded && onHeading ? [{ key: 'heading', label: t('heading.open'), onSelect: onHeading }] : []),
                  ...(folded && onProfileCard ? [{ key: 'profileCard', label: t('profileCard.send'), onSelect: onProfileCard }] : []),
                  { key: 'device', label: t('chatMedia.fromDevice'), onSelect: () => picker.current?.click() },
                  { key: 'library', label: t('chatMedia.fromLibrary'), onSelect: onLibrary },
                  ...(onCard
                    ? [
                        { key: 'product', label: t('cards.newProduct'), onSelect: () => onCard('product') },
                        { key: 'poll', label: t('cards.newPoll'), onSelect: () => onCard('poll') },
                      ]
                    : []),
                ]}
              />
            ) : (
              <ToolButton
                label={acceptedKinds.every((kind) => kind === 'image') ? t('chatMedia.attachPhoto') : t('chatMedia.attachFile')}
                onClick={() => picker.current?.click()}
                disabled={disabled}
              >
                <AttachIcon />
              </ToolButton>
            )}
            <input
              ref={picker}
              type="file"
              multiple
              accept={acceptAttribute(acceptedKinds)}
              hidden
              data-testid="chat-file-input"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                if (files.length > 0 && !disabled) onFiles(files);
              }}
            />
          </>
        ) : null}
        <EmojiButton disabled={disabled} onPick={insert} />
        <label htmlFor="message-input" className="sr-only">
          {t('input.label')}
        </label>
        <textarea
          id="message-input"
          ref={area}
          rows={1}
          value={text}
          maxLength={LIMITS.messageTextMax}
          disabled={disabled}
          placeholder={t('input.placeholder')}
          aria-describedby="message-hint"
          onChange={(event) => {
            setText(event.target.value);
            resize();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && mode) {
              event.preventDefault();
              cancel();
            } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && enterSends()) {
              event.preventDefault();
              submit();
            }
          }}
          className="max-h-60 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 px-4 py-2.5 text-base leading-6 focus:border-primary-dark disabled:bg-slate-100"
        />
        <span id="message-hint" className="sr-only">
          {t('input.hint')}
        </span>
        {onVoice && !mode && text === '' ? (
          <button
            type="button"
            onClick={onVoice}
            disabled={disabled}
            aria-label={t('voice.record')}
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary-dark text-white hover:bg-primary-dark/90 disabled:opacity-40"
          >
            <MicIcon className="h-5 w-5" />
          </button>
        ) : (
          <button
            type="submit"
            disabled={busy || disabled || (text.trim() === '' && !captionEdit)}
            aria-label={mode?.kind === 'edit' ? t('input.saveEdit') : t('input.send')}
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary-dark text-white hover:bg-primary-dark/90 disabled:opacity-40"
          >
            {mode?.kind === 'edit' ? (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="m5 12 5 5L20 7" />
              </svg>
            ) : (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                <path d="M3.4 20.4 21 12 3.4 3.6l.1 6.5L15 12 3.5 13.9z" />
              </svg>
            )}
          </button>
        )}
      </form>
    </div>
  );
});

const TOOL_BUTTON =
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-40';

function AttachIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 8h3l2-3h6l2 3h3v11H4Z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}

/** A round tool button beside the input (heading, profile card, photo). */
function ToolButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled: boolean; children: React.ReactNode }) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} aria-label={label} className={TOOL_BUTTON}>
      {children}
    </button>
  );
}
