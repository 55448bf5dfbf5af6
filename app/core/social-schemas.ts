import { z } from './zod';
import { CHAT_SEARCH, REACTIONS } from './social';

/** The frames of reactions and the pin, and the search's query (app/core/social.ts, ADR 043). */

/**
 * A reaction frame carries the state the member wants (`on`), not a toggle: sent again after a
 * reconnect it changes nothing, where a toggle would flip twice.
 */
export const ReactShape = {
  type: z.literal('react'),
  messageId: z.uuid({ error: 'invalidInput' }),
  emoji: z.enum(REACTIONS, { error: 'invalidInput' }),
  on: z.boolean({ error: 'invalidInput' }),
};

/** Pins a message (replacing the pinned one), or with null unpins. */
export const PinShape = {
  type: z.literal('pin'),
  messageId: z.uuid({ error: 'invalidInput' }).nullable(),
};

export const ChatSearchQuerySchema = z.object({
  q: z.string({ error: 'invalidInput' }).max(CHAT_SEARCH.queryMax, { error: 'invalidInput' }),
});
