import { useTranslation } from 'react-i18next';

/**
 * A party chat on a phone, drawn with HTML and CSS (no picture to load): the landing page's
 * picture of what guests see. One image to assistive technology, described by its label.
 */
export function PhoneMockup() {
  const { t } = useTranslation();
  const bubbles = [
    { text: t('landing.mockupMessage1'), who: 'Anna', own: false },
    { text: t('landing.mockupMessage2'), who: 'Eva', own: true },
    { text: t('landing.mockupMessage3'), who: 'Anna', own: false, attachment: true },
  ];
  return (
    <div role="img" aria-label={t('landing.mockupLabel')} className="mx-auto w-64 shrink-0 rounded-[2.5rem] bg-slate-900 p-2.5 shadow-xl sm:w-72">
      <div aria-hidden="true" className="overflow-hidden rounded-[2rem] bg-slate-50">
        <div className="flex items-center gap-2 bg-primary-dark px-4 pb-3 pt-5 text-white">
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-white/20 text-sm font-semibold">A</span>
          <span className="truncate text-sm font-semibold">{t('landing.mockupTitle')}</span>
        </div>
        <div className="flex h-72 flex-col justify-end gap-2 px-3 pb-3 text-sm">
          {bubbles.map((bubble) => (
            <div
              key={bubble.text}
              className={`max-w-[85%] rounded-2xl px-3 py-2 shadow-sm ${bubble.own ? 'self-end rounded-br-sm bg-primary-light' : 'self-start rounded-bl-sm bg-white'}`}
            >
              {bubble.own ? null : <span className="block text-xs font-semibold text-secondary-dark">{bubble.who}</span>}
              {bubble.attachment ? <span className="mb-1 block h-16 rounded-lg bg-gradient-to-br from-primary to-secondary" /> : null}
              <span className="text-slate-800">{bubble.text}</span>
            </div>
          ))}
        </div>
        <div className="flex items-center gap-2 border-t border-slate-200 bg-white px-3 py-2">
          <span className="h-8 flex-1 rounded-full bg-slate-100" />
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-primary-dark">
            <svg viewBox="0 0 24 24" className="h-4 w-4" fill="#fff">
              <path d="M3 20 21 12 3 4v6l12 2-12 2z" />
            </svg>
          </span>
        </div>
      </div>
    </div>
  );
}
