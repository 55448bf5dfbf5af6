#!/usr/bin/env node
/**
 * `npm run openapi`: writes the API's OpenAPI 3.1 document to docs/openapi.json (ADR 056), from the
 * routes themselves (worker/api/openapi.ts). The API is bundled by esbuild for Node and asked for its
 * document; `cloudflare:*` modules are stood in for by empty ones, since describing a route runs
 * none of its code. It also writes the document's TypeScript types (openapi-typescript), which the
 * tests' client (openapi-fetch) is typed by. `--check` writes nothing and fails when either file
 * differs (test/unit/openapi.test.ts runs it; test/workers/openapi.test.ts checks the document
 * inside workerd).
 */
import { build } from 'esbuild';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const DOCUMENT_PATH = join(root, 'docs/openapi.json');
/** The TypeScript types of the document (openapi-typescript), for clients made with openapi-fetch. */
export const TYPES_PATH = join(root, 'test/support/openapi-types.ts');

/** The types openapi-typescript makes of a document's text, formatted as Prettier wants them. */
export async function typesOf(documentText) {
  const ast = await openapiTS(JSON.parse(documentText));
  const header = '// Written by `npm run openapi` from docs/openapi.json (openapi-typescript). Do not edit.\n';
  return prettier.format(header + astToString(ast), { ...(await prettier.resolveConfig(TYPES_PATH)), filepath: TYPES_PATH });
}

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
  const types = await typesOf(text);
  if (process.argv.includes('--check')) {
    const stale = [
      [DOCUMENT_PATH, text],
      [TYPES_PATH, types],
    ].filter(([path, wanted]) => readFileSync(path, 'utf8') !== wanted);
    for (const [path] of stale) console.error(`${path} is stale: run npm run openapi`);
    if (stale.length > 0) process.exit(1);
    console.log('docs/openapi.json and its types are current');
  } else {
    writeFileSync(DOCUMENT_PATH, text);
    writeFileSync(TYPES_PATH, types);
    console.log(`wrote docs/openapi.json (${Object.keys(JSON.parse(text).paths).length} paths) and test/support/openapi-types.ts`);
  }
}
