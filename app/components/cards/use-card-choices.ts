import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { CardTally } from '~/core/cards';
import { sameChoice } from '~/core/cards';
import type { ClientEvent } from '~/core/protocol';

/**
 * The reader's choices on cards (ADR 044). Each choice is the whole intended state, kept until the
 * room's tally confirms it and sent again after every (re)join while it is not: a choice made just
 * as the connection dropped is not lost, and a resend changes nothing in the room.
 */
export function useCardChoices(
  cards: Record<string, CardTally>,
  ready: boolean,
  refused: unknown,
  sendFrame: (event: Extract<ClientEvent, { type: 'cardChoice' | 'closePoll' }>) => boolean,
) {
  const intents = useRef(new Map<string, number[]>());

  // A refusal (the poll closed, the party ended) is shown; sending the choice again would not help.
  useEffect(() => {
    if (refused) intents.current.clear();
  }, [refused]);

  useEffect(() => {
    for (const [messageId, options] of intents.current) if (sameChoice(cards[messageId]?.mine, options)) intents.current.delete(messageId);
  }, [cards]);

  useEffect(() => {
    if (!ready) return;
    for (const [messageId, options] of intents.current) sendFrame({ type: 'cardChoice', messageId, options });
  }, [ready, sendFrame]);

  const choose = useCallback(
    (messageId: string, options: number[]) => {
      intents.current.set(messageId, options);
      sendFrame({ type: 'cardChoice', messageId, options });
    },
    [sendFrame],
  );
  const closePoll = useCallback((messageId: string) => sendFrame({ type: 'closePoll', messageId }), [sendFrame]);
  return useMemo(() => ({ choose, closePoll }), [choose, closePoll]);
}
