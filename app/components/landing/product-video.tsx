import { useTranslation } from 'react-i18next';
import { LANDING_VIDEO } from '~/lib/landing-video';

/**
 * The product video (made by scripts/make-landing-video.mjs from the real app): nothing of it
 * loads before the visitor presses play but its small poster; muted, with controls and captions
 * in the page's language.
 */
export function ProductVideo() {
  const { t, i18n } = useTranslation();
  return (
    <video
      controls
      muted
      playsInline
      preload="none"
      poster={LANDING_VIDEO.poster}
      width={LANDING_VIDEO.width}
      height={LANDING_VIDEO.height}
      aria-label={t('landing.videoTitle')}
      className="mx-auto h-auto w-64 rounded-3xl bg-slate-900 shadow-lg sm:w-72"
    >
      <source src={LANDING_VIDEO.webm} type="video/webm" />
      <source src={LANDING_VIDEO.mp4} type="video/mp4" />
      <track
        kind="captions"
        src={LANDING_VIDEO.captions(i18n.language)}
        srcLang={i18n.language}
        label={t(`language.${i18n.language}` as 'language.de')}
        default
      />
    </video>
  );
}
