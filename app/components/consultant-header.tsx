import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';

export function ConsultantHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-2">
        <Link to="/parties" aria-label={t('nav.parties')}>
          <Logo className="text-lg" />
        </Link>
        <nav className="flex items-center gap-1">
          <LanguageMenu />
          <form method="post" action="/logout">
            <button type="submit" className="rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              {t('nav.logout')}
            </button>
          </form>
        </nav>
      </div>
    </header>
  );
}
