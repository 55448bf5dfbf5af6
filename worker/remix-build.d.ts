// The Remix server build (build/server/index.js), aliased in wrangler.toml and the test config.
declare module 'salon:remix-build' {
  import type { ServerBuild } from '@remix-run/cloudflare';
  const build: ServerBuild;
  export = build;
}
