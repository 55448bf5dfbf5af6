import type { ServerBuild } from '@remix-run/cloudflare';
import type { ErrorBody, ErrorCode } from '../../app/core/errors';
import { ERROR_STATUS } from '../../app/core/errors';

/** The page that tells a visitor a form from another site was refused (app/routes/refused.tsx). */
export const REFUSED_PATH = '/refused';

/**
 * Whether a page request comes from Remix's client code rather than the browser itself: its own
 * `.data` requests, or the `_data` query of the older client, which Remix still answers.
 */
export function isDataRequest(url: URL): boolean {
  return url.pathname.endsWith('.data') || url.searchParams.has('_data');
}

/**
 * The Remix build with every route's action answering a refusal the Worker decided on
 * (`context.refusal`, worker/index.ts) instead of running. Thrown as a response with the API's
 * error shape, it reaches Remix's clients in the form each reads: `.data` as an error for the
 * page's boundary (app/root.tsx shows its code's text), `_data` as the JSON. A form posted as a
 * document never gets here: the Worker sends it to REFUSED_PATH.
 */
export function refusingActions(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route.module.action;
    routes[id] = !action
      ? route
      : {
          ...route,
          module: {
            ...route.module,
            action: (args) => {
              const refusal = args.context.refusal;
              if (refusal) throw refusalResponse(refusal);
              return action(args);
            },
          },
        };
  }
  return { ...build, routes };
}

function refusalResponse(code: ErrorCode): Response {
  return Response.json({ error: { code } } satisfies ErrorBody, { status: ERROR_STATUS[code] });
}

/**
 * A refused request as Remix is given it: without its Origin, so that Remix's own check (which
 * compares hosts only, and answers a bare 500) leaves the answer to the refusal above.
 */
export function withoutOrigin(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('Origin');
  return new Request(request, { headers });
}
