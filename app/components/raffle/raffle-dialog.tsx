import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { DialogError } from '~/components/dialog-actions';
import type { ErrorCode } from '~/core/errors';
import type { FollowUp } from '~/core/follow-up';
import type { ChatMessage } from '~/core/protocol';
import type { RafflePool } from '~/core/raffle';
import { RAFFLE_POOLS, raffleNotice } from '~/core/raffle';
import type { DrawRaffleEvent } from '~/core/raffle-schemas';
import { apiFetch } from '~/lib/api';
import { raffleWords } from './raffle-notice';

const FIELD = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2';
const POOL_LABEL = { joined: 'raffleForm.poolJoined', poll: 'raffleForm.poolPoll', product: 'raffleForm.poolProduct' } as const;

/**
 * The manager's raffle (ADR 045): the pool, a poll or product for those pools, whether earlier
 * winners are left out, and the draw. The draw's id is chosen here and its frame sent again after
 * every rejoin until the room's notice with that id is among the messages, so a draw asked for as
 * the connection dropped happens once, and is shown.
 */
export function RaffleDialog({
  partyId,
  messages,
  ready,
  lastError,
  onDraw,
  onClose,
}: {
  partyId: string;
  messages: ChatMessage[];
  ready: boolean;
  lastError: ErrorCode | null;
  onDraw: (event: DrawRaffleEvent) => boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState<FollowUp | null>(null);
  const [pool, setPool] = useState<RafflePool>('joined');
  const [cardId, setCardId] = useState<string | null>(null);
  const [excludeWinners, setExcludeWinners] = useState(true);
  const [pending, setPending] = useState<DrawRaffleEvent | null>(null);
  const [error, setError] = useState<ErrorCode | null>(null);

  // The party's cards, with how many chose each, come from the follow-up list (the loaded
  // messages may not hold every card of a long party).
  useEffect(() => {
    let live = true;
    void apiFetch<FollowUp>(`/api/parties/${partyId}/follow-up`).then((result) => {
      if (!live) return;
      if (result.ok) setList(result.data);
      else setError(result.code);
    });
    return () => {
      live = false;
    };
  }, [partyId]);

  const drawn = pending ? messages.map(raffleNotice).find((draw) => draw?.drawId === pending.drawId) : undefined;

  useEffect(() => {
    if (ready && pending && !drawn) onDraw(pending);
    // On (re)joining only: the first send is the button's.
  }, [ready]);

  useEffect(() => {
    if (!pending || drawn || !lastError) return;
    setError(lastError);
    setPending(null);
    // A refusal that arrives while a draw waits is that draw's.
  }, [lastError]);

  const cards = (list?.cards ?? []).filter((card) => card.kind === pool);
  const choosers = (id: string) =>
    (list?.guests ?? []).filter((guest) => guest.role === 'guest' && !guest.gone && (pool === 'poll' ? guest.votes[id] : guest.wanted.includes(id))).length;
  const chosenCard = pool === 'joined' ? null : (cardId ?? cards[cards.length - 1]?.id ?? null);
  const mayDraw = !pending && (pool === 'joined' || chosenCard !== null);

  const draw = () => {
    if (!mayDraw) return;
    const event: DrawRaffleEvent = { type: 'drawRaffle', drawId: crypto.randomUUID(), pool, cardId: chosenCard, excludeWinners };
    setError(null);
    setPending(event);
    onDraw(event);
  };

  if (drawn) {
    const words = raffleWords(t, drawn);
    return (
      <ConfirmDialog title={t('raffleForm.title')} confirmLabel={t('common.close')} onCancel={onClose}>
        <div data-testid="raffle-result" className="rounded-2xl bg-amber-50 px-4 py-4 text-center ring-1 ring-amber-300">
          <p className="text-lg font-semibold text-amber-950" role="status">
            <span aria-hidden="true">🎉 </span>
            {t('raffleForm.winner', { name: drawn.winnerName })}
          </p>
          <p className="text-sm text-amber-900">{words.among}</p>
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <Link to={`/parties/${partyId}/follow-up`} className="font-medium text-primary-dark underline">
            {t('raffleForm.followUp')}
          </Link>
          <button type="button" onClick={() => setPending(null)} className="rounded-full px-4 py-1.5 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
            {t('raffleForm.again')}
          </button>
        </div>
      </ConfirmDialog>
    );
  }

  return (
    <ConfirmDialog
      title={t('raffleForm.title')}
      confirmLabel={pending ? t('raffleForm.drawing') : t('raffleForm.draw')}
      confirmDisabled={!mayDraw}
      onConfirm={draw}
      onCancel={onClose}
    >
      <p>{t('raffleForm.intro')}</p>
      <fieldset className="mt-3">
        <legend className="font-medium text-slate-900">{t('raffleForm.pool')}</legend>
        {RAFFLE_POOLS.map((option) => (
          <label key={option} className="mt-1 flex items-center gap-2 text-slate-800">
            <input
              type="radio"
              name="raffle-pool"
              value={option}
              checked={pool === option}
              onChange={() => {
                setPool(option);
                setCardId(null);
              }}
            />
            {t(POOL_LABEL[option])}
          </label>
        ))}
      </fieldset>
      {pool === 'joined' ? null : cards.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{list ? t(pool === 'poll' ? 'raffleForm.noPolls' : 'raffleForm.noProducts') : '…'}</p>
      ) : (
        <label className="mt-3 block">
          <span className="font-medium text-slate-900">{t(pool === 'poll' ? 'raffleForm.poll' : 'raffleForm.product')}</span>
          <select value={chosenCard ?? ''} onChange={(e) => setCardId(e.target.value)} className={FIELD}>
            {cards.map((card) => (
              <option key={card.id} value={card.id}>
                {card.title} ({choosers(card.id)})
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="mt-3 flex items-center gap-2 text-slate-800">
        <input type="checkbox" checked={excludeWinners} onChange={(e) => setExcludeWinners(e.target.checked)} />
        {t('raffleForm.excludeWinners')}
      </label>
      <DialogError id="raffle-error" error={error} />
      <Link to={`/parties/${partyId}/follow-up`} className="mt-3 inline-block text-sm font-medium text-primary-dark underline">
        {t('raffleForm.followUp')}
      </Link>
    </ConfirmDialog>
  );
}
