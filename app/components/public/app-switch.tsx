import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '~/components/logo';
import type { StoreLink } from '~/core/site-config';
import type { PhonePlatform } from '~/core/user-agent';
import { useInstallPrompt } from '~/lib/install-prompt';
import { useVisitor } from '~/lib/use-visitor';
import { CookieText } from './cookie-notice';
import { ChoiceFields, useVisitorChoice } from './visitor-choice';
import { StoreLinks } from './store-links';

/**
 * The app-switch screen in place of the page: a phone visitor without a session
 * (app/core/visitor.ts) is offered the app, from the stores configured for their platform, else
 * installed from the browser (the root's loader picks the platform's stores), and can always carry
 * on in the browser with one tap: that button has the focus, and the choice is remembered. The
 * page's cookie notice is inside `children`; while it is due, the screen carries its text and that
 * one tap notes it too, so a first visit has one thing to answer, not two (ADR 018). Opened as the
 * installed web app, the page itself shows at once, with the notice still to read.
 */
export function AppSwitchGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const visitor = useVisitor();
  const cookieNotice = Boolean(visitor?.cookieNotice);
  const { made, form, choices, chooseAlone, returnTo } = useVisitorChoice('browser', cookieNotice ? ['cookies'] : []);
  const stay = useRef<HTMLButtonElement>(null);
  const due = Boolean(visitor?.appSwitch) && !made;
  useEffect(() => {
    if (!due) return;
    if (window.matchMedia('(display-mode: standalone)').matches) chooseAlone();
    else stay.current?.focus();
    // Once, when the screen comes: `chooseAlone` is new on every render.
  }, [due]);
  if (!due || !visitor?.appSwitch) return <>{children}</>;
  return (
    <AppSwitch platform={visitor.appSwitch} stores={visitor.stores}>
      <form {...form}>
        <ChoiceFields choices={choices} returnTo={returnTo} />
        <button ref={stay} type="submit" className="w-full rounded-full px-5 py-3 font-medium text-primary-dark ring-2 ring-primary-dark hover:bg-white">
          {t('appSwitch.stay')}
        </button>
      </form>
      {cookieNotice ? (
        <section aria-label={t('cookies.label')} className="mt-6 text-sm text-slate-700">
          <CookieText />
        </section>
      ) : null}
    </AppSwitch>
  );
}

function AppSwitch({ platform, stores, children }: { platform: PhonePlatform; stores: StoreLink[]; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex flex-1 flex-col items-center justify-center gap-6 px-6 py-10 text-center">
      <Logo className="text-3xl" />
      <div className="max-w-sm">
        <h1 className="text-2xl font-bold">{t('appSwitch.title')}</h1>
        <p className="mt-2 text-slate-700">{t('appSwitch.text')}</p>
      </div>
      {stores.length > 0 ? (
        <section aria-labelledby="app-stores" className="w-full max-w-sm">
          <h2 id="app-stores" className="sr-only">
            {t('appSwitch.stores')}
          </h2>
          <StoreLinks stores={stores} layout="stacked" />
        </section>
      ) : (
        <InstallFromBrowser platform={platform} />
      )}
      <div className="w-full max-w-sm">{children}</div>
    </main>
  );
}

/** No store has the app for this phone: Salon installs from the browser, as a web app. */
function InstallFromBrowser({ platform }: { platform: PhonePlatform }) {
  const { t } = useTranslation();
  // The browser's prompt, kept from the page's start (app/lib/install-prompt.ts).
  const { offer, install } = useInstallPrompt();
  return (
    <section aria-labelledby="app-install" className="w-full max-w-sm rounded-2xl bg-white p-5 text-left shadow-sm ring-1 ring-slate-200">
      <h2 id="app-install" className="font-semibold">
        {t('appSwitch.install')}
      </h2>
      <p className="mt-1 text-slate-700">{t('appSwitch.installText')}</p>
      {offer === 'prompt' ? (
        <button type="button" onClick={() => void install()} className="mt-4 w-full rounded-full bg-primary-dark px-5 py-3 font-medium text-white hover:bg-primary-dark/90">
          {t('appSwitch.install')}
        </button>
      ) : (
        <p className="mt-3 text-slate-700" data-testid="install-steps">
          {t(platform === 'ios' ? 'appSwitch.iosSteps' : 'appSwitch.androidSteps')}
        </p>
      )}
    </section>
  );
}
