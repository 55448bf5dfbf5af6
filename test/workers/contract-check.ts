import { Validator } from '@cfworker/json-schema';
import type { Schema } from '@cfworker/json-schema';
import document from '../../docs/openapi.json';
import type { ApiContext } from '../../worker/api/context';

/**
 * The response-validation hook of the workers tests (ADR 056): every answer of the API that a test
 * causes is held against the checked-in document (docs/openapi.json): its route and method must be
 * there, its status among the operation's responses, and a JSON body must validate against that
 * response's schema (an error's code among the operation's codes for that status). The Worker hands
 * each answer to `answerObservers` (worker/api/index.ts); setup.ts registers `checkAnswer` there
 * and fails the test that caused a violation.
 */

type Operation = { responses: Record<string, { content?: Record<string, { schema?: Schema }> }> };
const { paths, components } = document as unknown as { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

const validators = new Map<string, Validator>();

function validatorFor(key: string, schema: Schema): Validator {
  let validator = validators.get(key);
  // The answers name the document's shared shapes (`$ref: #/components/schemas/…`): they resolve in
  // a root that carries the components beside the answer's own schema.
  if (!validator) validators.set(key, (validator = new Validator({ ...(schema as object), components } as Schema, '2020-12', false)));
  return validator;
}

/** Hono's spelling of a path (`/api/parties/:id`) as the document's (`/api/parties/{id}`). */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The route that answered: the first matched route of the request's method (HEAD is answered by GET). */
function answeringRoute(c: ApiContext): string | null {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  return c.req.matchedRoutes.find((route) => route.method === method)?.path ?? null;
}

/** What is wrong with this answer by the document, or null. */
export async function contractViolation(c: ApiContext): Promise<string | null> {
  const route = answeringRoute(c);
  const status = c.res.status;
  // No route answered: the API's one 404 (`notFound`), which no operation describes.
  if (route === null) return null;
  const method = c.req.method === 'HEAD' ? 'get' : c.req.method.toLowerCase();
  const path = openApiPath(route);
  const where = `${c.req.method} ${path} ${status}`;
  const operation = paths[path]?.[method];
  if (!operation) return `${where}: the route is not in docs/openapi.json`;
  const response = operation.responses[String(status)];
  if (!response) {
    const body = status >= 400 ? await c.res.clone().text() : '';
    return `${where}: status not in the document${body ? ` (${body.slice(0, 120)})` : ''}`;
  }
  if (status === 101 || status === 204 || c.req.method === 'HEAD') return null;
  const type = c.res.headers.get('Content-Type')?.split(';')[0] ?? '';
  if (type !== 'application/json') return null;
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return `${where}: JSON answered where the document says ${Object.keys(response.content ?? {}).join(', ') || 'no content'}`;
  const body: unknown = await c.res.clone().json();
  const result = validatorFor(`${method} ${path} ${status}`, schema).validate(body);
  if (result.valid) return null;
  const first = result.errors.at(-1);
  return `${where}: body does not validate (${first?.instanceLocation} ${first?.error}): ${JSON.stringify(body).slice(0, 160)}`;
}
