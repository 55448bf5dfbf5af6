import { z } from './zod';
import { CONVERSION_STATUSES, MEDIA_KINDS, MEDIA_STATES } from './media';
import { MessageMediaSchema, MessageTypeSchema, epochMs, named } from './answer-schema-parts';

/** The API's answers of the media library and the templates, as schemas (ADR 056; answer-schemas.ts says how they are used). */

// The media library.

/** app/core/media-entry.ts `MediaEntry`: an item or a folder of the library. */
export const MediaEntrySchema = named(
  'MediaEntry',
  z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    mediaType: z.enum([...MEDIA_KINDS, 'folder']),
    contentType: z.string().nullable(),
    mediaExtension: z.string().nullable(),
    size: z.number().nullable(),
    state: z.enum(MEDIA_STATES).nullable(),
    path: z.string(),
    createdAt: epochMs,
    updatedAt: epochMs,
    trashedAt: epochMs.nullable(),
    deletesAt: epochMs.nullable(),
    hasPreview: z.boolean(),
  }),
);

/** `MediaListing`: one folder of the library. */
export const MediaListingSchema = named('MediaListing', z.object({ path: z.string(), entries: z.array(MediaEntrySchema) }));

/** POST /media: the item made, and where its bytes go by tus. */
export const NewMediaSchema = z.object({ ...MediaEntrySchema.shape, uploadUrl: z.string() });

/** `Conversion`: a video's conversion. */
export const ConversionSchema = named(
  'Conversion',
  z.object({
    id: z.string(),
    conversionStatus: z.enum(CONVERSION_STATUSES),
    progress: z.number().min(0).max(100),
    hls: z.string().nullable(),
    poster: z.string().nullable(),
    duration: z.number().nullable(),
    isPortrait: z.boolean().nullable(),
    noAudio: z.boolean().nullable(),
  }),
);

// Templates.

/** app/core/templates.ts `TemplateEntry`. */
export const TemplateEntrySchema = named(
  'TemplateEntry',
  z.object({
    id: z.string(),
    title: z.string(),
    isFolder: z.boolean(),
    path: z.string(),
    created: epochMs,
    lastEdited: epochMs,
    lastApplied: epochMs.nullable(),
    trashedAt: epochMs.nullable(),
    deletesAt: epochMs.nullable(),
    sharedBy: z.string().nullable(),
    sharedWith: z.int().min(0),
    shareToken: z.string().nullable(),
    usesRank: z.boolean(),
  }),
);

/** `TemplateListing`. */
export const TemplateListingSchema = named('TemplateListing', z.object({ path: z.string(), entries: z.array(TemplateEntrySchema) }));

/** `TemplateMessage`. */
export const TemplateMessageSchema = named(
  'TemplateMessage',
  z.object({
    id: z.string(),
    templateId: z.string(),
    rank: z.string(),
    messageType: MessageTypeSchema,
    message: z.string(),
    mediaId: z.string().nullable(),
    mediaState: z.enum(MEDIA_STATES).optional(),
    hasPreview: z.boolean().optional(),
    mediaTrashed: z.boolean().optional(),
    created: epochMs,
    lastEdited: epochMs,
    ...MessageMediaSchema.partial().shape,
  }),
);

/** `TemplateDetail`: a template with its messages. */
export const TemplateDetailSchema = named(
  'TemplateDetail',
  z.object({ ...TemplateEntrySchema.shape, role: z.enum(['owner', 'recipient']), messages: z.array(TemplateMessageSchema) }),
);

/** `SharePreview`. */
export const SharePreviewSchema = z.object({ title: z.string(), sharedBy: z.string() });
