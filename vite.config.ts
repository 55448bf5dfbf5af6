import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import { transform } from 'esbuild';
import { LANGUAGES, TEXT_PARTS, isLanguage, textsPart } from './app/i18n/config';
import type { TextPart } from './app/i18n/config';

declare module '@remix-run/cloudflare' {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The emoji picker's data (names and search keywords per language) is served by us, from the
 * client build's `emoji/{language}.json`: no third-party CDN, and nothing loads until a picker
 * opens. The files come from the pinned `emoji-picker-element-data` package at build time.
 */
function emojiData(): Plugin {
  const require = createRequire(import.meta.url);
  let client = false;
  return {
    name: 'salon-emoji-data',
    apply: 'build',
    configResolved(config) {
      client = !config.build.ssr;
    },
    generateBundle() {
      if (!client) return;
      for (const language of LANGUAGES) {
        const source = readFileSync(require.resolve(`emoji-picker-element-data/${language}/cldr/data.json`));
        this.emitFile({ type: 'asset', fileName: `emoji/${language}.json`, source });
      }
    },
  };
}

/**
 * `virtual:translation/{language}/{part}`: one part of a language's texts (app/i18n/config.ts), cut
 * from its locale file at build time so each part is a chunk of its own. The locale files stay one
 * per language (the source every translator edits and the i18n test checks); they are plain data,
 * so evaluating one here is safe.
 */
export function translationParts(): Plugin {
  const prefix = 'virtual:translation/';
  return {
    name: 'salon-translation-parts',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [language, part] = id.slice(prefix.length + 1).split('/');
      if (!isLanguage(language) || !(TEXT_PARTS as readonly string[]).includes(part ?? '')) throw new Error(`unknown translation part ${id}`);
      const file = fileURLToPath(new URL(`./app/i18n/locales/${language}.ts`, import.meta.url));
      this.addWatchFile(file);
      const { code } = await transform(readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm' });
      const texts = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: Record<string, unknown> };
      return `export default ${JSON.stringify(textsPart(texts.default, part as TextPart))};`;
    },
  };
}

/**
 * The media upload, preview and voice modules as entries of their own in the client build, named in
 * its manifest (`app/lib/upload.ts`, `app/lib/preview.ts`, `app/lib/voice-recorder.ts`) with their exports kept: the browser tests
 * import them into a real page and run them against the real Worker, whichever screen uses them.
 * No page loads these entries; a screen that imports the modules shares their chunks.
 */
function mediaEntries(): Plugin {
  let client = false;
  return {
    name: 'salon-media-entries',
    apply: 'build',
    configResolved(config) {
      client = !config.build.ssr;
    },
    buildStart() {
      if (!client) return;
      for (const module of ['upload', 'preview', 'voice-recorder']) {
        this.emitFile({ type: 'chunk', id: fileURLToPath(new URL(`./app/lib/${module}.ts`, import.meta.url)), preserveSignature: 'strict' });
      }
    },
  };
}

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  plugins: [
    tailwindcss(),
    emojiData(),
    translationParts(),
    mediaEntries(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
      // The localized landing pages (/de, /en, /fr, /it, /nl): the landing route's module once
      // more per language; the address sets the page's language (app/i18n/i18n.server.ts).
      routes: (defineRoutes) =>
        defineRoutes((route) => {
          for (const language of LANGUAGES) route(language, 'routes/_index.tsx', { id: `routes/landing.${language}` });
        }),
    }),
  ],
  ssr: {
    // The server bundle runs in workerd: resolve packages for workers, bundle everything.
    target: 'webworker',
    noExternal: true,
    resolve: { conditions: ['workerd', 'worker', 'browser'], externalConditions: ['workerd', 'worker'] },
  },
  build: { manifest: true },
});
