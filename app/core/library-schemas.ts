import { z } from './zod';
import { LIMITS } from './limits';
import { MEDIA_KINDS, acceptedKind, declaresKind } from './media';
import { hasVisibleText, isCleanName } from './text';
import { CaptionTextSchema, IdSchema } from './schemas';

/**
 * The folder libraries' validation (ADR 028): titles and folder paths, which the media library, the
 * templates and the parties' folders share, and the media library's requests. Error codes, never
 * prose, as in schemas.ts.
 */

/** A media title, template name or folder name: required, one line, clean, at most `mediaTitleMax` characters. */
export const TitleSchema = z
  .string({ error: 'invalidTitle' })
  .trim()
  .refine((title) => [...title].length <= LIMITS.mediaTitleMax, { error: 'invalidTitle' })
  .refine(isCleanName, { error: 'invalidText' })
  .refine(hasVisibleText, { error: 'invalidTitle' });

/** A place in the media library or the templates: folder ids from the root joined by '/', empty for the root. */
export const FolderPathSchema = z
  .string({ error: 'invalidInput' })
  .refine((path) => path === '' || path.split('/').every((id) => IdSchema.safeParse(id).success), { error: 'invalidInput' })
  .refine((path) => path === '' || path.split('/').length <= LIMITS.folderDepthMax, { error: 'invalidInput' });

/**
 * POST /media. The file's bytes come afterwards; its kind follows from the content type (a declared
 * `mediaType` must agree).
 */
export const CreateMediaSchema = z
  .object({
    title: TitleSchema,
    path: FolderPathSchema.default(''),
    contentType: z
      .string({ error: 'mediaTypeNotAccepted' })
      .max(120, { error: 'mediaTypeNotAccepted' })
      .transform((type) => type.trim().toLowerCase())
      .refine((type) => acceptedKind(type) !== null, { error: 'mediaTypeNotAccepted' }),
    mediaType: z.string({ error: 'invalidInput' }).max(20, { error: 'invalidInput' }).optional(),
    mediaExtension: z
      .string({ error: 'invalidInput' })
      .regex(/^[A-Za-z0-9]{1,10}$/, { error: 'invalidInput' })
      .transform((extension) => extension.toLowerCase())
      .nullable()
      .optional(),
    size: z
      .number({ error: 'invalidInput' })
      .int({ error: 'invalidInput' })
      .min(0, { error: 'invalidInput' })
      .max(LIMITS.mediaBytesMax, { error: 'fileTooLarge' }),
  })
  .refine((input) => input.mediaType === undefined || declaresKind(input.mediaType, acceptedKind(input.contentType)!), { error: 'invalidInput' });
export type CreateMedia = z.infer<typeof CreateMediaSchema>;

/**
 * POST /media/duplicate {origin, type, saveInLibrary, path, title}: a file shown in a chat (its
 * id, `origin`) copied into the library's folder at `path`. `type` names the kind the client saw,
 * and the server refuses a copy of any other kind; a copy outside the library is not offered
 * (ADR 039), so `saveInLibrary` is always true.
 */
export const DuplicateMediaSchema = z.object({
  origin: IdSchema,
  type: z.enum(MEDIA_KINDS, { error: 'invalidInput' }),
  saveInLibrary: z.literal(true, { error: 'invalidInput' }),
  path: FolderPathSchema.default(''),
  title: TitleSchema,
});
export type DuplicateMedia = z.infer<typeof DuplicateMediaSchema>;

/** POST /media/folder {title, mediaType, path}. */
export const CreateFolderSchema = z.object({
  title: TitleSchema,
  path: FolderPathSchema.default(''),
  mediaType: z.literal('folder', { error: 'invalidInput' }).optional(),
});

/** PUT /media/folder {mediaId, path}: moves an item or a folder there. */
export const MoveMediaSchema = z.object({ mediaId: IdSchema, path: FolderPathSchema });

/** PUT /media/convert/{id} {isPortrait, noAudio}: the client's analysis of the video. */
export const ConvertMediaSchema = z.object({
  isPortrait: z.boolean({ error: 'invalidInput' }),
  noAudio: z.boolean({ error: 'invalidInput' }),
});

/** PUT /media/{id} {name}. */
export const RenameMediaSchema = z.object({ name: TitleSchema });

/** PUT /media/{id}/description {description}: a caption's rule (ADR 039); empty removes it. */
export const DescribeMediaSchema = z.object({ description: CaptionTextSchema });

export const MediaListQuerySchema = z.object({
  path: FolderPathSchema.default(''),
  sort: z.enum(['date', 'name'], { error: 'invalidInput' }).default('date'),
});

export const MediaSearchQuerySchema = z.object({
  q: z
    .string({ error: 'invalidInput' })
    .max(LIMITS.mediaSearchMax, { error: 'invalidInput' })
    .refine((query) => query.trim().length > 0, { error: 'invalidInput' }),
});
