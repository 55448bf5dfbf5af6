import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_SECTIONS } from '../../app/i18n/config';
import { sourceModule } from '../support/source-modules';

/**
 * The party page loads only the party's part of the texts (app/i18n/config.ts). Every module it
 * can reach (static or lazy imports, from the route down) must therefore use no workspace section,
 * or a guest would see a key instead of a text. Found by reading the sources, as the bundler does.
 */
const APP = resolve(__dirname, '../../app');
// A lazy import wrapped in needingWorkspaceTexts brings the workspace texts along: not followed.
const IMPORT = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|(?<!needingWorkspaceTexts\()import\(\s*['"]([^'"]+)['"]\s*\)/g;

function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = sourceModule(file, match[1] ?? match[2]!);
      // Types and the server's code never reach the browser's texts.
      if (target && target.startsWith(APP) && !target.includes('/locales/') && !match[0].startsWith('import type')) queue.push(target);
    }
  }
  return seen;
}

describe('the party page texts', () => {
  // The root route's layout is part of every page, the party page's included.
  const files = [...new Set([...reachable(join(APP, 'routes/$partyId.tsx')), ...reachable(join(APP, 'root.tsx'))])];

  it('reaches the party page modules, lazy ones included', () => {
    const names = files.map((file) => file.slice(APP.length + 1));
    expect(names).toEqual(
      expect.arrayContaining([
        'routes/$partyId.tsx',
        'components/party/message-list.tsx',
        'components/chat/voice-dialog.tsx',
        'components/party/join-dialog.tsx',
      ]),
    );
    expect(names).not.toContain('components/media/lightbox.tsx');
  });

  it.each([...WORKSPACE_SECTIONS])('no module of the party page uses the workspace section %s', (section) => {
    const key = new RegExp(`['"\`]${section}\\.`);
    expect(files.filter((file) => key.test(readFileSync(file, 'utf8'))).map((file) => file.slice(APP.length + 1))).toEqual([]);
  });
});

describe('the workspace texts on other pages', () => {
  // A route under the `_app` layout gets them from the layout's clientLoader.
  const routes = readdirSync(join(APP, 'routes')).filter((name) => name.endsWith('.tsx') && !name.startsWith('_app.') && name !== '$partyId.tsx');

  it.each(routes)('%s loads them before a navigation shows it, if it uses them', (name) => {
    const file = join(APP, 'routes', name);
    const sections = new RegExp(`['"\`](?:${WORKSPACE_SECTIONS.join('|')})\\.`);
    const uses = [...reachable(file)].some((module) => sections.test(readFileSync(module, 'utf8')));
    if (uses) expect(readFileSync(file, 'utf8')).toContain('export const clientLoader = withWorkspaceTexts;');
  });
});
