import { z } from './zod';
import { LIMITS } from './limits';
import { IdSchema, PasswordSchema } from './schemas';

/**
 * The requests of `/api/import/*` (app/core/import.ts names the answers). Apart from the dialog's
 * bundle, which sends what the user typed and needs no zod. The older system's ids are its own:
 * short and plain, since they go into the path of a request to it.
 */

/** An id of the older system: letters, digits, `-` and `_`, nothing that could change a path. */
export const OlderIdSchema = z
  .string({ error: 'invalidInput' })
  .min(1, { error: 'invalidInput' })
  .max(100, { error: 'invalidInput' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'invalidInput' });

/** The dialog requires both; whether they are right is the older system's answer. */
export const ImportSignInSchema = z.object(
  {
    email: z.string({ error: 'invalidInput' }).trim().min(1, { error: 'invalidInput' }).max(LIMITS.emailMax, { error: 'invalidInput' }),
    password: PasswordSchema.min(1, { error: 'invalidInput' }),
  },
  { error: 'invalidInput' },
);

export const ImportRunSchema = z.object({ importId: IdSchema }, { error: 'invalidInput' });
export const ImportFileSchema = z.object({ importId: IdSchema, file: OlderIdSchema }, { error: 'invalidInput' });
export const ImportMediaSchema = z.object({ importId: IdSchema, mediaId: OlderIdSchema }, { error: 'invalidInput' });
export const ImportMessageSchema = z.object({ importId: IdSchema, id: OlderIdSchema, partyId: OlderIdSchema }, { error: 'invalidInput' });
export const ImportPartySchema = z.object({ importId: IdSchema, partyId: OlderIdSchema }, { error: 'invalidInput' });
