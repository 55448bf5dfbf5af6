import { Link, NavLink, useLocation } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddToHomeScreenDialog } from '~/components/add-to-home-screen-dialog';
import { ImportDialog } from '~/components/import/import-dialog';
import { LanguageMenu } from '~/components/language-menu';
import { Logo } from '~/components/logo';
import { usePlacement } from '~/components/use-placement';
import { FIRST_MENU_PATH } from '~/core/workspace';
import type { Application } from '~/core/workspace';
import { initials } from '~/core/text';
import { useInstallPrompt } from '~/lib/install-prompt';
import { WorkspaceSearch } from './workspace-search';
import { ApplicationSelector } from './application-selector';

export interface ShellUser {
  selectedProfile: { id: string; firstName: string; lastName: string } | null;
  profileCount: number;
  companyMode: boolean;
  applications: Application[];
  /** The configured operator (ADR 063): her menu leads to /operator. */
  operator?: boolean;
}

interface Props {
  user: ShellUser;
  releaseNotesHighlighted: boolean;
  children: React.ReactNode;
}

/**
 * The main menu. The media and templates links have no hash: opening either from the menu starts
 * at the top level, wherever the library was left.
 */
const MENU = [
  { to: '/media', label: 'nav.media', icon: 'M4 5h16v14H4Z M4 16l5-5 4 4 2-2 5 5 M15.5 9.5h.01' },
  { to: FIRST_MENU_PATH, label: 'nav.parties', icon: 'M4 6h16M4 12h16M4 18h10' },
  { to: '/templates', label: 'nav.templates', icon: 'M6 3h12v18H6Z M9 8h6 M9 12h6 M9 16h3' },
  { to: '/profiles', label: 'nav.profiles', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0' },
  { to: '/releaseNotes', label: 'nav.releaseNotes', icon: 'M12 3v3m0 12v3M3 12h3m12 0h3M6 6l2 2m8 8 2 2M6 18l2-2m8-8 2-2' },
  { to: '/faq', label: 'nav.faq', icon: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6 M12 17h.01' },
] as const;

/**
 * The signed-in frame: a top bar (menu button, logo, search, language, user menu) and a side drawer
 * (240 px) that is always open from md (768 px, a portrait tablet) and slides over the page on the
 * specification's small screens, below md.
 */
export function AppShell({ user, releaseNotesHighlighted, children }: Props) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // Navigating closes the drawer on small screens.
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawerOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <div className="flex min-h-full flex-col bg-slate-50">
      <header className="sticky top-0 z-30 border-b print:hidden border-slate-200 bg-white/95 backdrop-blur">
        <div className="flex flex-wrap items-center gap-2 px-2 py-2 sm:flex-nowrap sm:px-4">
          <button
            ref={menuButton}
            type="button"
            onClick={() => setDrawerOpen((open) => !open)}
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            aria-label={t('nav.menu')}
            className="rounded-full p-2 hover:bg-slate-100 md:hidden"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <Link to={FIRST_MENU_PATH} aria-label={t('nav.home')} className="mr-auto">
            <Logo className="text-lg" />
          </Link>
          <WorkspaceSearch />
          <ApplicationSelector applications={user.applications} selectedId={user.selectedProfile?.id ?? null} />
          <LanguageMenu />
          <UserMenu user={user} />
        </div>
      </header>
      <div className="flex flex-1">
        {drawerOpen ? <div className="fixed inset-0 z-30 bg-slate-900/30 md:hidden" aria-hidden="true" onClick={() => setDrawerOpen(false)} /> : null}
        <nav
          id={drawerId}
          aria-label={t('nav.main')}
          className={`fixed inset-y-0 left-0 z-40 w-60 shrink-0 print:hidden border-r border-slate-200 bg-white p-3 transition-transform md:sticky md:top-[57px] md:z-0 md:h-[calc(100dvh-57px)] md:translate-x-0 ${drawerOpen ? 'translate-x-0 shadow-xl' : '-translate-x-full'}`}
        >
          <ul className="space-y-1">
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-2.5 font-medium ${isActive ? 'bg-primary-light text-slate-900' : 'text-slate-700 hover:bg-slate-100'}`
                  }
                >
                  {/* Neither icon nor badge gives way to a long label: in the 240 px drawer (ADR 040) the badge goes below "Versionshinweise" rather than break the word. */}
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="h-5 w-5 shrink-0"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  >
                    <path d={item.icon} />
                  </svg>
                  <span className="min-w-0 flex-auto break-words">{t(item.label)}</span>
                  {item.to === '/releaseNotes' && releaseNotesHighlighted ? (
                    <span
                      className="ml-auto shrink-0 rounded-full bg-secondary-dark px-2 py-0.5 text-xs font-semibold text-white"
                      data-testid="release-notes-highlight"
                    >
                      {t('nav.new')}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}

function UserMenu({ user }: { user: ShellUser }) {
  const { t } = useTranslation();
  const profile = user.selectedProfile;
  const letters = profile ? initials(profile) : '?';
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const list = useRef<HTMLDivElement>(null);
  usePlacement(open, summary, list, { side: 'bottom', align: 'end' });
  const { offer, install } = useInstallPrompt();
  const [dialog, setDialog] = useState<'addToHome' | 'import' | null>(null);
  const closeDialog = () => setDialog(null);
  // The item that opened the dialog is hidden in the closed menu: once the dialog is gone (and the
  // page no longer inert), the focus goes back to the menu's button.
  const hadDialog = useRef(false);
  useEffect(() => {
    if (dialog) hadDialog.current = true;
    else if (hadDialog.current) {
      hadDialog.current = false;
      summary.current?.focus();
    }
  }, [dialog]);
  const installSalon = () => {
    details.current?.removeAttribute('open');
    if (offer === 'prompt') void install();
    else setDialog('addToHome');
  };
  return (
    <>
      <details ref={details} className="relative" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary
          ref={summary}
          aria-label={t('nav.userMenu')}
          className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-full bg-primary-dark font-semibold text-white hover:bg-primary-dark/90"
        >
          <span aria-hidden="true">{letters}</span>
        </summary>
        <div ref={list} className="absolute right-0 z-40 mt-1 w-56 overflow-y-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200">
          {profile ? (
            <>
              <p className="truncate px-3 py-2 text-sm text-slate-600">
                {profile.firstName} {profile.lastName}
              </p>
              <Link to={`/profiles/${profile.id}`} className="block rounded-lg px-3 py-2 hover:bg-slate-100">
                {t('nav.viewProfile')}
              </Link>
            </>
          ) : null}
          <button
            type="button"
            onClick={() => {
              details.current?.removeAttribute('open');
              setDialog('import');
            }}
            className="block w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100"
          >
            {t('accountImport.menuItem')}
          </button>
          <Link to="/export" className="block rounded-lg px-3 py-2 hover:bg-slate-100">
            {t('dataExport.menuItem')}
          </Link>
          {user.operator ? (
            <Link to="/operator" className="block rounded-lg px-3 py-2 hover:bg-slate-100">
              {t('operator.title')}
            </Link>
          ) : null}
          {offer ? (
            <button type="button" onClick={installSalon} className="block w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100">
              {t('install.menuItem')}
            </button>
          ) : null}
          <form method="post" action="/logout" onSubmit={signOut}>
            <button type="submit" className="block w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100">
              {t('nav.logout')}
            </button>
          </form>
        </div>
      </details>
      {/* Outside the menu: a closed <details> hides what it holds. */}
      {dialog === 'addToHome' ? <AddToHomeScreenDialog onClose={closeDialog} /> : null}
      {dialog === 'import' ? <ImportDialog onClose={closeDialog} /> : null}
    </>
  );
}

/**
 * Sign-out takes the consultant's unsent messages off the device first: the next person here must
 * not send or see them (app/lib/outbox.ts). Storage that does not answer within a second does not
 * hold the sign-out up.
 */
function signOut(event: React.FormEvent<HTMLFormElement>) {
  const form = event.currentTarget;
  event.preventDefault();
  const cleared = import('~/lib/outbox').then((outbox) => outbox.clearEntries((entry) => entry.manager));
  void Promise.race([cleared, new Promise((resolve) => setTimeout(resolve, 1000))])
    .catch(() => undefined)
    .finally(() => form.submit());
}
