/**
 * Signing in at the local OpenID Connect provider (scripts/oidc-provider.mjs) the way a browser
 * does for a client: plain fetch, manual redirects, cookies carried by hand, PKCE. Only web
 * platform APIs, so the same steps run in Node (test/unit/oidc-provider.test.ts) and inside workerd,
 * where a workers test plays the companion app (test/workers/app-sign-in.test.ts).
 */

/** A browser's cookies for the provider (one host, so name → value is enough). */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** One request as the browser would send it, without following redirects. */
export async function browserFetch(
  jar: CookieJar,
  url: string | URL,
  init: { method?: string; form?: Record<string, string>; accept?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: init.accept ?? 'text/html' };
  const cookie = jar.header();
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(url, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  jar.store(response);
  return response;
}

/**
 * Follows the provider's redirects until the browser would leave it (`url`: where it was sent, a
 * custom scheme included) or gets a page.
 */
export async function followRedirects(jar: CookieJar, response: Response, issuer: string): Promise<{ response: Response; url?: URL }> {
  let current = response;
  for (let hops = 0; hops < 10; hops += 1) {
    const location = current.headers.get('location');
    if (current.status < 300 || current.status >= 400 || !location) return { response: current };
    await current.body?.cancel();
    const url = new URL(location, issuer);
    if (url.origin !== new URL(issuer).origin) return { response: current, url };
    current = await browserFetch(jar, url);
  }
  throw new Error('too many redirects');
}

/** `bytes` random bytes, base64url: a PKCE verifier, a state, a nonce. */
export function randomToken(bytes = 32): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...random))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomToken();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const challenge = btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  return { verifier, challenge };
}

export interface ProviderSignIn {
  jar: CookieJar;
  verifier: string;
  state: string;
  nonce: string;
  /** Where the provider sent the browser back: the redirect URI with code, state and iss. */
  callback: URL;
}

/**
 * An authorization request with PKCE, the provider's login form, then its redirects (consent is
 * granted by the provider itself) up to the client's redirect URI.
 */
export async function signInAtProvider(options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  email: string;
  password: string;
  scope?: string;
  params?: Record<string, string>;
}): Promise<ProviderSignIn> {
  const jar = new CookieJar();
  const { verifier, challenge } = await pkcePair();
  const state = randomToken(8);
  const nonce = randomToken(8);
  const authorize = new URL('/auth', options.issuer);
  authorize.search = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid profile email',
    state,
    nonce,
    code_challenge_method: 'S256',
    code_challenge: challenge,
    ...options.params,
  }).toString();
  const started = await browserFetch(jar, authorize);
  const loginPage = new URL(started.headers.get('location') ?? '', options.issuer);
  if (started.status !== 303 || !/^\/interaction\/[\w-]+$/.test(loginPage.pathname))
    throw new Error(`the authorization request answered ${started.status} ${await started.text()}`);
  const posted = await browserFetch(jar, `${loginPage.href}/login`, { form: { email: options.email, password: options.password } });
  const { response, url } = await followRedirects(jar, posted, options.issuer);
  if (!url) throw new Error(`sign-in ended at the provider with ${response.status}`);
  return { jar, verifier, state, nonce, callback: url };
}
