/** A part of a language's texts, made at build time by vite.config.ts (salon-translation-parts). */
declare module 'virtual:translation/*' {
  import type { Translation } from './locales/de';
  const texts: Partial<Translation>;
  export default texts;
}
