import { z } from './zod';
import { MEDIA_KINDS } from './media';
import { MESSAGE_TYPES } from './messages';

/**
 * What the API's answer schemas (answer-schemas.ts, answer-schemas-library.ts; ADR 056) share: how a
 * schema is named as a component of the document, the time stamps, and the shapes both files use.
 */

export const named = <T extends z.ZodType>(id: string, schema: T, description?: string): T => schema.meta({ id, ...(description ? { description } : {}) });

export const epochMs = z.number().describe('Epoch milliseconds');

export const MessageTypeSchema = named('MessageType', z.enum(MESSAGE_TYPES));

const MediaKindSchema = z.enum(MEDIA_KINDS);

/** app/core/chat-media.ts `MessageMedia`: the file a media message carries. */
export const MessageMediaSchema = named(
  'MessageMedia',
  z.object({
    mediaAttachment: z.string(),
    mediaAttachmentType: MediaKindSchema,
    mediaExtension: z.string().nullable(),
    mediaAttachmentOwner: z.string(),
    contentType: z.string(),
    mediaTitle: z.string().optional(),
  }),
);
