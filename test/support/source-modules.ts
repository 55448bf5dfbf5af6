import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/**
 * The file an import in `from` names, as the bundlers resolve it: relative, `~/` (app/, the Vite
 * and vitest alias) or `#core/` (app/core/, package.json "imports"); null for a package or a file
 * that is not there. Paths are absolute.
 */
export function sourceModule(from: string, specifier: string): string | null {
  const base = specifier.startsWith('~/')
    ? join(ROOT, 'app', specifier.slice(2))
    : specifier.startsWith('#core/')
      ? join(ROOT, 'app/core', specifier.slice('#core/'.length))
      : specifier.startsWith('.')
        ? resolve(dirname(from), specifier)
        : null;
  if (!base) return null;
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((candidate) => existsSync(candidate) && !candidate.endsWith('/')) ?? null;
}
