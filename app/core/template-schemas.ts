import { z } from './zod';
import type { ErrorCode } from './errors';
import { LIMITS } from './limits';
import { AUTOPLAY } from './applied-template';
import { isMediaMessageType } from './chat-media';
import { MESSAGE_TYPES } from './messages';
import { isTemplatePlaceholder } from './templates';
import { checkCardBody } from './card-schemas';
import { CaptionTextSchema, IdSchema } from './schemas';
import { FolderPathSchema, MediaSearchQuerySchema, TitleSchema } from './library-schemas';

/**
 * The templates' validation (ADR 016): the template library's requests, a template's messages, and
 * a template played into a party (app/core/applied-template.ts). Error codes, never prose, as in
 * schemas.ts.
 */

export const TemplateListQuerySchema = z.object({
  path: FolderPathSchema.default(''),
  sort: z.enum(['date', 'name'], { error: 'invalidInput' }).default('date'),
});

/** POST /templates/create {title}; here with the folder it goes into. */
export const CreateTemplateSchema = z.object({ title: TitleSchema, path: FolderPathSchema.default('') });

/** POST /templates/folder {title, path}. */
export const CreateTemplateFolderSchema = z.object({ title: TitleSchema, path: FolderPathSchema.default('') });

/** PUT /templates/folder {templateId, path}: a template, a folder or one's copy of a shared template. */
export const MoveTemplateSchema = z.object({ templateId: IdSchema, path: FolderPathSchema });

/** PUT /templates/{id} {name}. */
export const RenameTemplateSchema = z.object({ name: TitleSchema });

/** POST /parties/folder {title, path}: a folder of parties, the libraries' shape (ADR 037). */
export const CreatePartyFolderSchema = CreateTemplateFolderSchema;

/** PUT /parties/folder {partyId, path}: a party or a folder of parties. */
export const MovePartySchema = z.object({ partyId: IdSchema, path: FolderPathSchema });

/** PUT /parties/folder/{id} {name}. */
export const RenamePartyFolderSchema = RenameTemplateSchema;

export const TemplateSearchQuerySchema = MediaSearchQuerySchema;

/**
 * POST /templates/{id}/sendMessage. A text or heading with its text; a media message with an item
 * of the owner's library (`mediaId`) and an optional caption; a profile card with the id of one of
 * the owner's profiles as its `message` (as in the chat). `beforeMessageId` is the insert point;
 * absent or null: the end.
 */
/** A template message's text or caption: never the hidden placeholder (app/core/templates.ts), which would vanish from the list. */
const TemplateTextSchema = CaptionTextSchema.refine((text) => !isTemplatePlaceholder(text), { error: 'invalidText' });

export const TemplateMessageSchema = z
  .object({
    messageType: z.enum(MESSAGE_TYPES, { error: 'invalidInput' }).default('text'),
    message: TemplateTextSchema.optional(),
    mediaId: IdSchema.optional(),
    beforeMessageId: IdSchema.nullable().optional(),
  })
  .superRefine((body, context) => {
    const issue = (message: ErrorCode, path: string) => context.addIssue({ code: 'custom', message, path: [path] });
    checkCardBody(body, context);
    if (body.messageType === 'profile') {
      if (!IdSchema.safeParse(body.message).success) issue('invalidInput', 'message');
      else if (body.mediaId !== undefined) issue('invalidInput', 'mediaId');
    } else if (isMediaMessageType(body.messageType)) {
      if (body.mediaId === undefined) issue('invalidInput', 'mediaId');
    } else if (body.mediaId !== undefined) issue('invalidInput', 'mediaId');
    else if (body.message === undefined) issue('invalidInput', 'message');
    else if (body.message === '') issue('messageEmpty', 'message');
  });
export type TemplateMessageInput = z.infer<typeof TemplateMessageSchema>;

/** PUT /templates/{id}/editMessage/{messageId}: the text, or a media message's caption. */
export const EditTemplateMessageSchema = z.object({ message: TemplateTextSchema });

const TemplateMessageIdsSchema = z
  .array(IdSchema, { error: 'invalidInput' })
  .min(1, { error: 'invalidInput' })
  .max(LIMITS.templateMessagesMax, { error: 'invalidInput' });

/** PUT /templates/{id}/deleteMessages {messageIds}. */
export const DeleteTemplateMessagesSchema = z.object({ messageIds: TemplateMessageIdsSchema });

/** PUT /templates/{id}/moveMessage/{messageId} {newNextId}: before that message, or null for the end. */
export const MoveTemplateMessageSchema = z.object({ newNextId: IdSchema.nullable() });

/** PUT /templates/{id}/moveMessages {messageIds, newNextId}. */
export const MoveTemplateMessagesSchema = z.object({ messageIds: TemplateMessageIdsSchema, newNextId: IdSchema.nullable() });

/**
 * A template-to-template copy, POST /templates/{id}/copyMessages: messages of `sourceId` into this
 * template before `beforeMessageId`, or at the end.
 */
export const CopyTemplateMessagesSchema = z.object({
  sourceId: IdSchema,
  messageIds: TemplateMessageIdsSchema,
  beforeMessageId: IdSchema.nullable().optional(),
});

/** POST /templates/{id}/sendFullTemplate: every message of `templateId` into this template before `beforeMessageId`, or at the end. */
export const ImportTemplateSchema = z.object({
  templateId: IdSchema,
  beforeMessageId: IdSchema.nullable().optional(),
});

/**
 * Forward from a template (the editor's forward mode): the selected messages, in the template's
 * order, to the end of one of my parties or of another template of mine. Exactly one target.
 */
export const ForwardTemplateMessagesSchema = z
  .object({ messageIds: TemplateMessageIdsSchema, targetPartyId: IdSchema.optional(), targetTemplateId: IdSchema.optional() })
  .refine((body) => (body.targetPartyId === undefined) !== (body.targetTemplateId === undefined), { error: 'invalidInput' });

/** POST /templates/share/{token}: the folder of mine it goes into. */
export const AcceptShareSchema = z.object({ path: FolderPathSchema.default('') });

/** PUT /templates/folderShare {shareToken, path}: the specification's move of a copy, named by its share link's token. */
export const FolderShareSchema = z.object({
  shareToken: z.string({ error: 'shareLinkInvalid' }).max(200, { error: 'shareLinkInvalid' }),
  path: FolderPathSchema,
});

// ---- a template played into a party (app/core/applied-template.ts) ----

/**
 * POST /parties/{id}/template {templateId}. `mode` answers the overwrite choice when the same
 * template is already applied: restart or continue.
 */
export const ApplyTemplateSchema = z.object({ templateId: IdSchema, mode: z.enum(['restart', 'continue'], { error: 'invalidInput' }).optional() });

/** POST /parties/{id}/sendFullTemplate {templateId}. */
export const SendFullTemplateSchema = z.object({ templateId: IdSchema });

/** PUT /parties/{id}/template: one change of the applied template (app/core/applied-template.ts). */
export const AppliedActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('move'), position: z.number({ error: 'invalidInput' }).int({ error: 'invalidInput' }).min(0, { error: 'invalidInput' }) }),
    z.object({ action: z.literal('hide'), messageId: IdSchema }),
    z.object({ action: z.literal('edit'), messageId: IdSchema, message: CaptionTextSchema }),
    z.object({ action: z.literal('open'), open: z.boolean({ error: 'invalidInput' }) }),
    z.object({ action: z.literal('send'), messageId: IdSchema }),
    z.object({
      action: z.literal('autoplay'),
      delayMs: z
        .number({ error: 'invalidInput' })
        .int({ error: 'invalidInput' })
        .min(AUTOPLAY.minDelayMs, { error: 'invalidInput' })
        .max(AUTOPLAY.maxDelayMs, { error: 'invalidInput' }),
      /** A scheduled start (epoch ms); the room checks it against its clock and the party's end. */
      startAt: z.number({ error: 'invalidDate' }).int({ error: 'invalidDate' }).positive({ error: 'invalidDate' }).optional(),
    }),
    z.object({ action: z.literal('pause') }),
    z.object({ action: z.literal('stop') }),
  ],
  { error: 'invalidInput' },
);
