import { RemixBrowser } from '@remix-run/react';
import i18next from 'i18next';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, TEXT_PARTS, i18nOptions, isLanguage } from './i18n/config';
import { loadTranslation } from './i18n/resources';

// Chromium fires its install prompt once, possibly before hydration: kept from the start for
// app/lib/install-prompt.ts, and written here rather than imported so that it costs the guest's
// first load no file of its own (ADR 027, ADR 033). preventDefault: the menu offers it, no banner.
addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  window.salonInstallPrompt = event as NonNullable<Window['salonInstallPrompt']>;
});

async function hydrate() {
  // The server rendered <html lang> with the visitor's language; load only that one.
  const lang = document.documentElement.lang;
  const lng = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  // The party page says it needs only the party's texts (root.tsx); every other page loads both.
  const parts = document.documentElement.dataset.texts === 'party' ? (['party'] as const) : TEXT_PARTS;
  await i18next.use(initReactI18next).init({ ...i18nOptions, lng, resources: { [lng]: { translation: await loadTranslation(lng, parts) } } });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
