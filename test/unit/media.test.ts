import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, LIMITS } from '../../app/core/limits';
import { ancestry, deletesAt, folderTree, inTrashedFolder, moveError, pathOf, purgeCutoff, resolvePath, trashDeletesAt } from '../../app/core/folders';
import type { FolderNode } from '../../app/core/folders';
import {
  MEDIA_KINDS,
  PICTURE_KINDS,
  acceptAttribute,
  acceptedKind,
  conversionStatusOf,
  declaresKind,
  previewKeyOf,
  previewSize,
  photoPreviewWidth,
  PHOTO_PREVIEW_MAX_HEIGHT,
  previewSource,
} from '../../app/core/media';
import { sortEntries } from '../../app/core/media-library';
import type { MediaType } from '../../app/core/media';
import { firstErrorCode } from '../../app/core/schemas';
import { CreateFolderSchema, CreateMediaSchema, FolderPathSchema, MediaSearchQuerySchema, TitleSchema, MoveMediaSchema } from '../../app/core/library-schemas';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [A, B, C, D, E] = [1, 2, 3, 4, 5].map(id) as [string, string, string, string, string];

/** A ─ B ─ C, and D beside A at the root; E trashed inside A. */
const nodes: FolderNode[] = [
  { id: A, parentId: null, trashedAt: null },
  { id: B, parentId: A, trashedAt: null },
  { id: C, parentId: B, trashedAt: null },
  { id: D, parentId: null, trashedAt: null },
  { id: E, parentId: A, trashedAt: 1000 },
];
const tree = folderTree(nodes);

function codeOf(schema: { safeParse(value: unknown): { success: boolean; error?: any } }, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : firstErrorCode(parsed.error);
}

describe('accepted files (image/*, video/*, audio/*, application/pdf)', () => {
  it('takes pictures, videos, audio and PDF', () => {
    expect(acceptedKind('image/jpeg')).toBe('image');
    expect(acceptedKind('image/heic')).toBe('image');
    expect(acceptedKind('video/mp4')).toBe('video');
    expect(acceptedKind('audio/mpeg')).toBe('audio');
    expect(acceptedKind('application/pdf')).toBe('application');
  });

  it('refuses SVG, an image type that is a script-carrying document', () => {
    expect(acceptedKind('image/svg+xml')).toBeNull();
  });

  it('refuses other application types, text, and anything that is not a bare content type', () => {
    for (const type of [
      'application/zip',
      'application/x-msdownload',
      'application/pdf+evil',
      'text/html',
      'text/plain',
      'image',
      'image/',
      '/png',
      'image/png; charset=x',
      'IMAGE/PNG',
      '',
      'image/png\n',
    ]) {
      expect(acceptedKind(type), type).toBeNull();
    }
  });

  it('knows the other names for kinds (photo, document)', () => {
    expect(declaresKind('photo', 'image')).toBe(true);
    expect(declaresKind('document', 'application')).toBe(true);
    expect(declaresKind('image', 'image')).toBe(true);
    expect(declaresKind('video', 'image')).toBe(false);
  });

  it('offers in a file picker what it takes: every kind (PDF alone of the documents), or pictures alone', () => {
    expect(acceptAttribute(MEDIA_KINDS)).toBe('image/*,video/*,audio/*,application/pdf');
    expect(acceptAttribute(PICTURE_KINDS)).toBe('image/*');
  });
});

describe('media search query', () => {
  it('refuses a blank search and one over the limit (the rule itself: test/unit/search.test.ts)', () => {
    expect(codeOf(MediaSearchQuerySchema, { q: '   ' })).toBe('invalidInput');
    expect(codeOf(MediaSearchQuerySchema, { q: 'x'.repeat(LIMITS.mediaSearchMax + 1) })).toBe('invalidInput');
  });
});

describe('the folder tree', () => {
  it('names a place by the ids from the root', () => {
    expect(ancestry(C, tree).map((node) => node.id)).toEqual([A, B, C]);
    expect(pathOf(C, tree)).toBe(`${A}/${B}/${C}`);
    expect(pathOf(null, tree)).toBe('');
  });

  it('resolves a path to its folder only where the folder really is', () => {
    expect(resolvePath('', tree)).toEqual({ folderId: null });
    expect(resolvePath(`${A}/${B}`, tree)).toEqual({ folderId: B });
    expect(resolvePath(B, tree)).toEqual({ error: 'folderNotFound' });
    expect(resolvePath(`${D}/${B}`, tree)).toEqual({ error: 'folderNotFound' });
    expect(resolvePath(id(99), tree)).toEqual({ error: 'folderNotFound' });
  });

  it('a folder in the trash, and everything inside it, is no place to go', () => {
    expect(resolvePath(`${A}/${E}`, tree)).toEqual({ error: 'folderNotFound' });
    expect(inTrashedFolder(E, tree)).toBe(true);
    expect(inTrashedFolder(C, tree)).toBe(false);
    const withTrashedA = folderTree(nodes.map((node) => (node.id === A ? { ...node, trashedAt: 5 } : node)));
    expect(inTrashedFolder(C, withTrashedA)).toBe(true);
    expect(resolvePath(`${A}/${B}/${C}`, withTrashedA)).toEqual({ error: 'folderNotFound' });
  });

  it('stops on a cycle instead of hanging', () => {
    const loop = folderTree([
      { id: A, parentId: B, trashedAt: null },
      { id: B, parentId: A, trashedAt: null },
    ]);
    expect(ancestry(A, loop).length).toBe(2);
  });
});

describe('moving (not into itself or below)', () => {
  it('refuses a folder into itself or any folder below it', () => {
    expect(moveError({ id: A, isFolder: true }, A, tree)).toBe('moveIntoSelf');
    expect(moveError({ id: A, isFolder: true }, B, tree)).toBe('moveIntoSelf');
    expect(moveError({ id: A, isFolder: true }, C, tree)).toBe('moveIntoSelf');
    expect(moveError({ id: B, isFolder: true }, C, tree)).toBe('moveIntoSelf');
  });

  it('lets a folder go up, sideways and to the root, and an item anywhere', () => {
    expect(moveError({ id: C, isFolder: true }, null, tree)).toBeNull();
    expect(moveError({ id: C, isFolder: true }, A, tree)).toBeNull();
    expect(moveError({ id: A, isFolder: true }, D, tree)).toBeNull();
    expect(moveError({ id: id(50), isFolder: false }, C, tree)).toBeNull();
  });

  it('refuses nesting deeper than the limit, counting the folders a moved folder holds', () => {
    const chain: FolderNode[] = Array.from({ length: LIMITS.folderDepthMax }, (_, n) => ({
      id: id(100 + n),
      parentId: n === 0 ? null : id(99 + n),
      trashedAt: null,
    }));
    const deep = folderTree([...chain, ...nodes]);
    const bottom = id(99 + LIMITS.folderDepthMax);
    const oneAbove = id(98 + LIMITS.folderDepthMax);
    // The chain's folder n is at depth n + 1. A new folder fits below all but the deepest one; A,
    // which holds two levels (B and C), fits below a folder at depth limit − 3 and no deeper.
    expect(moveError({ id: id(999), isFolder: true }, bottom, deep)).toBe('folderTooDeep');
    expect(moveError({ id: id(999), isFolder: true }, oneAbove, deep)).toBeNull();
    expect(moveError({ id: A, isFolder: true }, id(97 + LIMITS.folderDepthMax), deep)).toBe('folderTooDeep');
    expect(moveError({ id: A, isFolder: true }, id(96 + LIMITS.folderDepthMax), deep)).toBeNull();
    expect(moveError({ id: id(999), isFolder: false }, bottom, deep)).toBeNull();
  });
});

describe('trash (30 days)', () => {
  it('deletes 30 days after trashing', () => {
    expect(trashDeletesAt(1000)).toBe(1000 + 30 * DAY_MS);
    expect(purgeCutoff(40 * DAY_MS)).toBe(10 * DAY_MS);
  });

  it('an entry inside a folder trashed earlier goes with that folder', () => {
    expect(deletesAt({ folderId: E, trashedAt: 5000 }, tree)).toBe(1000 + 30 * DAY_MS);
    expect(deletesAt({ folderId: C, trashedAt: 5000 }, tree)).toBe(5000 + 30 * DAY_MS);
    expect(deletesAt({ folderId: null, trashedAt: 7 }, tree)).toBe(7 + 30 * DAY_MS);
  });
});

describe('sorting a folder', () => {
  const entry = (n: number, title: string, mediaType: MediaType, createdAt: number) => ({ id: id(n), title, mediaType, createdAt });
  const entries = [
    entry(1, 'banane', 'image', 30),
    entry(2, 'Zebra', 'folder', 10),
    entry(3, 'Äpfel', 'video', 20),
    entry(4, 'apfel 10', 'folder', 40),
    entry(5, 'apfel 9', 'folder', 5),
  ];

  it('puts folders first, then items, newest first', () => {
    expect(sortEntries(entries, 'date').map((e) => e.title)).toEqual(['apfel 10', 'Zebra', 'apfel 9', 'banane', 'Äpfel']);
  });

  it('puts folders first, then items, A–Z ignoring case and accents, numbers by value', () => {
    expect(sortEntries(entries, 'name').map((e) => e.title)).toEqual(['apfel 9', 'apfel 10', 'Zebra', 'Äpfel', 'banane']);
  });

  it('breaks ties by id so the order is stable', () => {
    const same = [entry(9, 'x', 'image', 1), entry(8, 'x', 'image', 1)];
    expect(sortEntries(same, 'name').map((e) => e.id)).toEqual([id(8), id(9)]);
    expect(sortEntries(same, 'date').map((e) => e.id)).toEqual([id(8), id(9)]);
  });
});

describe('media schemas', () => {
  const file = { title: 'Katalog', contentType: 'application/pdf', size: 1234 };

  it('takes a title as plain text, trimmed: path-like and quoted titles are just titles', () => {
    expect(TitleSchema.parse('  ../../etc/passwd ')).toBe('../../etc/passwd');
    expect(TitleSchema.parse(`"'; DROP TABLE media_items; --`)).toBe(`"'; DROP TABLE media_items; --`);
  });

  it('refuses blank, overlong, multi-line and control-character titles', () => {
    expect(codeOf(TitleSchema, '')).toBe('invalidTitle');
    expect(codeOf(TitleSchema, '\u200B\u3164')).toBe('invalidTitle');
    expect(codeOf(TitleSchema, 'x'.repeat(LIMITS.mediaTitleMax + 1))).toBe('invalidTitle');
    expect(codeOf(TitleSchema, '😀'.repeat(LIMITS.mediaTitleMax))).toBeNull();
    expect(codeOf(TitleSchema, 'a\u0000b')).toBe('invalidText');
    expect(codeOf(TitleSchema, 'zwei\nZeilen')).toBe('invalidText');
    expect(codeOf(TitleSchema, 'abc\u202Efdp.exe')).toBe('invalidText');
    expect(codeOf(TitleSchema, 42)).toBe('invalidTitle');
  });

  it('takes a file up to 50,000,000,000 bytes of an accepted type', () => {
    expect(CreateMediaSchema.parse({ ...file, size: LIMITS.mediaBytesMax, contentType: ' Video/MP4 ' })).toMatchObject({
      contentType: 'video/mp4',
      size: 50_000_000_000,
      path: '',
    });
    expect(codeOf(CreateMediaSchema, { ...file, size: LIMITS.mediaBytesMax + 1 })).toBe('fileTooLarge');
    expect(codeOf(CreateMediaSchema, { ...file, size: -1 })).toBe('invalidInput');
    expect(codeOf(CreateMediaSchema, { ...file, size: 1.5 })).toBe('invalidInput');
    expect(codeOf(CreateMediaSchema, { ...file, size: '12' })).toBe('invalidInput');
    expect(codeOf(CreateMediaSchema, { ...file, contentType: 'text/html' })).toBe('mediaTypeNotAccepted');
    expect(codeOf(CreateMediaSchema, { ...file, contentType: undefined })).toBe('mediaTypeNotAccepted');
  });

  it('a declared media type must agree with the content type; the extension is short and plain', () => {
    expect(codeOf(CreateMediaSchema, { ...file, mediaType: 'document' })).toBeNull();
    expect(codeOf(CreateMediaSchema, { ...file, mediaType: 'video' })).toBe('invalidInput');
    expect(CreateMediaSchema.parse({ ...file, mediaExtension: 'PDF' }).mediaExtension).toBe('pdf');
    expect(codeOf(CreateMediaSchema, { ...file, mediaExtension: '../x' })).toBe('invalidInput');
  });

  it('a path is folder ids joined by slashes, or empty for the root', () => {
    expect(codeOf(FolderPathSchema, '')).toBeNull();
    expect(codeOf(FolderPathSchema, `${A}/${B}`)).toBeNull();
    expect(codeOf(FolderPathSchema, `${A}/`)).toBe('invalidInput');
    expect(codeOf(FolderPathSchema, '../..')).toBe('invalidInput');
    expect(codeOf(FolderPathSchema, "' OR 1=1 --")).toBe('invalidInput');
    expect(codeOf(FolderPathSchema, Array.from({ length: LIMITS.folderDepthMax + 1 }, () => A).join('/'))).toBe('invalidInput');
    expect(codeOf(MoveMediaSchema, { mediaId: 'not-a-uuid', path: '' })).toBe('invalidInput');
    expect(codeOf(CreateFolderSchema, { title: 'Ordner', mediaType: 'image' })).toBe('invalidInput');
  });
});

describe('a conversion’s status from Stream’s', () => {
  it('is READY once the video plays, also while Stream still makes its larger renditions', () => {
    expect(conversionStatusOf('inprogress', true)).toBe('READY');
    expect(conversionStatusOf('ready', true)).toBe('READY');
  });

  it('is PROGRESSING before, whatever Stream’s state, and ERROR when Stream gave up before it played', () => {
    expect(['pendingupload', 'downloading', 'queued', 'inprogress', 'ready', 'some-later-state'].map((state) => conversionStatusOf(state, false))).toEqual(
      Array(6).fill('PROGRESSING'),
    );
    expect(conversionStatusOf('error', false)).toBe('ERROR');
  });
});

describe('previews', () => {
  it('come from the browser for pictures and PDFs, from Stream for videos, not at all for audio', () => {
    expect([previewSource('image'), previewSource('application'), previewSource('video'), previewSource('audio')]).toEqual([
      'browser',
      'browser',
      'poster',
      null,
    ]);
  });

  it('lie beside the original with the static file host’s suffixes (video .0000001.jpg, PDF .jpg; pictures as PDFs)', () => {
    expect(previewKeyOf('u1/m1', 'video')).toBe('u1/m1.0000001.jpg');
    expect(previewKeyOf('u1/m1', 'application')).toBe('u1/m1.jpg');
    expect(previewKeyOf('u1/m1', 'image')).toBe('u1/m1.jpg');
    expect(previewKeyOf('u1/m1', 'audio')).toBeNull();
  });

  it('fit into 500 × 300 with their aspect, never enlarged, never empty', () => {
    expect(previewSize(4000, 3000)).toEqual({ width: 400, height: 300 });
    expect(previewSize(200, 400)).toEqual({ width: 150, height: 300 });
    expect(previewSize(612, 792)).toEqual({ width: 232, height: 300 });
    expect(previewSize(5000, 1000)).toEqual({ width: 500, height: 100 });
    expect(previewSize(120, 80)).toEqual({ width: 120, height: 80 });
    expect(previewSize(10000, 1)).toEqual({ width: 500, height: 1 });
  });
});

describe("a chat photo's preview width", () => {
  it('is the photo own width, at most what keeps it 500 px high, never enlarged', () => {
    expect(photoPreviewWidth(4000, 3000)).toBe(666);
    expect(photoPreviewWidth(3000, 4000)).toBe(375);
    expect(photoPreviewWidth(300, 200)).toBe(300);
    expect(photoPreviewWidth(1, 1)).toBe(1);
    expect(photoPreviewWidth(10, 5000)).toBe(1);
  });

  it('keeps every photo at most 500 px high at its shape (or, a sliver, 1 px wide)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), (width, height) => {
        const shown = photoPreviewWidth(width, height);
        expect(shown).toBeLessThanOrEqual(width);
        if (shown > 1) expect(Math.round((shown * height) / width)).toBeLessThanOrEqual(PHOTO_PREVIEW_MAX_HEIGHT);
      }),
    );
  });
});
