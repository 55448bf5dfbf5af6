import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '~/i18n/config';
import { isLanguage } from '~/i18n/config';
import { usePlacement } from '~/components/use-placement';
import type { PickerElement } from './emoji-picker.client';
import { createPicker } from './emoji-picker.client';

interface Props {
  disabled: boolean;
  onPick: (emoji: string) => void;
}

/**
 * The emoji button of the input bar. The picker (emoji-picker-element, a maintained web component
 * with keyboard navigation, search and recently used emojis) and its data load only when it is
 * first opened; the data is ours (`/emoji/{language}.json`), in the reader's language.
 */
export function EmojiButton({ disabled, onPick }: Props) {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'de';
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  usePlacement(open, button, popover, { side: 'top', align: 'start' });
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    let picker: PickerElement | null = null;
    const onClick = (event: Event) => pick.current((event as CustomEvent<{ unicode?: string }>).detail.unicode ?? '');
    createPicker(language).then(
      (created) => {
        if (cancelled || !host.current) return;
        picker = created;
        picker.addEventListener('emoji-click', onClick);
        host.current.replaceChildren(picker);
        // Straight into the search field, so typing finds an emoji at once.
        requestAnimationFrame(() => picker?.shadowRoot?.querySelector<HTMLInputElement>('input[type=search]')?.focus());
      },
      () => !cancelled && setFailed(true),
    );
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!host.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      cancelled = true;
      picker?.removeEventListener('emoji-click', onClick);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, language]);

  return (
    <div className="relative shrink-0">
      <button
        ref={button}
        type="button"
        disabled={disabled}
        aria-label={t('emoji.open')}
        aria-expanded={open}
        aria-controls={open ? 'emoji-picker' : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex h-11 w-11 items-center justify-center rounded-full text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-40"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="12" r="9" />
          <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
        </svg>
      </button>
      {open ? (
        <div
          ref={popover}
          id="emoji-picker"
          role="dialog"
          aria-label={t('emoji.title')}
          className="absolute bottom-14 left-0 z-40 overflow-auto rounded-xl shadow-xl ring-1 ring-slate-200 [&_emoji-picker]:[--num-columns:8] [&_emoji-picker]:max-sm:[--num-columns:7] [&_emoji-picker]:max-sm:w-[min(22rem,calc(100vw-1.5rem))]"
        >
          {failed ? <p className="bg-white p-4 text-sm text-red-800">{t('emoji.failed')}</p> : null}
          <div ref={host} data-testid="emoji-picker">
            {failed ? null : <p className="bg-white p-4 text-sm text-slate-600">{t('app.loading')}</p>}
          </div>
        </div>
      ) : null}
    </div>
  );
}
