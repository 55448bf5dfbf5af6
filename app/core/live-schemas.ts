import { z } from './zod';
import { CaptionTextSchema } from './schemas';

/** The live video's frame and request bodies (app/core/live.ts, ADR 060): apart, so a page that reads the live state loads no schema. */

/** A member's page says whether it plays the show (the number watching). */
export const WatchLiveEventSchema = z.object({ type: z.literal('watchLive'), watching: z.boolean({ error: 'invalidInput' }) });
export type WatchLiveEvent = z.infer<typeof WatchLiveEventSchema>;

/** POST /api/parties/{id}/live: starts the show. */
export const StartLiveSchema = z.object({}).strict();

/**
 * DELETE /api/parties/{id}/live: stops it. `caption` is the replay message's text, in the words of
 * whoever stops it (her page offers "Replay of the live show" in her language); empty for none.
 */
export const StopLiveSchema = z.object({ caption: CaptionTextSchema.optional() }).strict();

/** PUT /api/parties/{id}/live/hosts: the manager lets the host go live, or not. */
export const LiveHostsSchema = z.object({ allowed: z.boolean({ error: 'invalidInput' }) }).strict();
