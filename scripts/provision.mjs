#!/usr/bin/env node
// The deployment's Cloudflare resources, made where its data is to live (ADR 050). DATA_JURISDICTION
// in wrangler.toml's [vars] (`eu`) is the one setting: the parties' rooms are made in it by the
// Worker, and this makes the D1 database and the R2 bucket in it (a jurisdiction is chosen when a
// database or bucket is made and never changes), and the push queue; it refuses to run while
// wrangler.toml binds the bucket in another jurisdiction than the setting names.
//
//   node scripts/provision.mjs          prints the commands
//   node scripts/provision.mjs --run    runs them (after `npx wrangler login`)
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { experimental_readRawConfig } from 'wrangler';

const JURISDICTIONS = ['eu', 'fedramp'];

/** What wrangler.toml says about the resources and where they are to be. */
export function readDeployment(config) {
  const jurisdiction = (config.vars?.DATA_JURISDICTION ?? '').trim() || null;
  const bucket = config.r2_buckets?.find((binding) => binding.binding === 'MEDIA');
  return {
    jurisdiction,
    database: config.d1_databases?.find((binding) => binding.binding === 'DB')?.database_name,
    bucket: bucket?.bucket_name,
    bucketJurisdiction: bucket?.jurisdiction ?? null,
    queue: config.queues?.producers?.find((binding) => binding.binding === 'PUSH_QUEUE')?.queue,
  };
}

/** Why the deployment cannot be made as configured, or null. */
export function problemWith(deployment) {
  if (deployment.jurisdiction && !JURISDICTIONS.includes(deployment.jurisdiction))
    return `DATA_JURISDICTION is "${deployment.jurisdiction}"; D1 and R2 know ${JURISDICTIONS.join(' and ')}`;
  if (deployment.bucketJurisdiction !== deployment.jurisdiction)
    return `wrangler.toml binds the bucket ${deployment.bucket} in jurisdiction ${deployment.bucketJurisdiction ?? 'none'}, but DATA_JURISDICTION is ${deployment.jurisdiction ?? 'empty'}: set [[r2_buckets]] jurisdiction to match`;
  if (!deployment.database || !deployment.bucket || !deployment.queue) return 'wrangler.toml lacks the DB, MEDIA or PUSH_QUEUE binding';
  return null;
}

/** The wrangler commands that make the resources, in the deployment's jurisdiction. */
export function provisioningCommands(deployment) {
  const where = deployment.jurisdiction ? ['--jurisdiction', deployment.jurisdiction] : [];
  return [
    ['npx', 'wrangler', 'd1', 'create', deployment.database, ...where],
    ['npx', 'wrangler', 'r2', 'bucket', 'create', deployment.bucket, ...where],
    ['npx', 'wrangler', 'queues', 'create', deployment.queue],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { run: { type: 'boolean', default: false }, config: { type: 'string', default: 'wrangler.toml' } } });
  const deployment = readDeployment(experimental_readRawConfig({ config: values.config }).rawConfig);
  const problem = problemWith(deployment);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log(`Data lives in: ${deployment.jurisdiction ?? 'wherever Cloudflare chooses (DATA_JURISDICTION is empty)'}`);
  for (const command of provisioningCommands(deployment)) {
    console.log(command.join(' '));
    if (values.run) execFileSync(command[0], command.slice(1), { stdio: 'inherit' });
  }
  if (!values.run) console.log('(printed only; --run runs them)');
  else console.log("Put the database's id into wrangler.toml ([[d1_databases]] database_id), then apply the migrations (README).");
}
