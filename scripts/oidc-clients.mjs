// The local OpenID Connect provider's clients (scripts/oidc-provider.mjs), in a module of their own
// so that code which cannot load the provider (tests inside workerd) can name them.

/** The web app's client: the Worker's OIDC_CLIENT_ID, redirect URI `{origin}/callback`. */
export const CLIENT_ID = 'salon-local';

/** The companion app's client: the Worker redeems its codes at `POST /api/auth/token` (OIDC_APP_CLIENT_ID). */
export const APP_CLIENT_ID = 'salon-app';

/**
 * Where the provider may send the app back: its private-use scheme (reverse domain name, RFC 8252
 * section 7.1) and a loopback address, on which a native client may use any port (section 7.3).
 */
export const APP_REDIRECT_URIS = ['test.salon.app:/oauth/callback', 'http://127.0.0.1/oauth/callback'];

/** Where the provider may send the app after it ended the provider's session (`end_session_endpoint`). */
export const APP_POST_LOGOUT_REDIRECT_URI = 'test.salon.app:/oauth/logout';
