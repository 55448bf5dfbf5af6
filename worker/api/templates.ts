import { Hono } from 'hono';
import {
  AcceptShareSchema,
  CopyTemplateMessagesSchema,
  CreateTemplateFolderSchema,
  CreateTemplateSchema,
  DeleteTemplateMessagesSchema,
  EditTemplateMessageSchema,
  FolderShareSchema,
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
  copyByShareToken,
  copyTemplateMessages,
  createTemplate,
  createTemplateFolder,
  deleteTemplatePermanently,
  deleteTemplateMessages,
  editTemplateMessage,
  forwardTemplateMessages,
  getTemplate,
  importTemplate,
  listSharedTemplates,
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
  sharedCopy,
  trashTemplate,
} from '../services/templates';
import type { ApiEnv } from './context';
import { requireConsultant, valid } from './context';
import * as answers from '../../app/core/answer-schemas';
import { z } from '../../app/core/zod';
import { doc } from './openapi';

/**
 * Message templates, on the paths the companion app calls too (ADR 021). One call lists a folder
 * with the templates shared with me beside my own, one the trash with my trashed copies; DELETE and
 * restore act on a copy for its recipient. The share preview is public (the add-template page shows
 * title and sharer before sign-in); everything else needs a consultant, checked before the input,
 * and the service decides owner, recipient or stranger. Literal paths before `/:id`. The
 * specification's own share calls (`shares`, `shareTrash`, `folderShare`, `trashShare`,
 * `restoreShare`) and `/:id/apply` answer too, each by the service its Salon call uses (ADR 056).
 */
export const templatesApi = new Hono<ApiEnv>()
  .get(
    '/share/:token',
    doc({ summary: "A share link's preview (title and sharer)", caller: 'public', errors: ['shareLinkInvalid'], ok: { schema: answers.SharePreviewSchema } }),
    async (c) => c.json(await previewShare(c.get('db'), c.req.param('token'))),
  )
  .use(async (c, next) => {
    requireConsultant(c);
    await next();
  })
  .get(
    '/',
    doc({
      summary: 'A folder of the template library: folders, own templates and those shared with me',
      caller: 'consultant',
      errors: ['folderNotFound'],
      ok: { schema: answers.TemplateListingSchema },
    }),
    valid('query', TemplateListQuerySchema),
    async (c) => {
      const { path, sort } = c.req.valid('query');
      return c.json(await listTemplates(c.get('db'), requireConsultant(c).userId, path, sort));
    },
  )
  .get(
    '/search',
    doc({ summary: 'Find templates by title', caller: 'consultant', ok: { schema: z.array(answers.TemplateEntrySchema) } }),
    valid('query', TemplateSearchQuerySchema),
    async (c) => c.json(await searchTemplates(c.get('db'), requireConsultant(c).userId, c.req.valid('query').q)),
  )
  .get(
    '/trash',
    doc({
      summary: 'The template trash: folders, own templates and my trashed copies',
      caller: 'consultant',
      ok: { schema: z.array(answers.TemplateEntrySchema) },
    }),
    async (c) => c.json(await listTemplateTrash(c.get('db'), requireConsultant(c).userId)),
  )
  .get(
    '/shares',
    doc({
      summary: 'The templates others shared with me',
      caller: 'consultant',
      aliasOf: 'GET /api/templates (the entries with sharedBy)',
      ok: { schema: z.array(answers.TemplateEntrySchema) },
    }),
    async (c) => c.json(await listSharedTemplates(c.get('db'), requireConsultant(c).userId)),
  )
  .get(
    '/shareTrash',
    doc({
      summary: 'My trashed copies of shared templates',
      caller: 'consultant',
      aliasOf: 'GET /api/templates/trash (the entries with sharedBy)',
      ok: { schema: z.array(answers.TemplateEntrySchema) },
    }),
    async (c) => c.json((await listTemplateTrash(c.get('db'), requireConsultant(c).userId)).filter((entry) => entry.sharedBy !== null)),
  )
  .put(
    '/folderShare',
    doc({
      summary: 'Move my copy of a shared template, named by its share token, into a folder',
      caller: 'consultant',
      errors: ['shareLinkInvalid', 'folderNotFound', 'templateTrashed'],
      aliasOf: 'PUT /api/templates/folder {templateId, path}',
      ok: { schema: answers.TemplateEntrySchema },
    }),
    valid('json', FolderShareSchema),
    async (c) => {
      const { userId } = requireConsultant(c);
      const { shareToken, path } = c.req.valid('json');
      const copy = await copyByShareToken(c.get('db'), userId, shareToken);
      return c.json(await moveTemplate(c.get('db'), userId, { templateId: copy.template.id, path }));
    },
  )
  .put(
    '/trashShare/:id',
    doc({
      summary: 'Put my copy of a shared template in the trash',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateTrashed'],
      ok: 204,
      aliasOf: 'DELETE /api/templates/{id} (on a copy)',
    }),
    async (c) => {
      const { userId } = requireConsultant(c);
      const copy = await sharedCopy(c.get('db'), userId, c.req.param('id'));
      await trashTemplate(c.get('db'), userId, copy.template.id);
      return c.body(null, 204);
    },
  )
  .put(
    '/restoreShare/:id',
    doc({
      summary: 'Take my copy of a shared template out of the trash',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateNotTrashed'],
      aliasOf: 'PUT /api/templates/{id}/restore (on a copy)',
      ok: { schema: answers.TemplateEntrySchema },
    }),
    async (c) => {
      const { userId } = requireConsultant(c);
      const copy = await sharedCopy(c.get('db'), userId, c.req.param('id'));
      return c.json(await restoreTemplate(c.get('db'), userId, copy.template.id));
    },
  )
  .get(
    '/folders',
    doc({ summary: 'Every folder of the template library outside the trash', caller: 'consultant', ok: { schema: z.array(answers.LibraryFolderSchema) } }),
    async (c) => c.json(await listTemplateFolders(c.get('db'), requireConsultant(c).userId)),
  )
  .post(
    '/create',
    doc({
      summary: 'Create a template',
      caller: 'consultant',
      errors: ['invalidTitle', 'folderNotFound', 'templateTrashed'],
      ok: { schema: answers.TemplateEntrySchema, status: 201 },
    }),
    valid('json', CreateTemplateSchema),
    async (c) => c.json(await createTemplate(c.get('db'), requireConsultant(c).userId, c.req.valid('json')), 201),
  )
  .post(
    '/folder',
    doc({
      summary: 'Create a template folder',
      caller: 'consultant',
      errors: ['invalidTitle', 'folderNotFound', 'folderTooDeep', 'templateTrashed'],
      ok: { schema: answers.TemplateEntrySchema, status: 201 },
    }),
    valid('json', CreateTemplateFolderSchema),
    async (c) => c.json(await createTemplateFolder(c.get('db'), requireConsultant(c).userId, c.req.valid('json')), 201),
  )
  .put(
    '/folder',
    doc({
      summary: 'Move a template, copy or folder into a folder',
      caller: 'consultant',
      errors: ['templateNotFound', 'folderNotFound', 'moveIntoSelf', 'folderTooDeep', 'templateTrashed'],
      ok: { schema: answers.TemplateEntrySchema },
    }),
    valid('json', MoveTemplateSchema),
    async (c) => c.json(await moveTemplate(c.get('db'), requireConsultant(c).userId, c.req.valid('json'))),
  )
  .post(
    '/share/:token',
    doc({
      summary: 'Add a shared template to my library',
      caller: 'consultant',
      errors: ['shareLinkInvalid', 'ownTemplate', 'folderNotFound', 'templateTrashed'],
      ok: { schema: answers.TemplateEntrySchema, status: 201 },
    }),
    valid('json', AcceptShareSchema),
    async (c) => {
      const { userId } = requireConsultant(c);
      return c.json(await acceptShare(c.get('db'), userId, c.req.param('token'), c.req.valid('json').path), 201);
    },
  )
  .get(
    '/:id',
    doc({
      summary: 'A template with its messages',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateTrashed'],
      ok: { schema: answers.TemplateDetailSchema },
    }),
    async (c) => c.json(await getTemplate(c.get('db'), requireConsultant(c).userId, c.req.param('id'))),
  )
  .get(
    '/:id/apply',
    doc({
      summary: 'A template as a party plays it: its messages',
      description: 'Applying it to a party is POST /api/parties/{id}/template {templateId}.',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateTrashed'],
      aliasOf: 'GET /api/templates/{id}',
      ok: { schema: answers.TemplateDetailSchema },
    }),
    async (c) => c.json(await getTemplate(c.get('db'), requireConsultant(c).userId, c.req.param('id'))),
  )
  .put(
    '/:id',
    doc({
      summary: 'Rename a template or folder',
      caller: 'consultant',
      errors: ['invalidTitle', 'templateNotFound', 'templateReadOnly', 'templateTrashed'],
      ok: { schema: answers.TemplateEntrySchema },
    }),
    valid('json', RenameTemplateSchema),
    async (c) => c.json(await renameTemplate(c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json').name)),
  )
  .delete(
    '/:id',
    doc({ summary: 'Put a template, folder or my copy in the trash', caller: 'consultant', errors: ['templateNotFound', 'templateTrashed'], ok: 204 }),
    async (c) => {
      await trashTemplate(c.get('db'), requireConsultant(c).userId, c.req.param('id'));
      return c.body(null, 204);
    },
  )
  .delete(
    '/:id/permanently',
    doc({
      summary: 'Delete a trashed template or folder for good',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateNotTrashed', 'templateReadOnly', 'forbidden'],
      ok: 204,
    }),
    async (c) => {
      await deleteTemplatePermanently(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'));
      return c.body(null, 204);
    },
  )
  .put(
    '/:id/restore',
    doc({
      summary: 'Take a template, folder or my copy out of the trash',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateNotTrashed'],
      ok: { schema: answers.TemplateEntrySchema },
    }),
    async (c) => c.json(await restoreTemplate(c.get('db'), requireConsultant(c).userId, c.req.param('id'))),
  )
  .post(
    '/:id/sendMessage',
    doc({
      summary: 'Add a message to a template',
      description:
        'A photo, video, voice note or PDF is sent in two steps: POST /api/media {title, contentType, mediaExtension, size} makes the library item and answers its tus `uploadUrl`; send the bytes there, then this call with `messageType` and `mediaId` (the specification returned the upload address from this call; ADR 056). `beforeMessageId` places it before that message (null or absent: at the end).',
      caller: 'consultant',
      errors: [
        'templateNotFound',
        'templateReadOnly',
        'templateTrashed',
        'templateFull',
        'messageEmpty',
        'messageTooLong',
        'messageNotFound',
        'mediaNotFound',
        'mediaTrashed',
        'mediaNotReady',
        'mediaTypeMismatch',
        'profileNotFound',
        'invalidCard',
        'invalidPrice',
        'invalidShopLink',
        'pollOptions',
      ],
      ok: { schema: answers.TemplateMessageSchema, status: 201 },
    }),
    valid('json', TemplateMessageSchema),
    async (c) => {
      const { userId } = requireConsultant(c);
      return c.json(await addTemplateMessage(c.get('db'), userId, c.req.param('id'), c.req.valid('json')), 201);
    },
  )
  .put(
    '/:id/editMessage/:messageId',
    doc({
      summary: "Edit a template message's text or caption",
      caller: 'consultant',
      errors: ['templateNotFound', 'templateReadOnly', 'templateTrashed', 'messageNotFound', 'messageEmpty', 'messageTooLong', 'forbidden'],
      ok: { schema: answers.TemplateMessageSchema },
    }),
    valid('json', EditTemplateMessageSchema),
    async (c) => {
      const { userId } = requireConsultant(c);
      return c.json(await editTemplateMessage(c.get('db'), userId, c.req.param('id'), c.req.param('messageId'), c.req.valid('json').message));
    },
  )
  .delete(
    '/:id/deleteMessage/:messageId',
    doc({
      summary: 'Delete a template message',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateReadOnly', 'templateTrashed', 'messageNotFound'],
      ok: 204,
    }),
    async (c) => {
      await deleteTemplateMessages(c.get('db'), requireConsultant(c).userId, c.req.param('id'), [c.req.param('messageId')]);
      return c.body(null, 204);
    },
  )
  .put(
    '/:id/deleteMessages',
    doc({
      summary: 'Delete several template messages',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateReadOnly', 'templateTrashed', 'messageNotFound'],
      ok: 204,
    }),
    valid('json', DeleteTemplateMessagesSchema),
    async (c) => {
      await deleteTemplateMessages(c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json').messageIds);
      return c.body(null, 204);
    },
  )
  .put(
    '/:id/moveMessage/:messageId',
    doc({
      summary: 'Move a template message before another (null: to the end)',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateReadOnly', 'templateTrashed', 'messageNotFound'],
      ok: { schema: z.array(answers.TemplateMessageSchema) },
    }),
    valid('json', MoveTemplateMessageSchema),
    async (c) => {
      const { userId } = requireConsultant(c);
      return c.json(await moveTemplateMessages(c.get('db'), userId, c.req.param('id'), [c.req.param('messageId')], c.req.valid('json').newNextId));
    },
  )
  .put(
    '/:id/moveMessages',
    doc({
      summary: 'Move several template messages',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateReadOnly', 'templateTrashed', 'messageNotFound'],
      ok: { schema: z.array(answers.TemplateMessageSchema) },
    }),
    valid('json', MoveTemplateMessagesSchema),
    async (c) => {
      const { userId } = requireConsultant(c);
      const { messageIds, newNextId } = c.req.valid('json');
      return c.json(await moveTemplateMessages(c.get('db'), userId, c.req.param('id'), messageIds, newNextId));
    },
  )
  .post(
    '/:id/copyMessages',
    doc({
      summary: 'Copy messages of another template into this one',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateReadOnly', 'templateTrashed', 'templateFull', 'messageNotFound', 'forbidden'],
      ok: { schema: z.array(answers.TemplateMessageSchema), status: 201 },
    }),
    valid('json', CopyTemplateMessagesSchema),
    async (c) => {
      const { userId } = requireConsultant(c);
      return c.json(await copyTemplateMessages(c.get('db'), userId, c.req.param('id'), c.req.valid('json')), 201);
    },
  )
  .post(
    '/:id/sendFullTemplate',
    doc({
      summary: 'Copy a whole template into this one',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateReadOnly', 'templateTrashed', 'templateFull', 'templateEmpty', 'messageNotFound'],
      ok: { schema: z.array(answers.TemplateMessageSchema), status: 201 },
    }),
    valid('json', ImportTemplateSchema),
    async (c) => {
      const { userId } = requireConsultant(c);
      return c.json(await importTemplate(c.get('db'), userId, c.req.param('id'), c.req.valid('json')), 201);
    },
  )
  .post(
    '/:id/forward',
    doc({
      summary: 'Forward template messages into parties',
      caller: 'consultant',
      errors: ['templateNotFound', 'messageNotFound', 'partyNotFound', 'forbidden', 'partyExpired', 'templateReadOnly', 'mediaTrashed'],
      ok: { schema: answers.ForwardedSchema },
    }),
    valid('json', ForwardTemplateMessagesSchema),
    async (c) => {
      const { userId } = requireConsultant(c);
      return c.json(await forwardTemplateMessages(c.env, c.get('db'), userId, c.req.param('id'), c.req.valid('json')));
    },
  )
  .put(
    '/:id/share',
    doc({
      summary: "The template's share link (made once)",
      caller: 'consultant',
      errors: ['templateNotFound', 'templateReadOnly', 'templateTrashed'],
      ok: { schema: z.object({ shareToken: z.string() }) },
    }),
    async (c) => c.json(await shareTemplate(c.get('db'), requireConsultant(c).userId, c.req.param('id'))),
  )
  .put(
    '/:id/revokeShare',
    doc({
      summary: 'Stop sharing: the link stops working and every copy goes',
      caller: 'consultant',
      errors: ['templateNotFound', 'templateReadOnly', 'templateTrashed'],
      ok: 204,
    }),
    async (c) => {
      await revokeShare(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'));
      return c.body(null, 204);
    },
  );
