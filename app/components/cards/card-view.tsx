import { useTranslation } from 'react-i18next';
import type { CardTally, LeadType } from '~/core/cards';
import { formatPrice, parseLeadCard, parsePollCard, parseProductCard } from '~/core/card-text';
import type { Member } from '~/core/protocol';
import { fullName } from '~/core/text';
import { LeadIcon } from './lead-icon';

/** What a reader may do with a card; absent (a template's preview, a party that is over): nothing. */
export interface CardControls {
  /** Guests and the host: "I want this" and votes. */
  mayChoose: boolean;
  /** The manager: closing a poll. */
  mayClose: boolean;
  onChoose: (options: number[]) => void;
  onClose: () => void;
}

interface Props {
  message: { id: string; messageType: string; message: string; mediaAttachment?: string | undefined };
  tally?: CardTally | undefined;
  /** The party's members, for the manager's list of who chose what. */
  members?: readonly Member[];
  controls?: CardControls | undefined;
  /** A template's quiz shows its answer to its owner. */
  answer?: number[] | null;
}

/**
 * A product card or a poll in a bubble (ADR 044): loaded when the first card is shown. The
 * counts are everyone's; who chose what is the manager's alone (the room sends it only to her).
 */
export function CardView({ message, tally, members = [], controls, answer = null }: Props) {
  if (message.messageType === 'booking' || message.messageType === 'team')
    return <LeadView kind={message.messageType} message={message} tally={tally} members={members} controls={controls} />;
  return message.messageType === 'product' ? (
    <ProductView message={message} tally={tally} members={members} controls={controls} />
  ) : (
    <PollView message={message} tally={tally} members={members} controls={controls} answer={answer} />
  );
}

function names(members: readonly Member[], ids: string[]): string {
  const byId = new Map(members.map((member) => [member.id, member]));
  return ids.map((id) => (byId.has(id) ? fullName(byId.get(id)!) : '…')).join(', ');
}

/** The one line that tells a guest her name goes with her choice, and where that is explained. */
function Notice() {
  const { t } = useTranslation();
  return (
    <p className="mt-1 text-xs text-slate-600" data-testid="card-notice">
      {t('cards.notice')}{' '}
      <a href="/privacy" target="_blank" rel="noopener" className="underline">
        {t('cards.noticeLink')}
      </a>
    </p>
  );
}

/** A one-option card's choice (a product's "I want this", a lead's "I'd like that"), which she may take back. */
function OneChoice({ chosen, label, chosenLabel, onChoose }: { chosen: boolean; label: string; chosenLabel: string; onChoose: (options: number[]) => void }) {
  const { t } = useTranslation();
  return (
    <>
      {chosen ? (
        <p
          className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-2xl bg-white px-4 py-2 font-semibold text-primary-dark ring-2 ring-primary"
          role="status"
        >
          <span>✓ {chosenLabel}</span>
          <button type="button" onClick={() => onChoose([])} className="text-sm font-medium underline">
            {t('cards.takeBack')}
          </button>
        </p>
      ) : (
        <button
          type="button"
          onClick={() => onChoose([0])}
          className="mt-2 w-full rounded-full bg-primary-dark px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {label}
        </button>
      )}
      <Notice />
    </>
  );
}

function ProductView({ message, tally, members, controls }: Omit<Props, 'answer'> & { members: readonly Member[] }) {
  const { t, i18n } = useTranslation();
  const card = parseProductCard(message.message);
  if (!card) return <p className="italic text-slate-500">{t('party.deletedMessage')}</p>;
  const count = tally?.counts[0] ?? 0;
  const wanted = (tally?.mine ?? []).includes(0);
  const who = tally?.who ? Object.keys(tally.who) : null;
  return (
    <div className="mt-1 w-64 max-w-full" data-testid="product-card">
      {message.mediaAttachment ? (
        <img
          src={`/files/${message.mediaAttachment}`}
          alt={card.title}
          loading="lazy"
          decoding="async"
          draggable={false}
          className="-mx-1.5 h-48 w-[calc(100%+0.75rem)] max-w-none rounded-xl bg-slate-100 object-cover"
        />
      ) : null}
      <p className="mt-2 font-semibold" data-testid="product-title">
        {card.title}
      </p>
      {card.price ? <p className="text-slate-700">{formatPrice(card.price, i18n.language)}</p> : null}
      {card.link ? (
        <a href={card.link} target="_blank" rel="noopener noreferrer nofollow" className="mt-1 inline-block text-sm font-medium text-primary-dark underline">
          {t('cards.toShop')}
        </a>
      ) : null}
      <p className="mt-1 text-sm text-slate-600" data-testid="want-count">
        {t('cards.wantCount', { count })}
      </p>
      {controls?.mayChoose ? <OneChoice chosen={wanted} label={t('cards.want')} chosenLabel={t('cards.wanted')} onChoose={controls.onChoose} /> : null}
      {who ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="wanted-by">
          {who.length > 0 ? t('cards.wantedBy', { names: names(members, who) }) : t('cards.nobody')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Host your own party" or "join the team" (ADR 059): the headline in the reader's language, the
 * consultant's words, how many are interested; a guest's "I'd like that", which she may take back.
 */
function LeadView({ kind, message, tally, members, controls }: Omit<Props, 'answer'> & { kind: LeadType; members: readonly Member[] }) {
  const { t } = useTranslation();
  const card = parseLeadCard(message.message);
  if (!card) return <p className="italic text-slate-500">{t('party.deletedMessage')}</p>;
  const count = tally?.counts[0] ?? 0;
  const liked = (tally?.mine ?? []).includes(0);
  const who = tally?.who ? Object.keys(tally.who) : null;
  return (
    <div className="mt-1 w-72 max-w-full" data-testid={`${kind}-card`}>
      <p className="flex items-center gap-2 text-base font-semibold text-primary-dark">
        <LeadIcon kind={kind} />
        {t(kind === 'booking' ? 'cards.booking' : 'cards.team')}
      </p>
      <p className="mt-1 whitespace-pre-line break-words" data-testid="lead-text">
        {card.text}
      </p>
      <p className="mt-1 text-sm text-slate-600" data-testid="like-count">
        {t('cards.likeCount', { count })}
      </p>
      {controls?.mayChoose ? <OneChoice chosen={liked} label={t('cards.like')} chosenLabel={t('cards.liked')} onChoose={controls.onChoose} /> : null}
      {who ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="liked-by">
          {who.length > 0 ? t('cards.likedBy', { names: names(members, who) }) : t('cards.nobody')}
        </p>
      ) : null}
    </div>
  );
}

function PollView({ message, tally, members, controls, answer }: Props & { members: readonly Member[] }) {
  const { t } = useTranslation();
  const poll = parsePollCard(message.message);
  if (!poll) return <p className="italic text-slate-500">{t('party.deletedMessage')}</p>;
  const counts = tally?.counts ?? poll.options.map(() => 0);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const mine = tally?.mine ?? [];
  const closed = tally?.closed ?? false;
  const correct = tally?.correct ?? answer;
  const choosable = controls?.mayChoose === true && !closed;
  const choose = (index: number) => {
    if (!controls) return;
    const chosen = mine.includes(index);
    if (poll.multiple) controls.onChoose(chosen ? mine.filter((option) => option !== index) : [...mine, index]);
    else controls.onChoose(chosen ? [] : [index]);
  };
  return (
    <div className="mt-1 w-72 max-w-full" data-testid="poll-card">
      <p className="text-xs font-semibold uppercase tracking-wide text-secondary-dark">
        {poll.quiz ? t('cards.quiz') : t('cards.poll')}
        {closed ? ` · ${t('cards.closed')}` : ''}
      </p>
      <p className="mt-0.5 font-semibold" data-testid="poll-question">
        {poll.question}
      </p>
      {poll.multiple ? <p className="text-xs text-slate-600">{t('cards.chooseSeveral')}</p> : null}
      <ul className="mt-2 space-y-1.5" role="list">
        {poll.options.map((option, index) => {
          const count = counts[index] ?? 0;
          const share = total > 0 ? Math.round((count / total) * 100) : 0;
          const isMine = mine.includes(index);
          const isCorrect = correct?.includes(index) ?? false;
          const label = (
            <>
              <span className="absolute inset-y-0 left-0 rounded-lg bg-primary-light" style={{ width: `${share}%` }} aria-hidden="true" />
              <span className="relative flex items-center justify-between gap-2">
                <span className="break-words">
                  {isCorrect ? '✓ ' : ''}
                  {option}
                  {isCorrect ? <span className="sr-only"> ({t('cards.correct')})</span> : null}
                </span>
                <span className="shrink-0 text-xs text-slate-700">{t('cards.votes', { count })}</span>
              </span>
            </>
          );
          const frame = `relative block w-full overflow-hidden rounded-lg px-3 py-2 text-left ring-1 ${isMine ? 'ring-2 ring-primary' : 'ring-slate-300'} ${isCorrect ? 'font-semibold text-emerald-800' : ''}`;
          return (
            <li key={index}>
              {choosable ? (
                <button type="button" aria-pressed={isMine} onClick={() => choose(index)} className={frame} data-testid="poll-option">
                  {label}
                </button>
              ) : (
                <div className={frame} data-testid="poll-option">
                  {label}
                  {isMine ? <span className="sr-only"> ({t('cards.yourChoice')})</span> : null}
                </div>
              )}
              {tally?.who ? (
                <p className="px-1 text-xs text-slate-600" data-testid="voted-by">
                  {names(
                    members,
                    Object.entries(tally.who)
                      .filter(([, options]) => options.includes(index))
                      .map(([id]) => id),
                  )}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {choosable ? <Notice /> : null}
      {controls?.mayClose && !closed ? (
        <button type="button" onClick={controls.onClose} className="mt-2 rounded-full bg-primary-dark px-4 py-1.5 text-sm font-semibold text-white">
          {t('cards.closePoll')}
        </button>
      ) : null}
    </div>
  );
}
