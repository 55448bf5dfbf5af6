import type { ServerBuild } from '@remix-run/cloudflare';
import type { ErrorBody, ErrorCode } from '../../app/core/errors';
import { ERROR_STATUS } from '../../app/core/errors';
import { isDataUnavailable } from '../db/client';

/** The page that tells a visitor a form from another site was refused (app/routes/refused.tsx). */
const REFUSED_PATH = '/refused';

/**
 * How a refused page request is answered without running anything, or null when Remix must answer
 * it: a form posted as a document goes to the page that says why; the `_data` query of Remix's
 * older client gets the API's error JSON here (handed to Remix, which still answers that query
 * under single fetch, it also logs a deprecation error with its stack for every such request);
 * Remix's own `.data` requests need Remix's encoding, so their actions refuse (below).
 */
export function refusalWithoutRemix(url: URL, code: ErrorCode): Response | null {
  if (url.pathname.endsWith('.data')) return null;
  if (url.searchParams.has('_data')) return refusalResponse(code);
  return Response.redirect(new URL(REFUSED_PATH, url).toString(), 303);
}

/**
 * The Remix build with every route's action answering a refusal the Worker decided on
 * (`context.refusal`, worker/index.ts) instead of running. Thrown as a response with the API's
 * error shape, it reaches Remix's clients in the form each reads: `.data` as an error for the
 * page's boundary (app/root.tsx shows its code's text). Documents and `_data` requests never get
 * here (refusalWithoutRemix).
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

/**
 * The Remix build with every route's loader and action answering `dataUnavailable` (the database
 * out of reach, worker/db/client.ts) as the API's error shape with its 503, so the page's boundary
 * says so in the reader's language (app/root.tsx) instead of the generic failure.
 */
export function unavailableAsAnswer(build: ServerBuild): ServerBuild {
  const answered = <A, R>(handler: ((args: A) => R) | undefined) =>
    handler &&
    (async (args: A) => {
      try {
        return await handler(args);
      } catch (error) {
        if (isDataUnavailable(error)) throw refusalResponse('dataUnavailable');
        throw error;
      }
    });
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module;
    routes[id] = !loader && !action ? route : { ...route, module: { ...route.module, loader: answered(loader), action: answered(action) } };
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
