import type { ExportJob } from '../app/core/export';
import type { PushJob } from '../app/core/push';
import type { PartyRoomCalls } from '../durable-objects/contract';

/** The Worker's bindings and variables (wrangler.toml, secrets in production). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  PARTY_ROOM: DurableObjectNamespace<PartyRoomCalls>;
  ASSETS: Fetcher;
  OIDC_ISSUER: string;
  OIDC_CLIENT_ID: string;
  /** Absent for a public client (PKCE only), as the local provider's. */
  OIDC_CLIENT_SECRET?: string;
  /**
   * The companion app's client at the provider, whose codes `POST /api/auth/token` redeems: a
   * native app's public client (PKCE, its own redirect URIs). Unset: the app signs in as
   * OIDC_CLIENT_ID, which then needs the app's redirect URIs too.
   */
  OIDC_APP_CLIENT_ID?: string;
  /** "true" only locally: lets the OpenID client use a plain-http issuer on loopback. */
  OIDC_ALLOW_HTTP?: string;
  /**
   * Cloudflare Stream's API (https://api.cloudflare.com/client/v4), or locally the stand-in that
   * `npm start` runs (scripts/stream-server.mjs); the same client talks to both.
   */
  STREAM_API_BASE: string;
  STREAM_ACCOUNT_ID: string;
  /** Secret: an API token with Stream edit rights (locally the stand-in's dummy). */
  STREAM_API_TOKEN: string;
  /** Secret: signs the expiring URLs Stream fetches an original from (worker/media/signed-source.ts). */
  MEDIA_URL_SECRET: string;
  /**
   * Secret: signs a guest's socket ticket (worker/auth/socket-ticket.ts, ADR 047), with which her
   * socket opened just after a join or a page load skips its D1 read. Unset: no tickets; every
   * socket is checked against D1.
   */
  SOCKET_TICKET_SECRET?: string;
  /**
   * The Stream signing key that playback tokens are signed with (worker/media/stream-signing.ts):
   * its id, and (a secret) its JWK as Stream's `POST /stream/keys` returns it, base64-encoded.
   * Locally the stand-in makes one at start and `npm start` passes both.
   */
  STREAM_SIGNING_KEY_ID: string;
  STREAM_SIGNING_KEY: string;
  /**
   * The legal notice's facts and the app's store listings, a JSON variable (wrangler.toml's
   * `[vars.SITE]` locally); read only through `parseSiteConfig` (app/core/site-config.ts).
   */
  SITE: unknown;
  /**
   * The SMTP relay every mail goes through (worker/mail/sender.ts). Locally the mail catcher that
   * `npm start` runs (scripts/mail-catcher.mjs), which passes its port and its local password.
   */
  SMTP_HOST: string;
  SMTP_PORT: string;
  /** "true": TLS from the start (port 465); otherwise STARTTLS whenever the relay offers it. */
  SMTP_SECURE?: string;
  SMTP_USER?: string;
  /** Secret: the relay's password for SMTP_USER. */
  SMTP_PASSWORD?: string;
  /** The address mails come from. */
  MAIL_FROM: string;
  /**
   * Web Push (worker/services/push.ts, docs/decisions/029-web-push.md): the room enqueues a job per
   * new message here; the Worker's `queue()` sends the notifications.
   */
  PUSH_QUEUE: Queue<PushJob>;
  /** Self-service exports (worker/services/export.ts, ADR 062): a job per archive, run a slice per message by `queue()`. */
  EXPORT_QUEUE: Queue<ExportJob>;
  /**
   * The VAPID key pair (RFC 8292), P-256: the public key as the browser's applicationServerKey
   * (the uncompressed point, base64url) and (a secret) the private key's `d`, base64url. `npm start`
   * makes a pair into .dev.vars on its first run.
   */
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  /** Who runs this server, for the push services: a real `mailto:` or `https:` address (Apple refuses placeholders). */
  VAPID_SUBJECT: string;
  /**
   * Hosts a push endpoint may name besides the push services (app/core/push.ts PUSH_SERVICE_HOSTS),
   * comma-separated: the local push service of the workers tests and the bench. Never set in production.
   */
  PUSH_EXTRA_HOSTS?: string;
  /**
   * The older system consultants import their older accounts from (worker/services/older-system.ts,
   * ADR 042): its identity provider and data API. Locally the stand-in `npm start` runs
   * (scripts/older-system.mjs), which passes its port.
   */
  OLDER_SYSTEM_URL: string;
  /** A date (2026-10-01): the older account's parties made before it are not imported (ADR 042). */
  IMPORT_CUTOFF: string;
  /** Workers Analytics Engine, the operator's counters (worker/observability/metrics.ts, ADR 063). */
  METRICS?: AnalyticsEngineDataset;
  /** Local only: the metrics stand-in (scripts/metrics-server.mjs) the same data points go to, since miniflare drops them. */
  METRICS_LOCAL_URL?: string;
  /**
   * Analytics Engine's SQL API (https://api.cloudflare.com/client/v4), or locally the stand-in; the
   * account and (a secret) a token with Analytics read rights. The operator page reads through it.
   */
  ANALYTICS_API_BASE?: string;
  ANALYTICS_ACCOUNT_ID?: string;
  ANALYTICS_API_TOKEN?: string;
  /** The operator's sign-in addresses, comma-separated: who sees /operator (ADR 063). */
  OPERATOR_EMAILS?: string;
  /**
   * The jurisdiction new parties' rooms are made in (ADR 050): `eu` in wrangler.toml, the deploy
   * steps create D1 and R2 in the same one. Empty: no jurisdiction. Fixed per party when it is made.
   */
  DATA_JURISDICTION?: string;
}
