#!/usr/bin/env node
/**
 * `npm run openapi`: writes the API's OpenAPI 3.1 document to docs/openapi.json (ADR 056), from the
 * routes themselves (worker/api/openapi.ts). The API is bundled by esbuild for Node and asked for its
 * document; `cloudflare:*` modules are stood in for by empty ones, since describing a route runs
 * none of its code. `--check` writes nothing and fails when the file differs (the workers test
 * test/workers/openapi.test.ts checks the same inside workerd).
 */
import { build } from 'esbuild';
import * as prettier from 'prettier';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const DOCUMENT_PATH = join(root, 'docs/openapi.json');

/** The document as the code describes it now, formatted as the checked-in file is. */
export async function currentDocument() {
  const dir = mkdtempSync(join(tmpdir(), 'salon-openapi-'));
  try {
    const outfile = join(dir, 'api.mjs');
    await build({
      stdin: {
        contents:
          "import { api } from './worker/api/index.ts'; import { apiDocument } from './worker/api/openapi.ts'; export const document = () => apiDocument(api);",
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'error',
      plugins: [
        {
          name: 'cloudflare-stand-ins',
          setup(b) {
            b.onResolve({ filter: /^cloudflare:/ }, (args) => ({ path: args.path, namespace: 'stand-in' }));
            b.onLoad({ filter: /.*/, namespace: 'stand-in' }, () => ({
              contents: 'export class DurableObject {} export class WorkerEntrypoint {} export const env = {};',
              loader: 'js',
            }));
          },
        },
      ],
    });
    const { document } = await import(pathToFileURL(outfile).href);
    // Formatted as `npm run lint` wants every file, so the check and Prettier agree.
    const options = await prettier.resolveConfig(DOCUMENT_PATH);
    return prettier.format(JSON.stringify(await document()), { ...options, filepath: DOCUMENT_PATH });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await currentDocument();
  if (process.argv.includes('--check')) {
    const stored = readFileSync(DOCUMENT_PATH, 'utf8');
    if (stored !== text) {
      console.error('docs/openapi.json is stale: run npm run openapi');
      process.exit(1);
    }
    console.log('docs/openapi.json is current');
  } else {
    writeFileSync(DOCUMENT_PATH, text);
    console.log(`wrote docs/openapi.json (${Object.keys(JSON.parse(text).paths).length} paths)`);
  }
}
