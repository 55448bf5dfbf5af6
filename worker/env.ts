import type { PartyRoom } from '../durable-objects/party-room';

/** The Worker's bindings and variables (wrangler.toml, secrets in production). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  PARTY_ROOM: DurableObjectNamespace<PartyRoom>;
  ASSETS: Fetcher;
  OIDC_ISSUER: string;
  OIDC_CLIENT_ID: string;
  /** Absent for a public client (PKCE only), as the local provider's. */
  OIDC_CLIENT_SECRET?: string;
  /** "true" only locally: lets the OpenID client use a plain-http issuer on loopback. */
  OIDC_ALLOW_HTTP?: string;
}
