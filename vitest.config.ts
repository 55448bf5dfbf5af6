import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { STAND_IN_HOST, STAND_IN_TOKEN, standInSigningKey, streamStandIn } from './test/workers/stream-stand-in';
import { translationParts } from './vite.config';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const alias = { '~': path('./app'), 'salon:remix-build': path('./build/server/index.js') };

/**
 * Two projects: `unit` (the pure core and scripts, in Node) and `workers` (the Worker, API and
 * PartyRoom inside workerd with real D1, R2 and Durable Objects). Browser tests are Playwright's.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        plugins: [translationParts()],
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        plugins: [
          cloudflareTest(async () => {
            const signingKey = await standInSigningKey();
            return {
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: await readD1Migrations(path('./migrations')),
                  // The zero-loss run's size (test/support/zero-loss-driver.ts): ZERO_LOSS_* variables.
                  ZERO_LOSS: JSON.stringify(Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('ZERO_LOSS_')))),
                  STREAM_API_BASE: `https://${STAND_IN_HOST}/client/v4`,
                  STREAM_API_TOKEN: STAND_IN_TOKEN,
                  MEDIA_URL_SECRET: 'test-media-url-secret',
                  STREAM_SIGNING_KEY_ID: signingKey.id,
                  STREAM_SIGNING_KEY: signingKey.jwk,
                },
                // Cloudflare Stream, as far as the Worker can tell (test/workers/stream-stand-in.ts).
                outboundService: streamStandIn,
              },
            };
          }),
        ],
        test: {
          name: 'workers',
          include: ['test/workers/**/*.test.ts'],
          setupFiles: ['./test/workers/setup.ts'],
          testTimeout: 20_000,
          deps: { optimizer: { ssr: { enabled: true, include: ['@remix-run/cloudflare'] } } },
        },
      },
    ],
  },
});
