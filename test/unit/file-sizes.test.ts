import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPLICATION_FOLDERS, sources } from '../support/import-graph';

/**
 * Files a reader can hold (issue 47): no source file in app/, worker/ or durable-objects/ is longer
 * than LINES_MAX lines, and the party's Durable Object class stays its lifecycle and the contract's
 * entry points (ADR 054). A file that grows past it is split along its seams (its subjects, its
 * screens and hooks, its table groups). The exceptions are data, each with its reason; one that no
 * longer holds fails the test, so the list only shrinks.
 */
const ROOT = resolve(__dirname, '../..');
const LINES_MAX = 500;
const TIGHTER: Record<string, number> = {
  'durable-objects/party-room.ts': 400,
};
const TEXTS = 'one language’s texts, one file per language: what translators edit and the i18n test compares key by key; the build cuts it in two (ADR 016)';
const EXCEPTIONS: Record<string, string> = {
  'app/i18n/locales/de.ts': TEXTS,
  'app/i18n/locales/en.ts': TEXTS,
  'app/i18n/locales/fr.ts': TEXTS,
  'app/i18n/locales/it.ts': TEXTS,
  'app/i18n/locales/nl.ts': TEXTS,
};

const lines = (file: string) => readFileSync(join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n').length;

describe('file sizes', () => {
  const sizes = APPLICATION_FOLDERS.flatMap(sources).map((file) => ({ file, lines: lines(file), max: TIGHTER[file] ?? LINES_MAX }));

  it(`no source file is longer than ${LINES_MAX} lines (PartyRoom ${TIGHTER['durable-objects/party-room.ts']}), but the data listed`, () => {
    const long = sizes
      .filter((size) => size.lines > size.max && !(size.file in EXCEPTIONS))
      .map((size) => `${size.file}: ${size.lines} lines (at most ${size.max})`);
    expect(long, 'split each along its seams').toEqual([]);
  });

  it('lists only exceptions that still hold', () => {
    const stale = Object.keys(EXCEPTIONS).filter((file) => !sizes.some((size) => size.file === file && size.lines > size.max));
    expect(stale, 'exceptions that no longer occur: take them off the list').toEqual([]);
  });
});
