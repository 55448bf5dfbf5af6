import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '~/components/language-menu';
import { Logo } from '~/components/logo';
import { AppSwitchGate } from './app-switch';
import { CookieNotice } from './cookie-notice';

/**
 * The frame of every public page (landing, sign-in, FAQ for visitors, legal pages, account
 * deletion): the cookie notice until it is dismissed, the logo home, the language menu, an optional
 * action on the right, the page, and the footer with the legal links the law wants on every public
 * page. `appSwitch`: the page is a way into Salon (the landing, the sign-in), so a phone without a
 * session is offered the app first (AppSwitchGate), which then carries the cookie notice. Pages
 * people are sent to read (the legal pages, the FAQ, a party link) never are.
 */
export function PublicPage({
  action,
  children,
  mainClassName = 'mx-auto w-full max-w-5xl px-4 pb-16 pt-8',
  appSwitch = false,
}: {
  action?: ReactNode;
  children: ReactNode;
  mainClassName?: string;
  appSwitch?: boolean;
}) {
  const page = (
    <>
      <CookieNotice />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-3">
        <Link to="/" className="rounded-lg">
          <Logo className="text-xl" />
        </Link>
        <div className="flex items-center gap-2">
          <LanguageMenu />
          {action}
        </div>
      </header>
      <main id="main" className={`flex-1 ${mainClassName}`}>
        {children}
      </main>
      <PublicFooter />
    </>
  );
  return (
    <div className="flex min-h-full flex-col bg-gradient-to-b from-primary-light to-slate-50">
      {appSwitch ? <AppSwitchGate>{page}</AppSwitchGate> : page}
    </div>
  );
}

/** The public pages' links: help, the legal notice, privacy and account deletion. */
export function PublicFooter() {
  const { t } = useTranslation();
  const links = [
    ['/faq', t('site.faq')],
    ['/impress', t('site.impress')],
    ['/privacy', t('site.privacy')],
    ['/delete-account', t('site.deleteAccount')],
  ] as const;
  return (
    <footer className="border-t border-slate-200 bg-white/60">
      <nav aria-label={t('site.footer')} className="mx-auto flex w-full max-w-5xl flex-wrap gap-x-6 gap-y-2 px-4 py-4 text-sm text-slate-700">
        {links.map(([to, label]) => (
          <Link key={to} to={to} className="underline-offset-2 hover:underline">
            {label}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
