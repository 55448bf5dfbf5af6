import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '~/core/limits';

const MAX_ROWS = 8;

/** Enter sends on devices with a keyboard; on touch screens Enter is a new line. */
function enterSends(): boolean {
  return window.matchMedia('(min-width: 768px) and (pointer: fine)').matches;
}

/**
 * The message input: grows up to 8 rows, never sends empty text, and allows one send at a time
 * (`busy` until the room acknowledged the previous message).
 */
export function InputBar({ onSend, busy, disabled }: { onSend: (text: string) => void; busy: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);

  function resize() {
    const element = area.current;
    if (!element) return;
    const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 24;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, lineHeight * MAX_ROWS + 16)}px`;
  }

  function submit() {
    if (busy || disabled || text.trim() === '') return;
    onSend(text);
    setText('');
    requestAnimationFrame(resize);
  }

  return (
    <form
      className="flex items-end gap-2 border-t border-slate-200 bg-white p-2 sm:p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
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
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && enterSends()) {
            event.preventDefault();
            submit();
          }
        }}
        className="max-h-60 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 px-4 py-2.5 text-base leading-6 focus:border-primary-dark disabled:bg-slate-100"
      />
      <span id="message-hint" className="sr-only">
        {t('input.hint')}
      </span>
      <button
        type="submit"
        disabled={busy || disabled || text.trim() === ''}
        aria-label={t('input.send')}
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary-dark text-white hover:bg-primary-dark/90 disabled:opacity-40"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
          <path d="M3.4 20.4 21 12 3.4 3.6l.1 6.5L15 12 3.5 13.9z" />
        </svg>
      </button>
    </form>
  );
}
