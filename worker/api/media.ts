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
  .get('/', valid('query', MediaListQuerySchema), async (c) => {
    const { path, sort } = c.req.valid('query');
    return c.json(await listFolder(c.get('db'), requireConsultant(c).userId, path, sort));
  })
  .post('/', valid('json', CreateMediaSchema), async (c) => {
    const entry = await createMedia(c.get('db'), requireConsultant(c).userId, c.req.valid('json'));
    // The answer names where the bytes go; there the browser speaks tus (worker/api/tus.ts).
    return c.json({ ...entry, uploadUrl: uploadUrl(c.req.url, entry.id) }, 201);
  })
  .get('/search', valid('query', MediaSearchQuerySchema), async (c) =>
    c.json(await searchMedia(c.get('db'), requireConsultant(c).userId, c.req.valid('query').q)),
  )
  .post('/duplicate', valid('json', DuplicateMediaSchema), async (c) => {
    const { userId } = requireConsultant(c);
    return c.json(await duplicateMedia(c.env, c.get('db'), userId, c.req.valid('json'), new URL(c.req.url).origin), 201);
  })
  .get('/folders', async (c) => c.json(await listFolders(c.get('db'), requireConsultant(c).userId)))
  .get('/trash', async (c) => c.json(await listTrash(c.get('db'), requireConsultant(c).userId)))
  .post('/folder', valid('json', CreateFolderSchema), async (c) =>
    c.json(await createFolder(c.get('db'), requireConsultant(c).userId, c.req.valid('json')), 201),
  )
  .put('/folder', valid('json', MoveMediaSchema), async (c) => c.json(await moveMedia(c.get('db'), requireConsultant(c).userId, c.req.valid('json'))))
  .put('/convert/:id', valid('json', ConvertMediaSchema), async (c) => {
    const { userId } = requireConsultant(c);
    return c.json(await startConversion(c.env, c.get('db'), userId, c.req.param('id'), c.req.valid('json'), new URL(c.req.url).origin));
  })
  .get('/convert/:id', async (c) => c.json(await pollConversion(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'))))
  .put('/:id', valid('json', RenameMediaSchema), async (c) => {
    return c.json(await renameMedia(c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json').name));
  })
  .delete('/:id', async (c) => {
    await trashMedia(c.get('db'), requireConsultant(c).userId, c.req.param('id'));
    return c.body(null, 204);
  })
  .put('/:id/description', valid('json', DescribeMediaSchema), async (c) =>
    c.json(await describeMedia(c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json').description)),
  )
  .put('/:id/restore', async (c) => c.json(await restoreMedia(c.get('db'), requireConsultant(c).userId, c.req.param('id'))))
  .put('/:id/preview', async (c) => {
    const { userId } = requireConsultant(c);
    const db = c.get('db');
    // Whose item first: a stranger learns nothing from how the body would be judged.
    const item = await ownLiveItem(db, userId, c.req.param('id'));
    await setPreview(c.env, db, item, await readPreview(c.req.raw));
    return c.json(await getMediaEntry(db, userId, item.id));
  })
  .route('/', tusApi);
