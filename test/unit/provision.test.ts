import { describe, expect, it } from 'vitest';
import { experimental_readRawConfig } from 'wrangler';
import { problemWith, provisioningCommands, readDeployment } from '../../scripts/provision.mjs';

/** The deployment's resources, made in its jurisdiction (scripts/provision.mjs, ADR 050). */
describe('provisioning', () => {
  it('wrangler.toml keeps the data in the EU: DATA_JURISDICTION eu, and the bucket bound in the same jurisdiction', () => {
    const deployment = readDeployment(experimental_readRawConfig({ config: 'wrangler.toml' }).rawConfig);
    expect(deployment).toMatchObject({ jurisdiction: 'eu', bucketJurisdiction: 'eu', database: 'salon', bucket: 'salon-media', queue: 'salon-push' });
    expect(problemWith(deployment)).toBeNull();
  });

  it('makes D1 and R2 in the jurisdiction (it cannot be changed afterwards), the queue anywhere', () => {
    const commands = provisioningCommands({ jurisdiction: 'eu', database: 'salon', bucket: 'salon-media', queue: 'salon-push', bucketJurisdiction: 'eu' });
    expect(commands.map((command) => command.join(' '))).toEqual([
      'npx wrangler d1 create salon --jurisdiction eu',
      'npx wrangler r2 bucket create salon-media --jurisdiction eu',
      'npx wrangler queues create salon-push',
    ]);
    const anywhere = provisioningCommands({ jurisdiction: null, database: 'salon', bucket: 'salon-media', queue: 'salon-push', bucketJurisdiction: null });
    expect(anywhere[0]).toEqual(['npx', 'wrangler', 'd1', 'create', 'salon']);
  });

  it('refuses a bucket bound elsewhere than the setting, or a jurisdiction D1 and R2 do not know', () => {
    const base = { database: 'salon', bucket: 'salon-media', queue: 'salon-push' };
    expect(problemWith({ ...base, jurisdiction: 'eu', bucketJurisdiction: null })).toMatch(/jurisdiction none, but DATA_JURISDICTION is eu/);
    expect(problemWith({ ...base, jurisdiction: null, bucketJurisdiction: 'eu' })).toMatch(/DATA_JURISDICTION is empty/);
    expect(problemWith({ ...base, jurisdiction: 'mars', bucketJurisdiction: 'mars' })).toMatch(/D1 and R2 know/);
  });
});
