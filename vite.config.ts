import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import { build as esbuild, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** A chunk or asset as Vite's build manifest (`.vite/manifest.json`) names it. */
interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * What the service worker precaches: the files the app shell and the party page need to start —
 * their modules with everything those import (statically or when a dialog opens), their styles
 * and the party's texts — from Vite's manifest. Files larger than PRECACHE_FILE_MAX (the PDF,
 * video and voice libraries) come into the cache the first time a page uses them (app/sw/shell.ts).
 */
const PRECACHE_ROOTS = ['app/entry.client.tsx', 'app/root.tsx', 'app/routes/$partyId.tsx', 'app/routes/_index.tsx'];
const PRECACHE_FILE_MAX = 100_000;

export function precacheList(manifest: Record<string, ManifestChunk>, sizeOf: (file: string) => number): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) if (sizeOf(file) <= PRECACHE_FILE_MAX) files.add(`/${file}`);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const root of PRECACHE_ROOTS) {
    // Remix names a route's client module with a query (`app/root.tsx?__remix-build-client-route`).
    const keys = Object.keys(manifest).filter((key) => key === root || key.startsWith(`${root}?`));
    if (keys.length === 0) throw new Error(`the service worker's precache root ${root} is not in the build manifest`);
    for (const key of keys) visit(key);
  }
  return [...files].sort();
}

/**
 * The service worker (app/sw/sw.ts) as one classic script at the client build's root, `/sw.js`:
 * bundled by esbuild once the client build is written, with the precache list from Vite's manifest
 * and a version that changes whenever a file does (docs/decisions/031-service-worker.md).
 */
function serviceWorker(): Plugin {
  let client = false;
  return {
    name: 'salon-service-worker',
    apply: 'build',
    configResolved(config) {
      client = !config.build.ssr;
    },
    async writeBundle(options, bundle) {
      if (!client || !options.dir) return;
      const manifestAsset = bundle['.vite/manifest.json'];
      if (manifestAsset?.type !== 'asset') throw new Error('the service worker needs the build manifest (build.manifest)');
      const manifest = JSON.parse(String(manifestAsset.source)) as Record<string, ManifestChunk>;
      const sizeOf = (file: string) => {
        const output = bundle[file];
        if (!output) return 0;
        return output.type === 'chunk'
          ? Buffer.byteLength(output.code)
          : typeof output.source === 'string'
            ? Buffer.byteLength(output.source)
            : output.source.byteLength;
      };
      const precache = precacheList(manifest, sizeOf);
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12);
      const result = await esbuild({
        entryPoints: [fileURLToPath(new URL('./app/sw/sw.ts', import.meta.url))],
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        write: false,
        define: { __SALON_PRECACHE__: JSON.stringify(precache), __SALON_VERSION__: JSON.stringify(version) },
      });
      writeFileSync(join(options.dir, 'sw.js'), result.outputFiles[0]!.contents);
    },
  };
}

/**
 * Pure modules (no imports outside this list) that the party page loads before a guest can join,
 * in one chunk of the client build instead of one chunk each: every file costs its response
 * headers on the wire (about 230 bytes), as much as these modules' code (ADR 027). Only leaves:
 * a module with other dependencies would pull them into the chunk, and every page with them.
 */
const PURE_FIRST_LOAD = [
  'app/core/errors.ts',
  'app/core/limits.ts',
  'app/core/text.ts',
  'app/core/messages.ts',
  'app/core/dates.ts',
  'app/core/media.ts',
  'app/core/format.ts',
  'app/core/cards.ts',
  'app/core/media-content.ts',
  'app/core/chat-media.ts',
  'app/core/profile.ts',
  'app/core/party.ts',
  'app/core/social.ts',
  'app/core/chat-state.ts',
  'app/core/markers.ts',
  'app/core/permissions.ts',
  'app/core/protocol-version.ts',
  'app/core/profile-card.ts',
  'app/core/message-preview.ts',
  'app/core/user-agent.ts',
  'app/core/visitor.ts',
  'app/core/placement.ts',
  'app/i18n/config.ts',
  'app/i18n/error-keys.ts',
].map((file) => fileURLToPath(new URL(`./${file}`, import.meta.url)));

/**
 * The small components and hooks the party page draws before a guest can join, in one chunk
 * (`shell`) together with i18next, which every page loads: shared with other pages, each was a
 * file of a few hundred bytes with its 230 bytes of headers (26 files before a guest could join,
 * now 12; ADR 027). React and Remix are named into their own chunk (`context`, as Rollup named it
 * before), or the shell would take them in as its dependencies.
 */
const FIRST_LOAD_SHELL = [
  'app/lib/use-visitor.ts',
  'app/components/state-panel.tsx',
  'app/components/local-time.tsx',
  'app/components/notice.tsx',
  'app/lib/use-timed-notice.ts',
  'app/components/error-banner.tsx',
  'app/lib/api.ts',
  'app/i18n/workspace-texts.ts',
  'app/lib/use-form-valid.ts',
  'app/components/dialog.tsx',
  'app/components/use-placement.ts',
  'app/lib/when-idle.ts',
  'app/lib/use-media-query.ts',
].map((file) => fileURLToPath(new URL(`./${file}`, import.meta.url)));
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|@remix-run\/react|@remix-run\/router|react-router|react-router-dom|turbo-stream)\//;
const TRANSLATION = /\/node_modules\/(i18next|react-i18next)\//;

function firstLoadChunk(id: string): string | undefined {
  if (PURE_FIRST_LOAD.includes(id)) return 'core';
  if (FRAMEWORK.test(id)) return 'context';
  return FIRST_LOAD_SHELL.includes(id) || TRANSLATION.test(id) ? 'shell' : undefined;
}

/**
 * `SALON_PROFILE_BUILD=1`: a client build for tracing the party page (test/bench/party-trace.mjs),
 * never deployed: source maps, functions keep their names (React's component names), and React's
 * profiling build, which times each component's render.
 */
const PROFILE_BUILD = process.env.SALON_PROFILE_BUILD === '1';

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: '~', replacement: fileURLToPath(new URL('./app', import.meta.url)) },
      ...(PROFILE_BUILD && !isSsrBuild ? [{ find: /^react-dom$/, replacement: 'react-dom/profiling' }] : []),
    ],
  },
  ...(PROFILE_BUILD && !isSsrBuild ? { esbuild: { keepNames: true } } : {}),
  plugins: [
    tailwindcss(),
    emojiData(),
    translationParts(),
    mediaEntries(),
    serviceWorker(),
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
  build: {
    manifest: true,
    sourcemap: PROFILE_BUILD && !isSsrBuild,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: firstLoadChunk } },
  },
}));
