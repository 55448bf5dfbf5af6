// Local OpenID Connect provider for consultant sign-in during development and tests.
//
// A real, spec-compliant provider (panva's `oidc-provider`) with two public clients, both
// authorization code + PKCE: `salon-local` for the web app (its /callback) and `salon-app` for the
// companion app (a native client: its custom-scheme and loopback redirect URIs, RFC 8252), and the
// demo consultants from `demo-data.mjs` as its only accounts.
// Everything lives in memory: signing key, cookie keys, sessions and grants are new on every start.
// It replaces oidc-provider's development login screens with its own small German login page and
// grants consent automatically, so after signing in the browser goes straight back to the app.
//
// Run it with `npm run oidc` (env: OIDC_PORT, default 9090; SALON_APP_ORIGINS, comma-separated,
// default http://localhost:8787), or start it from code with `startOidcProvider()`.
// Local only: never expose it anywhere else.

import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { DEMO_PASSWORD, demoConsultants } from './demo-data.mjs';
import { APP_CLIENT_ID, APP_POST_LOGOUT_REDIRECT_URI, APP_REDIRECT_URIS, CLIENT_ID } from './oidc-clients.mjs';
import { startLocalServer } from './local-server.mjs';

// oidc-provider 9 prints "Unsupported runtime" at import time on Node.js releases older than 22,
// although it runs fine on the Node.js 20 this project supports. Swallow exactly that one notice
// so `npm run oidc` and the tests stay quiet; anything else it prints still gets through.
const { default: Provider } = await withoutConsoleWarning(/^oidc-provider WARNING: Unsupported runtime/, () => import('oidc-provider'));
// The in-memory storage oidc-provider uses when no adapter is configured. Passing it explicitly
// is the same behaviour without the start-up warning meant for production deployments.
const { createMemoryAdapter } = await import('oidc-provider/lib/adapters/memory_adapter.js');

const PAGE_TITLE = 'Salon – Anmeldung (lokaler Demo-Anbieter)';
const LOGIN_ERROR = 'E-Mail oder Passwort ist falsch.';
const MAX_FORM_BYTES = 16 * 1024;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * @typedef {(typeof demoConsultants)[number]} DemoConsultant
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 * @typedef {{ issuer: string, port: number, unref: () => void, close: () => Promise<void> }} RunningOidcProvider
 * @typedef {InstanceType<typeof Provider>} OidcProvider
 * @typedef {any} KoaContext oidc-provider's Koa context (the package ships no type definitions)
 * @typedef {{
 *   uid: string,
 *   returnTo: string,
 *   prompt: { name: string, details: Record<string, unknown> },
 *   params: Record<string, unknown>,
 *   session?: { accountId: string },
 *   grantId?: string,
 * }} InteractionDetails
 */

/**
 * Starts the provider on `host:port` (port 0 picks a free port; the issuer then uses the real one).
 *
 * @param {{ port?: number, host?: string, appOrigins?: string[] }} [options]
 *   `appOrigins`: origins of the Salon app; each gets `${origin}/callback` as redirect URI and
 *   `${origin}/` as post-logout redirect URI.
 * @returns {Promise<RunningOidcProvider>}
 */
export async function startOidcProvider({ port = 9090, host = '127.0.0.1', appOrigins = ['http://localhost:8787'] } = {}) {
  const origins = appOrigins.map((origin) => new URL(origin).origin);
  if (origins.length === 0) throw new Error('startOidcProvider: appOrigins must not be empty');

  // The issuer must contain the real port, so listen first and create the provider afterwards.
  /** @type {((req: Request, res: Response) => void) | undefined} */
  let handle;
  const server = await startLocalServer(
    (req, res) => {
      if (handle) return handle(req, res);
      res.writeHead(503).end();
    },
    { port, host },
  );
  const issuer = `http://localhost:${server.port}`;

  try {
    const provider = new Provider(issuer, await providerConfiguration(origins));
    provider.on('server_error', (_ctx, error) => {
      console.error('[oidc] server error:', error);
    });
    const providerCallback = provider.callback();
    handle = (req, res) => {
      routeRequest(provider, providerCallback, req, res).catch((error) => {
        console.error('[oidc] request failed:', error);
        if (!res.headersSent) sendHtml(res, 500, errorPage('Interner Fehler im lokalen Anbieter.'));
        else res.end();
      });
    };
  } catch (error) {
    await server.close();
    throw error;
  }

  return {
    issuer,
    port: server.port,
    // For a test run that starts it once and never stops it: it must not keep the process alive.
    unref: () => server.server.unref(),
    close: server.close,
  };
}

/**
 * @param {string[]} origins
 * @returns {Promise<Record<string, unknown>>} oidc-provider configuration
 */
async function providerConfiguration(origins) {
  const signingKey = await createSigningKey();

  return {
    clients: [
      {
        client_id: CLIENT_ID,
        client_name: 'Salon (lokal)',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.map((origin) => `${origin}/callback`),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
      },
      {
        client_id: APP_CLIENT_ID,
        client_name: 'Salon App (lokal)',
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: APP_REDIRECT_URIS,
        post_logout_redirect_uris: [APP_POST_LOGOUT_REDIRECT_URI],
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true }, // S256 is the only method oidc-provider 9 accepts
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'company_name'],
    },
    // Put the scope's claims into the ID token even though an access token is issued as well,
    // so the app can read the profile from the ID token without calling userinfo.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const consultant = demoConsultants.find((candidate) => candidate.sub === sub);
      return consultant && toAccount(consultant);
    },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    adapter: createMemoryAdapter(),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: renderLogoutAutoSubmit,
        postLogoutSuccessSource: renderLoggedOut,
      },
    },
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    renderError: renderProviderError,
    // Explicit lifetimes (the defaults work too, but log a notice each the first time they're used).
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: MINUTE,
      IdToken: HOUR,
      // A rotated refresh token keeps the remaining lifetime of the one it replaces.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? 14 * DAY,
      Interaction: HOUR,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
  };
}

/** @returns {Promise<import('node:crypto').JsonWebKey & { kid: string, alg: string, use: string }>} */
async function createSigningKey() {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * @param {DemoConsultant} consultant
 * @returns {{ accountId: string, claims: () => Record<string, unknown> }}
 */
function toAccount(consultant) {
  return {
    accountId: consultant.sub,
    // oidc-provider filters these down to what the granted scopes allow.
    claims: () => ({
      sub: consultant.sub,
      email: consultant.email,
      email_verified: true,
      given_name: consultant.givenName,
      family_name: consultant.familyName,
      name: consultant.companyName ?? `${consultant.givenName} ${consultant.familyName}`,
      company_name: consultant.companyName ?? null,
    }),
  };
}

/**
 * @param {string} email
 * @param {string} password
 * @returns {DemoConsultant | undefined}
 */
function authenticate(email, password) {
  const normalized = email.trim().toLowerCase();
  const consultant = demoConsultants.find((candidate) => candidate.email.toLowerCase() === normalized);
  return consultant && password === DEMO_PASSWORD ? consultant : undefined;
}

// --- Routing -------------------------------------------------------------------------------------

/**
 * Serves the login interaction and hands every other request to oidc-provider.
 *
 * @param {OidcProvider} provider
 * @param {(req: Request, res: Response) => unknown} providerCallback
 * @param {Request} req
 * @param {Response} res
 */
async function routeRequest(provider, providerCallback, req, res) {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(pathname);
  if (!interaction) {
    await providerCallback(req, res);
    return;
  }

  const [, uid, login] = interaction;
  const method = login ? 'POST' : 'GET';
  if (req.method !== method) {
    res.writeHead(405, { Allow: method }).end();
    return;
  }

  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    details = undefined; // no interaction cookie, or the interaction or session expired
  }
  if (!details || details.uid !== uid) {
    sendHtml(res, 400, errorPage('Diese Anmeldung ist abgelaufen oder ungültig. Bitte starte die Anmeldung in Salon neu.'));
    return;
  }

  if (login) {
    await handleLogin(provider, details, req, res);
  } else if (details.prompt.name === 'login') {
    sendHtml(res, 200, loginPage({ uid }));
  } else if (details.prompt.name === 'consent') {
    await grantConsent(provider, details, req, res);
  } else {
    sendHtml(res, 400, errorPage(`Unbekannter Schritt „${details.prompt.name}“.`));
  }
}

/**
 * POST /interaction/:uid/login: checks the demo credentials and finishes the login prompt.
 *
 * @param {OidcProvider} provider
 * @param {InteractionDetails} details
 * @param {Request} req
 * @param {Response} res
 */
async function handleLogin(provider, details, req, res) {
  if (details.prompt.name !== 'login') {
    // Already signed in (e.g. the form was sent twice): continue where oidc-provider left off.
    res.writeHead(303, { Location: details.returnTo }).end();
    return;
  }
  const form = await readForm(req);
  if (!form) {
    sendHtml(res, 413, errorPage('Die Anfrage ist zu groß.'));
    return;
  }
  const email = form.get('email') ?? '';
  const consultant = authenticate(email, form.get('password') ?? '');
  if (!consultant) {
    sendHtml(res, 401, loginPage({ uid: details.uid, email, error: LOGIN_ERROR }));
    return;
  }
  await provider.interactionFinished(req, res, { login: { accountId: consultant.sub, amr: ['pwd'] } }, { mergeWithLastSubmission: false });
}

/**
 * Consent prompt: grants everything that was asked for without showing a page; the app is the
 * provider's only client and the user has just signed in to use it.
 *
 * @param {OidcProvider} provider
 * @param {InteractionDetails} details
 * @param {Request} req
 * @param {Response} res
 */
async function grantConsent(provider, details, req, res) {
  const { prompt, params, session } = details;
  const accountId = session?.accountId;
  if (!accountId) {
    sendHtml(res, 400, errorPage('Keine aktive Anmeldung gefunden. Bitte starte die Anmeldung in Salon neu.'));
    return;
  }
  const grant = (details.grantId && (await provider.Grant.find(details.grantId))) || new provider.Grant({ accountId, clientId: String(params.client_id) });

  const missing = /** @type {{ missingOIDCScope?: string[], missingOIDCClaims?: string[], missingResourceScopes?: Record<string, string[]> }} */ (
    prompt.details
  );
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const grantId = await grant.save();

  await provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
}

/**
 * Reads an application/x-www-form-urlencoded body; undefined when it is too large.
 *
 * @param {Request} req
 * @returns {Promise<URLSearchParams | undefined>}
 */
async function readForm(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

// --- HTML ----------------------------------------------------------------------------------------

/** @param {unknown} value */
function escapeHtml(value) {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * @param {Response} res
 * @param {number} status
 * @param {string} html
 */
function sendHtml(res, status, html) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(html),
  });
  res.end(html);
}

const STYLES = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f6f1ee; color: #2b2024; }
  main { width: min(26rem, calc(100vw - 2rem)); margin: 2rem 0; padding: 2rem; background: #fff;
    border-radius: 1rem; box-shadow: 0 2px 12px rgb(0 0 0 / 0.08); }
  h1 { margin: 0 0 0.25rem; font-size: 1.5rem; }
  .lead { margin: 0 0 1.5rem; color: #5c4b52; }
  label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: 0.6rem 0.75rem; font: inherit;
    border: 1px solid #8a7a80; border-radius: 0.5rem; }
  input:focus-visible, button:focus-visible { outline: 3px solid #b5487a; outline-offset: 2px; }
  button { margin-top: 1.5rem; width: 100%; padding: 0.7rem; font: inherit; font-weight: 600;
    color: #fff; background: #8c2f5a; border: 0; border-radius: 0.5rem; cursor: pointer; }
  button:hover { background: #74264a; }
  .error { margin: 0 0 1rem; padding: 0.75rem; border-radius: 0.5rem; background: #fdecee;
    color: #8a1020; border: 1px solid #e8a3ad; }
  .demo { margin-top: 2rem; padding: 1rem; border-radius: 0.5rem; background: #f3f0f8;
    border: 1px dashed #9c8fb8; font-size: 0.9rem; }
  .demo h2 { margin: 0 0 0.5rem; font-size: 1rem; }
  .demo ul { margin: 0.5rem 0; padding-left: 1.25rem; }
  code { font-size: 0.95em; }
`;

/**
 * @param {{ title?: string, body: string }} page
 */
function layout({ title = PAGE_TITLE, body }) {
  return `<!DOCTYPE html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(title)}</title>
  <style>${STYLES}</style>
</head>
<body>
  <main>
${body}
  </main>
</body>
</html>`;
}

/**
 * @param {{ uid: string, email?: string, error?: string }} options
 */
function loginPage({ uid, email = '', error }) {
  const accounts = demoConsultants
    .map((consultant) => {
      const name = consultant.companyName ?? `${consultant.givenName} ${consultant.familyName}`;
      return `<li><code>${escapeHtml(consultant.email)}</code> – ${escapeHtml(name)}</li>`;
    })
    .join('\n        ');
  return layout({
    body: `    <h1>Bei Salon anmelden</h1>
    <p class="lead">Lokaler Demo-Anbieter – nur für Entwicklung und Tests.</p>
    ${error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="/interaction/${encodeURIComponent(uid)}/login" novalidate>
      <label for="email">E-Mail</label>
      <input id="email" name="email" type="email" autocomplete="username" required autofocus
        value="${escapeHtml(email)}"${error ? ' aria-describedby="login-error" aria-invalid="true"' : ''}>
      <label for="password">Passwort</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required${error ? ' aria-describedby="login-error" aria-invalid="true"' : ''}>
      <button type="submit">Anmelden</button>
    </form>
    <section class="demo" aria-labelledby="demo-heading">
      <h2 id="demo-heading">Demo-Zugänge</h2>
      <ul>
        ${accounts}
      </ul>
      <p>Passwort für alle: <code>${escapeHtml(DEMO_PASSWORD)}</code></p>
    </section>`,
  });
}

/** @param {string} message */
function errorPage(message) {
  return layout({
    title: 'Salon – Fehler (lokaler Demo-Anbieter)',
    body: `    <h1>Das hat nicht geklappt</h1>
    <p role="alert">${escapeHtml(message)}</p>`,
  });
}

/**
 * oidc-provider's error page (e.g. unknown client or redirect_uri).
 *
 * @param {KoaContext} ctx
 * @param {{ error: string, error_description?: string }} out
 */
function renderProviderError(ctx, out) {
  ctx.type = 'html';
  ctx.body = layout({
    title: 'Salon – Fehler (lokaler Demo-Anbieter)',
    body: `    <h1>Das hat nicht geklappt</h1>
    <p role="alert">Der lokale Anmelde-Anbieter konnte die Anfrage nicht bearbeiten.</p>
    <p><code>${escapeHtml(out.error)}</code>: ${escapeHtml(out.error_description)}</p>`,
  });
}

/**
 * RP-initiated logout: there is nothing to confirm locally, so submit oidc-provider's logout form
 * (which carries its XSRF token) right away; the button is the fallback without JavaScript.
 *
 * @param {KoaContext} ctx
 * @param {string} form `<form id="op.logoutForm" …>…</form>` generated by oidc-provider
 */
function renderLogoutAutoSubmit(ctx, form) {
  ctx.type = 'html';
  ctx.body = layout({
    title: 'Salon – Abmelden (lokaler Demo-Anbieter)',
    body: `    <h1>Abmelden …</h1>
    ${form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>')}
    <noscript><button type="submit" form="op.logoutForm">Abmelden</button></noscript>
    <script>document.getElementById('op.logoutForm').submit();</script>`,
  });
}

/**
 * Shown after logout when the app did not pass a post_logout_redirect_uri.
 *
 * @param {KoaContext} ctx
 */
function renderLoggedOut(ctx) {
  ctx.type = 'html';
  ctx.body = layout({
    title: 'Salon – Abgemeldet (lokaler Demo-Anbieter)',
    body: '    <h1>Abgemeldet</h1>\n    <p>Du bist beim lokalen Demo-Anbieter abgemeldet.</p>',
  });
}

// --- Helpers -------------------------------------------------------------------------------------

/**
 * Runs `fn` while console.warn drops messages matching `pattern`.
 *
 * @template T
 * @param {RegExp} pattern
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withoutConsoleWarning(pattern, fn) {
  const { warn } = console;
  console.warn = (...args) => {
    if (typeof args[0] === 'string' && pattern.test(args[0])) return;
    warn.apply(console, args);
  };
  try {
    return await fn();
  } finally {
    console.warn = warn;
  }
}

// --- CLI -----------------------------------------------------------------------------------------

if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  const port = Number(process.env.OIDC_PORT || 9090);
  const appOrigins = (process.env.SALON_APP_ORIGINS || 'http://localhost:8787')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);

  try {
    const { issuer, close } = await startOidcProvider({ port, appOrigins });
    console.log(`OIDC provider ready at ${issuer}`);
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      close().then(
        () => process.exit(0),
        (error) => {
          console.error('[oidc] failed to stop cleanly:', error);
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    console.error('[oidc] failed to start:', error);
    process.exit(1);
  }
}
