import type { ErrorCode } from '~/core/errors';
import { isErrorCode } from '~/core/errors';

/**
 * The one fetch helper for the JSON API from the browser: JSON in (or a Blob, sent as it is with
 * its type), JSON or an error code out.
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; code: ErrorCode; status: number; requestId?: string };

/** How long an error banner without an id of its own shows the last failure's (ADR 063). */
export const FAILURE_ID_SHOWN_MS = 30_000;

/** The last failure of ours (a 5xx answer) with its id, and when it came. */
let lastFailure: { id: string; at: number } | null = null;

/**
 * The id of a failure of ours in the last FAILURE_ID_SHOWN_MS: what a screen's error banner shows
 * as "Fehler-ID" when its state holds only the code (its call went through apiFetch just before).
 */
export function recentFailureId(now = Date.now()): string | undefined {
  return lastFailure && now - lastFailure.at <= FAILURE_ID_SHOWN_MS ? lastFailure.id : undefined;
}

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult<T>> {
  let response: Response;
  const blob = init.body instanceof Blob ? init.body : null;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? undefined : { 'Content-Type': blob ? blob.type || 'application/octet-stream' : 'application/json' },
      body: init.body === undefined ? undefined : (blob ?? JSON.stringify(init.body)),
    });
  } catch {
    return { ok: false, code: 'generic', status: 0 };
  }
  if (response.ok) return { ok: true, data: (response.status === 204 ? null : await response.json()) as T };
  const body = (await response.json().catch(() => null)) as { error?: { code?: unknown } } | null;
  const code = body?.error?.code;
  // The answer's id (ADR 063): an error banner shows it as "Fehler-ID" so support finds the log line.
  const requestId = response.headers.get('X-Request-Id') ?? undefined;
  if (response.status >= 500) lastFailure = requestId ? { id: requestId, at: Date.now() } : null;
  return { ok: false, code: isErrorCode(code) ? code : 'generic', status: response.status, ...(requestId ? { requestId } : {}) };
}

/**
 * After a 401 from an action: a consultant's session is gone, so she signs in again and comes back
 * to this page (the sign-in keeps the path as its return location); a guest's cookie is gone, so
 * the page loads again and offers the join dialog.
 */
export function signInAgain(asConsultant: boolean): void {
  const here = window.location.pathname + window.location.search;
  window.location.assign(asConsultant ? `/login?returnTo=${encodeURIComponent(here)}` : here);
}
