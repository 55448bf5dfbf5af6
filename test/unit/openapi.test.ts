import { Validator } from '@seriousme/openapi-schema-validator';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_PATH, TYPES_PATH, currentDocument, typesOf } from '../../scripts/openapi.mjs';

/**
 * The API's published document (ADR 056): valid OpenAPI 3.1 by the specification's own schema
 * (@seriousme/openapi-schema-validator), and the checked-in file and its TypeScript types are what
 * `npm run openapi` writes from the routes now. test/workers/openapi.test.ts checks the same
 * document inside workerd, its coverage of the routes, and every answer the workers tests cause.
 */
describe('docs/openapi.json', () => {
  const stored = readFileSync(DOCUMENT_PATH, 'utf8');

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(stored));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is what npm run openapi writes from the routes now, and so are its types', async () => {
    const current = await currentDocument();
    expect(current === stored, 'docs/openapi.json is stale: run npm run openapi').toBe(true);
    expect((await typesOf(current)) === readFileSync(TYPES_PATH, 'utf8'), 'test/support/openapi-types.ts is stale: run npm run openapi').toBe(true);
  }, 60_000);
});
