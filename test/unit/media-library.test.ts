import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../app/core/limits';
import type { LibraryFolder } from '../../app/core/media-library';
import {
  apiPath,
  breadcrumb,
  folderOfPath,
  formatBytes,
  hashOf,
  hashOfPath,
  libraryTree,
  moveTargets,
  placeOfHash,
  folderHashId,
} from '../../app/core/media-library';

const id = (prefix: string) => `${prefix.padEnd(8, '0')}-0000-4000-8000-000000000000`;
const A = id('aaaa');
const B = id('bbbb');
const C = id('cccc');
const D = id('dddd');
const E = id('eeee');
// A › B › C › D, and E beside A.
const folders: LibraryFolder[] = [
  { id: A, title: 'Alpha', parentId: null },
  { id: B, title: 'Beta', parentId: A },
  { id: C, title: 'Gamma', parentId: B },
  { id: D, title: 'Delta', parentId: C },
  { id: E, title: 'Echo', parentId: null },
];
const tree = libraryTree(folders);

describe('the library page address (a hash path of shortened folder ids, or trash)', () => {
  it('names a folder by the short ids of its path, the trash by trash, the top level by nothing', () => {
    expect(folderHashId(A)).toBe('aaaa0000');
    expect(hashOf({ kind: 'folder', folderId: C }, tree)).toBe('aaaa0000/bbbb0000/cccc0000');
    expect(hashOf({ kind: 'folder', folderId: null }, tree)).toBe('');
    expect(hashOf({ kind: 'trash' }, tree)).toBe('trash');
  });

  it("names a full API path's folder the same way (a template's place, for its editor's way back)", () => {
    expect(hashOfPath(apiPath(C, tree))).toBe(hashOf({ kind: 'folder', folderId: C }, tree));
    expect(placeOfHash(`#${hashOfPath(`${A}/${B}`)}`, folders)).toEqual({ kind: 'folder', folderId: B });
    expect(hashOfPath('')).toBe('');
  });

  it('reads a hash back into the place, step by step from the top', () => {
    expect(placeOfHash('#aaaa0000/bbbb0000/cccc0000', folders)).toEqual({ kind: 'folder', folderId: C });
    expect(placeOfHash('', folders)).toEqual({ kind: 'folder', folderId: null });
    expect(placeOfHash('#', folders)).toEqual({ kind: 'folder', folderId: null });
    expect(placeOfHash('#trash', folders)).toEqual({ kind: 'trash' });
  });

  it('names nothing when a step is not a folder there: moved, trashed, mistyped', () => {
    expect(placeOfHash('#bbbb0000', folders)).toBeNull();
    expect(placeOfHash('#aaaa0000/cccc0000', folders)).toBeNull();
    expect(placeOfHash('#ffff0000', folders)).toBeNull();
    expect(placeOfHash('#aaaa0000/', folders)).toBeNull();
  });

  it('gives the API the full path, and a path back its folder', () => {
    expect(apiPath(C, tree)).toBe(`${A}/${B}/${C}`);
    expect(apiPath(null, tree)).toBe('');
    expect(folderOfPath(`${A}/${B}`)).toBe(B);
    expect(folderOfPath('')).toBeNull();
  });
});

describe('the breadcrumb (the last two levels, an ellipsis before)', () => {
  const titles = (list: LibraryFolder[]) => list.map((folder) => folder.title);
  it('shows up to two levels and hides the ones above', () => {
    expect(breadcrumb(null, folders)).toEqual({ hidden: [], shown: [] });
    expect(titles(breadcrumb(B, folders).shown)).toEqual(['Alpha', 'Beta']);
    expect(breadcrumb(B, folders).hidden).toEqual([]);
    const deep = breadcrumb(D, folders);
    expect(titles(deep.hidden)).toEqual(['Alpha', 'Beta']);
    expect(titles(deep.shown)).toEqual(['Gamma', 'Delta']);
  });
});

describe('move-to targets (never the item itself; a folder never goes below itself)', () => {
  const names = (entry: { id: string; isFolder: boolean }) =>
    moveTargets(entry, folders, 'de', 'Alle Medien').map((target) => `${'-'.repeat(target.depth)}${target.title}`);

  it('offers an item the top level and every folder, as a tree A–Z', () => {
    expect(names({ id: id('9999'), isFolder: false })).toEqual(['Alle Medien', '-Alpha', '--Beta', '---Gamma', '----Delta', '-Echo']);
  });

  it('leaves out a folder itself and everything below it', () => {
    expect(names({ id: B, isFolder: true })).toEqual(['Alle Medien', '-Alpha', '-Echo']);
    expect(names({ id: A, isFolder: true })).toEqual(['Alle Medien', '-Echo']);
  });

  it('leaves out folders where the moved folder would nest too deep', () => {
    const chain: LibraryFolder[] = Array.from({ length: LIMITS.folderDepthMax }, (_, at) => ({
      id: id(`c${String(at).padStart(3, '0')}`),
      title: `L${at}`,
      parentId: at === 0 ? null : id(`c${String(at - 1).padStart(3, '0')}`),
    }));
    const targets = moveTargets({ id: E, isFolder: true }, [...chain, folders[4]!], 'de', 'Alle Medien');
    expect(targets.some((target) => target.title === `L${LIMITS.folderDepthMax - 1}`)).toBe(false);
    expect(targets.some((target) => target.title === `L${LIMITS.folderDepthMax - 2}`)).toBe(true);
    // An item has no depth of its own: it may go anywhere.
    expect(moveTargets({ id: id('9999'), isFolder: false }, chain, 'de', 'Alle Medien')).toHaveLength(LIMITS.folderDepthMax + 1);
  });
});

describe('file sizes', () => {
  // Intl puts a no-break space between number and unit.
  const plain = (text: string) => text.replace(/\s/g, ' ');
  it('count in decimal units, in the reader’s language', () => {
    expect(plain(formatBytes(999, 'en'))).toBe('999 byte');
    expect(plain(formatBytes(1_500_000, 'en'))).toBe('1.5 MB');
    expect(plain(formatBytes(50_000_000_000, 'de'))).toBe('50 GB');
    expect(plain(formatBytes(2_345_000, 'de'))).toBe('2,3 MB');
  });
});
