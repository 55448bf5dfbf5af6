import type { Language } from '~/i18n/config';
import { isLanguage } from '~/i18n/config';

/**
 * The landing page's product video in public/landing/, as scripts/make-landing-video.mjs writes
 * it: a phone-sized recording of the real app, WebM and MP4, a poster, and captions per language.
 */
export const LANDING_VIDEO = {
  webm: '/landing/salon-demo.webm',
  mp4: '/landing/salon-demo.mp4',
  poster: '/landing/salon-demo-poster.webp',
  width: 390,
  height: 844,
  captions: (language: string) => `/landing/salon-demo.${isLanguage(language) ? language : ('de' satisfies Language)}.vtt`,
};
