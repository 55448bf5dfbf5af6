import { useLocation } from '@remix-run/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '~/i18n/config';
import type { Language } from '~/i18n/config';
import { usePlacement } from './use-placement';

/**
 * The language menu: a globe with the current language's code, and each language by its own name
 * (flag emoji are two letters on Windows and boxes without an emoji font; a flag is a country, not
 * a language). Choosing a language stores it and reloads the page, so the browser loads just that
 * language.
 */
export function LanguageMenu({ disabled = false }: { disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'de';
  const [open, setOpen] = useState(false);
  const summary = useRef<HTMLElement>(null);
  const list = useRef<HTMLFormElement>(null);
  usePlacement(open, summary, list, { side: 'bottom', align: 'end' });
  return (
    <details className="relative" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary
        ref={summary}
        aria-label={`${t('language.label')}: ${t(`language.${current}`)}`}
        aria-disabled={disabled}
        className={`flex h-10 cursor-pointer list-none items-center justify-center gap-1 rounded-full px-2 hover:bg-slate-100 ${disabled ? 'pointer-events-none opacity-50' : ''}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5 shrink-0 text-slate-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
        </svg>
        <span aria-hidden="true" className="text-sm font-medium uppercase text-slate-700">
          {current}
        </span>
      </summary>
      <form
        ref={list}
        method="post"
        action="/language"
        className="absolute right-0 z-40 mt-1 w-44 overflow-y-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200"
      >
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="submit"
            name="lng"
            value={language}
            lang={language}
            aria-current={language === current}
            className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left hover:bg-slate-100 aria-[current=true]:font-semibold"
          >
            {t(`language.${language}`)}
          </button>
        ))}
      </form>
    </details>
  );
}
