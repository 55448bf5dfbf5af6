import { z } from './zod';
import { RAFFLE_POOLS } from './raffle';

/**
 * The manager's draw frame (ADR 045). `drawId` is chosen by her page, so a frame sent again after a
 * reconnect finds the draw already made instead of drawing twice. A poll or product pool names its
 * card; the joined pool names none.
 */
export const DrawRaffleEventSchema = z
  .object({
    type: z.literal('drawRaffle'),
    drawId: z.uuid({ error: 'invalidInput' }),
    pool: z.enum(RAFFLE_POOLS, { error: 'invalidInput' }),
    cardId: z.uuid({ error: 'invalidInput' }).nullable(),
    /** Leave out those who won an earlier draw of this party. */
    excludeWinners: z.boolean({ error: 'invalidInput' }),
  })
  .refine((event) => (event.pool === 'joined') === (event.cardId === null), { error: 'invalidInput' });
export type DrawRaffleEvent = z.infer<typeof DrawRaffleEventSchema>;
