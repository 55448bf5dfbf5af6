import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useVisitor } from '~/lib/use-visitor';
import { ChoiceFields, useVisitorChoice } from './visitor-choice';

/**
 * The cookie notice: Salon's cookies are all needed for it to work, so this informs and asks
 * nothing. It sits in the page's flow above the header, rendered by the server for whoever has not
 * dismissed it: it covers nothing and nothing moves when the page loads. While the app-switch
 * screen stands in for the page, the screen carries the notice (AppSwitchGate).
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const visitor = useVisitor();
  const { made, form, choices, returnTo } = useVisitorChoice('cookies');
  if (!visitor?.cookieNotice || made) return null;
  return (
    <section aria-label={t('cookies.label')} className="bg-slate-900 text-white">
      <form {...form} className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
        <ChoiceFields choices={choices} returnTo={returnTo} />
        <CookieText className="min-w-0 flex-1 basis-64" />
        <button type="submit" className="rounded-full bg-white px-4 py-1.5 font-medium text-slate-900 hover:bg-slate-100">
          {t('cookies.dismiss')}
        </button>
      </form>
    </section>
  );
}

/** What the notice says, also where the app-switch screen carries it (ADR 018). */
export function CookieText({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={className}>
      {t('cookies.text')}{' '}
      <Link to="/privacy" className="underline underline-offset-2">
        {t('cookies.more')}
      </Link>
    </p>
  );
}
