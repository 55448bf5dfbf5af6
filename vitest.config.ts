import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { startMailCatcher } from './scripts/mail-catcher.mjs';
import { startMetricsServer } from './scripts/metrics-server.mjs';
import { startOidcProvider } from './scripts/oidc-provider.mjs';
import { startOlderSystem } from './scripts/older-system.mjs';
import { vapidKeyPair } from './scripts/vapid-keys.mjs';
import { PUSH_HOST, startPushReceiver } from './test/workers/push-receiver';
import { STAND_IN_HOST, STAND_IN_TOKEN, standInSigningKey, streamStandIn } from './test/workers/stream-stand-in';
import { translationParts } from './vite.config';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const alias = { '~': path('./app'), 'salon:remix-build': path('./build/server/index.js') };

/**
 * The real local mail catcher (scripts/mail-catcher.mjs), once per run on free ports: the Worker's
 * sender talks SMTP to it, and tests read the mails back from its JSON API (MAIL_CATCHER_URL).
 */
let mailCatcher: ReturnType<typeof startMailCatcher> | null = null;

function runningMailCatcher() {
  mailCatcher ??= startMailCatcher({ smtpPort: 0, webPort: 0 }).then((catcher) => {
    catcher.unref();
    return catcher;
  });
  return mailCatcher;
}

/**
 * The real local OpenID Connect provider (scripts/oidc-provider.mjs), once per run on a free port:
 * the Worker discovers it and redeems codes at it as it would at any provider (OIDC_ISSUER), and
 * test/workers/app-sign-in.test.ts signs in at it as the companion app does.
 */
let oidcProvider: ReturnType<typeof startOidcProvider> | null = null;

function runningOidcProvider() {
  oidcProvider ??= startOidcProvider({ port: 0, appOrigins: ['https://salon.test'] }).then((provider) => {
    provider.unref();
    return provider;
  });
  return oidcProvider;
}

/**
 * The older system's stand-in (scripts/older-system.mjs), once per run on a free port: the import
 * signs in and copies from it as from the real one (OLDER_SYSTEM_URL); tests steer its failures.
 */
let olderSystem: ReturnType<typeof startOlderSystem> | null = null;

function runningOlderSystem() {
  olderSystem ??= startOlderSystem({ port: 0 }).then((older) => {
    older.unref();
    return older;
  });
  return olderSystem;
}

/**
 * The Analytics Engine stand-in (scripts/metrics-server.mjs), once per run on a free port: the
 * operator's counters go there and the operator page reads them back (workers-mail only: the
 * `workers` project's fetches all go to the Stream stand-in).
 */
let metricsServer: ReturnType<typeof startMetricsServer> | null = null;

function runningMetricsServer() {
  metricsServer ??= startMetricsServer({ port: 0 }).then((metrics) => {
    metrics.unref();
    return metrics;
  });
  return metricsServer;
}

/** The local push service (test/workers/push-receiver.ts), once per run on a free port. */
let pushReceiver: ReturnType<typeof startPushReceiver> | null = null;

/** A VAPID key pair made for this run only: no private key is ever committed. */
const vapid = vapidKeyPair();

/**
 * The Worker, API and PartyRoom inside workerd with real D1, R2 and Durable Objects.
 *
 * `workers` sends every fetch of the Worker through the Stream stand-in (test/workers/stream-stand-in.ts)
 * as Miniflare's outbound service. workerd routes `connect()` of `cloudflare:sockets` through that same
 * outbound service, and a service that is a worker refuses it ("Incoming CONNECT on a worker not
 * supported"), so no SMTP can leave that project. `workers-mail` (test/workers-mail/) is the same
 * Worker without the stand-in: its sockets and fetches reach loopback, where the mail catcher listens.
 */
function workersProject(name: string, { streamStandIn: withStandIn }: { streamStandIn: boolean }) {
  const folder = name === 'workers' ? 'test/workers' : `test/${name}`;
  return {
    resolve: { alias },
    plugins: [
      cloudflareTest(async () => {
        const signingKey = await standInSigningKey();
        const mail = await runningMailCatcher();
        const provider = await runningOidcProvider();
        const older = await runningOlderSystem();
        const metrics = await runningMetricsServer();
        pushReceiver ??= startPushReceiver();
        const receiver = await pushReceiver;
        return {
          wrangler: { configPath: './wrangler.toml' },
          miniflare: {
            bindings: {
              TEST_MIGRATIONS: await readD1Migrations(path('./migrations')),
              OIDC_ISSUER: provider.issuer,
              OLDER_SYSTEM_URL: older.url,
              // The zero-loss run's size (test/support/zero-loss-driver.ts): ZERO_LOSS_* variables.
              ZERO_LOSS: JSON.stringify(Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('ZERO_LOSS_')))),
              STREAM_API_BASE: `https://${STAND_IN_HOST}/client/v4`,
              STREAM_API_TOKEN: STAND_IN_TOKEN,
              MEDIA_URL_SECRET: 'test-media-url-secret',
              SOCKET_TICKET_SECRET: 'test-socket-ticket-secret',
              STREAM_SIGNING_KEY_ID: signingKey.id,
              STREAM_SIGNING_KEY: signingKey.jwk,
              SMTP_HOST: '127.0.0.1',
              SMTP_PORT: String(mail.smtpPort),
              SMTP_USER: mail.user,
              SMTP_PASSWORD: mail.password,
              MAIL_CATCHER_URL: `http://127.0.0.1:${mail.webPort}`,
              VAPID_PUBLIC_KEY: vapid.publicKey,
              VAPID_PRIVATE_KEY: vapid.privateKey,
              VAPID_SUBJECT: 'mailto:push-test@salon.test',
              PUSH_RECEIVER_URL: receiver.url,
              // The local push service is a push service only here (app/core/push.ts isPushServiceEndpoint).
              PUSH_EXTRA_HOSTS: PUSH_HOST,
              ...(withStandIn
                ? {}
                : {
                    METRICS_LOCAL_URL: metrics.url,
                    ANALYTICS_API_BASE: metrics.apiBase,
                    ANALYTICS_API_TOKEN: metrics.token,
                    ANALYTICS_ACCOUNT_ID: metrics.account,
                  }),
            },
            // Cloudflare Stream and a push service, as far as the Worker can tell
            // (test/workers/stream-stand-in.ts, test/workers/push-receiver.ts).
            ...(withStandIn
              ? { outboundService: (request: Request) => (new URL(request.url).hostname === PUSH_HOST ? receiver.receive(request) : streamStandIn(request)) }
              : {}),
          },
        };
      }),
    ],
    test: {
      name,
      include: [`${folder}/**/*.test.ts`],
      setupFiles: ['./test/workers/setup.ts'],
      testTimeout: 20_000,
      deps: { optimizer: { ssr: { enabled: true, include: ['@remix-run/cloudflare'] } } },
    },
  };
}

/**
 * Three projects: `unit` (the pure core and scripts, in Node), `workers` (the Worker, API and
 * PartyRoom inside workerd with real D1, R2 and Durable Objects) and `workers-mail` (the same Worker
 * sending real mail to the local catcher; see workersProject). Browser tests are Playwright's.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        plugins: [translationParts()],
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      workersProject('workers', { streamStandIn: true }),
      workersProject('workers-mail', { streamStandIn: false }),
    ],
  },
});
