import type { Store, StoreLink } from '~/core/site-config';

/**
 * The badges of the stores the app is listed in (the SITE configuration, app/core/site-config.ts;
 * none locally), drawn here (no store artwork is copied): a dark button with a plain symbol, a
 * small line and the store's name. They come in four languages (de, en, fr, nl); Italian and
 * anything else get the English ones, marked as English for screen readers.
 */
const BADGE_LANGUAGES = ['de', 'en', 'fr', 'nl'] as const;
type BadgeLanguage = (typeof BADGE_LANGUAGES)[number];

const STORE_NAMES: Record<Store, string> = { appStore: 'App Store', googlePlay: 'Google Play', appGallery: 'AppGallery' };

const CAPTIONS: Record<BadgeLanguage, Record<Store, string>> = {
  de: { appStore: 'Laden im', googlePlay: 'Jetzt bei', appGallery: 'Jetzt entdecken in der' },
  en: { appStore: 'Download on the', googlePlay: 'Get it on', appGallery: 'Explore it on' },
  fr: { appStore: 'Télécharger dans l’', googlePlay: 'Disponible sur', appGallery: 'Découvrez-la sur' },
  nl: { appStore: 'Download in de', googlePlay: 'Ontdek het op', appGallery: 'Ontdek het op' },
};

export function badgeLanguage(language: string): BadgeLanguage {
  return (BADGE_LANGUAGES as readonly string[]).includes(language) ? (language as BadgeLanguage) : 'en';
}

/** A plain symbol per store: a phone, a play triangle, a shopping bag. */
function StoreSymbol({ store }: { store: Store }) {
  if (store === 'appStore') return <rect x="14" y="13" width="16" height="26" rx="3" fill="none" stroke="#fff" strokeWidth="2.5" />;
  if (store === 'googlePlay') return <path d="M15 13v26l22-13z" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />;
  return <path d="M13 20h20l-2 18H15zM18 20v-3a5 5 0 0 1 10 0v3" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />;
}

export function StoreBadges({ language, stores }: { language: string; stores: StoreLink[] }) {
  const badge = badgeLanguage(language);
  return (
    <ul className="flex flex-wrap justify-center gap-3 sm:justify-start">
      {stores.map((link) => {
        const caption = CAPTIONS[badge][link.store];
        const name = STORE_NAMES[link.store];
        return (
          <li key={link.store}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              lang={badge === language ? undefined : badge}
              aria-label={`${caption} ${name}`.replace('’ ', '’')}
              className="block rounded-xl hover:opacity-90"
            >
              <svg aria-hidden="true" viewBox="0 0 170 52" className="h-12 w-auto" fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif">
                <rect x="0.5" y="0.5" width="169" height="51" rx="10" fill="#0f172a" stroke="#94a3b8" />
                <StoreSymbol store={link.store} />
                <text x="46" y="20" fill="#fff" fontSize="10" textLength={Math.min(112, caption.length * 5.6)} lengthAdjust="spacingAndGlyphs">
                  {caption}
                </text>
                <text x="46" y="40" fill="#fff" fontSize="19" fontWeight="600" textLength={Math.min(114, name.length * 10.5)} lengthAdjust="spacingAndGlyphs">
                  {name}
                </text>
              </svg>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
