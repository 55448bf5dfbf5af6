import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RaffleDraw } from '~/core/raffle';

const AMONG = { joined: 'raffle.amongJoined', poll: 'raffle.amongPoll', product: 'raffle.amongProduct' } as const;

/** The draw in words: who won, and among how many of which group (ADR 045). */
export function raffleWords(t: TFunction, draw: RaffleDraw): { won: string; among: string } {
  return { won: t('raffle.won', { name: draw.winnerName }), among: t(AMONG[draw.pool], { count: draw.entrants }) };
}

/** A draw's notice in the chat, for everyone: the winner's name, and the pool it was drawn from. */
export function RaffleNotice({ id, seq, draw, time }: { id: string; seq: number; draw: RaffleDraw; time: string }) {
  const { t } = useTranslation();
  const words = raffleWords(t, draw);
  return (
    <div id={`message-${id}`} data-testid="raffle-notice" data-seq={seq} className="flex justify-center px-2 py-2">
      <div className="max-w-md rounded-2xl bg-amber-50 px-4 py-2 text-center ring-1 ring-amber-300">
        <p className="font-semibold text-amber-950">
          <span aria-hidden="true">🎉 </span>
          {words.won}
        </p>
        <p className="text-xs text-amber-900">
          {words.among} · {time}
        </p>
      </div>
    </div>
  );
}
