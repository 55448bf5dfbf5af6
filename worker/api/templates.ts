import { Hono } from 'hono';
import {
  AcceptShareSchema,
  CopyTemplateMessagesSchema,
  CreateTemplateFolderSchema,
  CreateTemplateSchema,
  DeleteTemplateMessagesSchema,
  EditTemplateMessageSchema,
  ImportTemplateSchema,
  ForwardTemplateMessagesSchema,
  MoveTemplateMessageSchema,
  MoveTemplateMessagesSchema,
  MoveTemplateSchema,
  RenameTemplateSchema,
  TemplateListQuerySchema,
  TemplateMessageSchema,
  TemplateSearchQuerySchema,
} from '../../app/core/template-schemas';
import {
  acceptShare,
  addTemplateMessage,
  copyTemplateMessages,
  createTemplate,
  createTemplateFolder,
  deleteTemplatePermanently,
  deleteTemplateMessages,
  editTemplateMessage,
  forwardTemplateMessages,
  getTemplate,
  importTemplate,
  listTemplateFolders,
  listTemplateTrash,
  listTemplates,
  moveTemplate,
  moveTemplateMessages,
  previewShare,
  renameTemplate,
  restoreTemplate,
  revokeShare,
  searchTemplates,
  shareTemplate,
  trashTemplate,
} from '../services/templates';
import type { ApiEnv } from './context';
import { requireConsultant, valid } from './context';

/**
 * Message templates, on the paths the companion app calls too (ADR 021). One call lists a folder
 * with the templates shared with me beside my own, one the trash with my trashed copies; DELETE and
 * restore act on a copy for its recipient. The share preview is public (the add-template page shows
 * title and sharer before sign-in); everything else needs a consultant, checked before the input,
 * and the service decides owner, recipient or stranger. Literal paths before `/:id`.
 */
export const templatesApi = new Hono<ApiEnv>()
  .get('/share/:token', async (c) => c.json(await previewShare(c.get('db'), c.req.param('token'))))
  .use(async (c, next) => {
    requireConsultant(c);
    await next();
  })
  .get('/', valid('query', TemplateListQuerySchema), async (c) => {
    const { path, sort } = c.req.valid('query');
    return c.json(await listTemplates(c.get('db'), requireConsultant(c).userId, path, sort));
  })
  .get('/search', valid('query', TemplateSearchQuerySchema), async (c) =>
    c.json(await searchTemplates(c.get('db'), requireConsultant(c).userId, c.req.valid('query').q)),
  )
  .get('/trash', async (c) => c.json(await listTemplateTrash(c.get('db'), requireConsultant(c).userId)))
  .get('/folders', async (c) => c.json(await listTemplateFolders(c.get('db'), requireConsultant(c).userId)))
  .post('/create', valid('json', CreateTemplateSchema), async (c) =>
    c.json(await createTemplate(c.get('db'), requireConsultant(c).userId, c.req.valid('json')), 201),
  )
  .post('/folder', valid('json', CreateTemplateFolderSchema), async (c) =>
    c.json(await createTemplateFolder(c.get('db'), requireConsultant(c).userId, c.req.valid('json')), 201),
  )
  .put('/folder', valid('json', MoveTemplateSchema), async (c) => c.json(await moveTemplate(c.get('db'), requireConsultant(c).userId, c.req.valid('json'))))
  .post('/share/:token', valid('json', AcceptShareSchema), async (c) => {
    const { userId } = requireConsultant(c);
    return c.json(await acceptShare(c.get('db'), userId, c.req.param('token'), c.req.valid('json').path), 201);
  })
  .get('/:id', async (c) => c.json(await getTemplate(c.get('db'), requireConsultant(c).userId, c.req.param('id'))))
  .put('/:id', valid('json', RenameTemplateSchema), async (c) =>
    c.json(await renameTemplate(c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json').name)),
  )
  .delete('/:id', async (c) => {
    await trashTemplate(c.get('db'), requireConsultant(c).userId, c.req.param('id'));
    return c.body(null, 204);
  })
  .delete('/:id/permanently', async (c) => {
    await deleteTemplatePermanently(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'));
    return c.body(null, 204);
  })
  .put('/:id/restore', async (c) => c.json(await restoreTemplate(c.get('db'), requireConsultant(c).userId, c.req.param('id'))))
  .post('/:id/sendMessage', valid('json', TemplateMessageSchema), async (c) => {
    const { userId } = requireConsultant(c);
    return c.json(await addTemplateMessage(c.get('db'), userId, c.req.param('id'), c.req.valid('json')), 201);
  })
  .put('/:id/editMessage/:messageId', valid('json', EditTemplateMessageSchema), async (c) => {
    const { userId } = requireConsultant(c);
    return c.json(await editTemplateMessage(c.get('db'), userId, c.req.param('id'), c.req.param('messageId'), c.req.valid('json').message));
  })
  .delete('/:id/deleteMessage/:messageId', async (c) => {
    await deleteTemplateMessages(c.get('db'), requireConsultant(c).userId, c.req.param('id'), [c.req.param('messageId')]);
    return c.body(null, 204);
  })
  .put('/:id/deleteMessages', valid('json', DeleteTemplateMessagesSchema), async (c) => {
    await deleteTemplateMessages(c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json').messageIds);
    return c.body(null, 204);
  })
  .put('/:id/moveMessage/:messageId', valid('json', MoveTemplateMessageSchema), async (c) => {
    const { userId } = requireConsultant(c);
    return c.json(await moveTemplateMessages(c.get('db'), userId, c.req.param('id'), [c.req.param('messageId')], c.req.valid('json').newNextId));
  })
  .put('/:id/moveMessages', valid('json', MoveTemplateMessagesSchema), async (c) => {
    const { userId } = requireConsultant(c);
    const { messageIds, newNextId } = c.req.valid('json');
    return c.json(await moveTemplateMessages(c.get('db'), userId, c.req.param('id'), messageIds, newNextId));
  })
  .post('/:id/copyMessages', valid('json', CopyTemplateMessagesSchema), async (c) => {
    const { userId } = requireConsultant(c);
    return c.json(await copyTemplateMessages(c.get('db'), userId, c.req.param('id'), c.req.valid('json')), 201);
  })
  .post('/:id/sendFullTemplate', valid('json', ImportTemplateSchema), async (c) => {
    const { userId } = requireConsultant(c);
    return c.json(await importTemplate(c.get('db'), userId, c.req.param('id'), c.req.valid('json')), 201);
  })
  .post('/:id/forward', valid('json', ForwardTemplateMessagesSchema), async (c) => {
    const { userId } = requireConsultant(c);
    return c.json(await forwardTemplateMessages(c.env, c.get('db'), userId, c.req.param('id'), c.req.valid('json')));
  })
  .put('/:id/share', async (c) => c.json(await shareTemplate(c.get('db'), requireConsultant(c).userId, c.req.param('id'))))
  .put('/:id/revokeShare', async (c) => {
    await revokeShare(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'));
    return c.body(null, 204);
  });
