import { applyD1Migrations, env } from 'cloudflare:test';
import { afterEach } from 'vitest';
import { answerObservers } from '../../worker/api/index';
import { contractViolation } from './contract-check';

// The same migrations wrangler applies; each test file starts from them.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

/**
 * Every API answer a test causes is checked against the published document (ADR 056,
 * contract-check.ts); a test that caused an answer the document does not describe fails.
 */
const violations: string[] = [];
answerObservers.push(async (c) => {
  const violation = await contractViolation(c);
  if (violation && !violations.includes(violation)) {
    violations.push(violation);
    console.warn(`CONTRACT ${violation}`);
  }
});

afterEach(() => {
  const found = violations.splice(0);
  if (found.length > 0) throw new Error(`answers the API document does not describe (docs/openapi.json):\n${found.join('\n')}`);
});
