import { Hono } from 'hono';
import {
  ConvertMediaSchema,
  CreateFolderSchema,
  CreateMediaSchema,
  DescribeMediaSchema,
  DuplicateMediaSchema,
  MediaListQuerySchema,
  MediaSearchQuerySchema,
  MoveMediaSchema,
  RenameMediaSchema,
} from '../../app/core/library-schemas';
import {
  createFolder,
  createMedia,
  describeMedia,
  duplicateMedia,
  getMediaEntry,
  listFolder,
  listFolders,
  listTrash,
  moveMedia,
  renameMedia,
  restoreMedia,
  searchMedia,
  trashMedia,
} from '../services/media';
import { pollConversion, startConversion } from '../services/media-convert';
import { ownLiveItem } from '../services/media-items';
import { readPreview, setPreview } from '../services/media-preview';
import { tusApi, uploadUrl } from './tus';
import type { ApiEnv } from './context';
import { requireConsultant, valid } from './context';
import * as answers from '../../app/core/answer-schemas';
import { z } from '../../app/core/zod';
import { doc } from './openapi';

/**
 * The media library: a consultant's own items and folders. Literal paths come before `/:id`: Hono
 * tries routes in order. The consultant is checked before the input, so a guest learns nothing from
 * how a request would have been judged.
 */
export const mediaApi = new Hono<ApiEnv>()
  .use(async (c, next) => {
    requireConsultant(c);
    await next();
  })
  .get(
    '/',
    doc({ summary: 'A folder of the media library', caller: 'consultant', errors: ['folderNotFound'], ok: { schema: answers.MediaListingSchema } }),
    valid('query', MediaListQuerySchema),
    async (c) => {
      const { path, sort } = c.req.valid('query');
      return c.json(await listFolder(c.get('db'), requireConsultant(c).userId, path, sort));
    },
  )
  .post(
    '/',
    doc({
      summary: 'Make a library item and its upload',
      description: 'Answers 201 with `uploadUrl`, where the bytes go by tus 1.0 (HEAD, PATCH; README "For app developers"). The only way to make an item.',
      caller: 'consultant',
      errors: ['invalidTitle', 'mediaTypeNotAccepted', 'fileTooLarge', 'folderNotFound', 'mediaTrashed', 'mediaTypeMismatch'],
      ok: { schema: answers.NewMediaSchema, status: 201 },
    }),
    valid('json', CreateMediaSchema),
    async (c) => {
      const entry = await createMedia(c.get('db'), requireConsultant(c).userId, c.req.valid('json'));
      // The answer names where the bytes go; there the browser speaks tus (worker/api/tus.ts).
      return c.json({ ...entry, uploadUrl: uploadUrl(c.req.url, entry.id) }, 201);
    },
  )
  .get(
    '/search',
    doc({ summary: 'Find library items by title', caller: 'consultant', ok: { schema: z.array(answers.MediaEntrySchema) } }),
    valid('query', MediaSearchQuerySchema),
    async (c) => c.json(await searchMedia(c.get('db'), requireConsultant(c).userId, c.req.valid('query').q)),
  )
  .post(
    '/duplicate',
    doc({
      summary: 'Copy a chat file or library item into the library',
      caller: 'consultant',
      errors: ['mediaNotFound', 'folderNotFound', 'invalidTitle', 'mediaNotReady', 'forbidden', 'mediaTrashed', 'mediaTypeMismatch'],
      ok: { schema: answers.MediaEntrySchema, status: 201 },
    }),
    valid('json', DuplicateMediaSchema),
    async (c) => {
      const { userId } = requireConsultant(c);
      return c.json(await duplicateMedia(c.env, c.get('db'), userId, c.req.valid('json'), new URL(c.req.url).origin), 201);
    },
  )
  .get(
    '/folders',
    doc({ summary: 'Every library folder outside the trash', caller: 'consultant', ok: { schema: z.array(answers.LibraryFolderSchema) } }),
    async (c) => c.json(await listFolders(c.get('db'), requireConsultant(c).userId)),
  )
  .get('/trash', doc({ summary: "The library's trash", caller: 'consultant', ok: { schema: z.array(answers.MediaEntrySchema) } }), async (c) =>
    c.json(await listTrash(c.get('db'), requireConsultant(c).userId)),
  )
  .post(
    '/folder',
    doc({
      summary: 'Create a library folder',
      caller: 'consultant',
      errors: ['invalidTitle', 'folderNotFound', 'folderTooDeep', 'mediaTrashed'],
      ok: { schema: answers.MediaEntrySchema, status: 201 },
    }),
    valid('json', CreateFolderSchema),
    async (c) => c.json(await createFolder(c.get('db'), requireConsultant(c).userId, c.req.valid('json')), 201),
  )
  .put(
    '/folder',
    doc({
      summary: 'Move an item or folder into a folder',
      caller: 'consultant',
      errors: ['mediaNotFound', 'folderNotFound', 'moveIntoSelf', 'folderTooDeep', 'mediaTrashed'],
      ok: { schema: answers.MediaEntrySchema },
    }),
    valid('json', MoveMediaSchema),
    async (c) => c.json(await moveMedia(c.get('db'), requireConsultant(c).userId, c.req.valid('json'))),
  )
  .put(
    '/convert/:id',
    doc({
      summary: "Start a video's conversion (Stream)",
      caller: 'consultant',
      errors: ['mediaNotFound', 'notAVideo', 'mediaNotUploaded', 'conversionUnavailable', 'mediaTrashed'],
      ok: { schema: answers.ConversionSchema },
    }),
    valid('json', ConvertMediaSchema),
    async (c) => {
      const { userId } = requireConsultant(c);
      return c.json(await startConversion(c.env, c.get('db'), userId, c.req.param('id'), c.req.valid('json'), new URL(c.req.url).origin));
    },
  )
  .get(
    '/convert/:id',
    doc({
      summary: "A conversion's state",
      caller: 'consultant',
      errors: ['mediaNotFound', 'notConverting', 'conversionUnavailable'],
      ok: { schema: answers.ConversionSchema },
    }),
    async (c) => c.json(await pollConversion(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'))),
  )
  .put(
    '/:id',
    doc({
      summary: 'Rename an item or folder',
      caller: 'consultant',
      errors: ['invalidTitle', 'mediaNotFound', 'mediaTrashed'],
      ok: { schema: answers.MediaEntrySchema },
    }),
    valid('json', RenameMediaSchema),
    async (c) => {
      return c.json(await renameMedia(c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json').name));
    },
  )
  .delete(
    '/:id',
    doc({ summary: 'Put an item or folder in the trash', caller: 'consultant', errors: ['mediaNotFound', 'mediaTrashed'], ok: 204 }),
    async (c) => {
      await trashMedia(c.get('db'), requireConsultant(c).userId, c.req.param('id'));
      return c.body(null, 204);
    },
  )
  .put(
    '/:id/description',
    doc({
      summary: 'Describe an item (its caption)',
      caller: 'consultant',
      errors: ['mediaNotFound', 'messageTooLong', 'invalidText', 'mediaTrashed'],
      ok: { schema: answers.MediaEntrySchema },
    }),
    valid('json', DescribeMediaSchema),
    async (c) => c.json(await describeMedia(c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json').description)),
  )
  .put(
    '/:id/restore',
    doc({
      summary: 'Take an item or folder out of the trash',
      caller: 'consultant',
      errors: ['mediaNotFound', 'mediaTrashed'],
      ok: { schema: answers.MediaEntrySchema },
    }),
    async (c) => c.json(await restoreMedia(c.get('db'), requireConsultant(c).userId, c.req.param('id'))),
  )
  .put(
    '/:id/preview',
    doc({
      summary: "Set an item's preview picture",
      caller: 'consultant',
      rawBody: { content: 'image/*', description: 'A JPEG or WebP' },
      errors: [
        'mediaNotFound',
        'previewTooLarge',
        'notAPreview',
        'previewNotSupported',
        'previewFailed',
        'mediaTrashed',
        'mediaNotUploaded',
        'videoNotReady',
        'conversionUnavailable',
      ],
      ok: { schema: answers.MediaEntrySchema },
    }),
    async (c) => {
      const { userId } = requireConsultant(c);
      const db = c.get('db');
      // Whose item first: a stranger learns nothing from how the body would be judged.
      const item = await ownLiveItem(db, userId, c.req.param('id'));
      await setPreview(c.env, db, item, await readPreview(c.req.raw));
      return c.json(await getMediaEntry(db, userId, item.id));
    },
  )
  .route('/', tusApi);
