import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import type { CardType, Currency, LeadCard, LeadType, PollDefinition, ProductCard } from '~/core/cards';
import { CARD_LIMITS, CURRENCIES, parseAmount } from '~/core/card-text';
import { lazyNamed } from '~/lib/lazy-named';

const MediaPickerDialog = lazyNamed(() => import('~/components/chat/media-picker-dialog'), 'MediaPickerDialog');

/** What the dialog hands over: a card as the chat's API and the template editor's take it. */
export interface CardDraft {
  messageType: CardType;
  /** The card as JSON (app/core/card-schemas.ts checks it on the server). */
  message: string;
  /** A product card's photo: an item of the manager's library. */
  mediaId?: string | undefined;
}

const FIELD = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:border-primary-dark';

/**
 * The manager prepares a product card or a poll (ADR 044), for the party or a template. The
 * server checks it again; here the form only keeps her from sending what it would refuse.
 */
export function CardDialog({
  kind,
  purpose,
  onSubmit,
  onCancel,
}: {
  kind: CardType;
  /** Sent into the party, or added to a template. */
  purpose: 'send' | 'add';
  onSubmit: (draft: CardDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirmLabel = purpose === 'send' ? t('cardForm.send') : t('cardForm.add');
  if (kind === 'booking' || kind === 'team') return <LeadForm kind={kind} confirmLabel={confirmLabel} onSubmit={onSubmit} onCancel={onCancel} />;
  return kind === 'product' ? (
    <ProductForm confirmLabel={confirmLabel} onSubmit={onSubmit} onCancel={onCancel} />
  ) : (
    <PollForm confirmLabel={confirmLabel} onSubmit={onSubmit} onCancel={onCancel} />
  );
}

/**
 * A "host your own party" or "join the team" card (ADR 059): the manager's words, prefilled with
 * a suggestion in her language; the guests read the headline in theirs.
 */
function LeadForm({ kind, confirmLabel, onSubmit, onCancel }: FormProps & { kind: LeadType }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(() => t(kind === 'booking' ? 'cardForm.bookingSuggestion' : 'cardForm.teamSuggestion'));
  const length = [...text.trim()].length;
  const ready = length > 0 && length <= CARD_LIMITS.leadTextMax;
  return (
    <ConfirmDialog
      title={t(kind === 'booking' ? 'cards.newBooking' : 'cards.newTeam')}
      confirmLabel={confirmLabel}
      confirmDisabled={!ready}
      onCancel={onCancel}
      onConfirm={() => {
        if (!ready) return;
        const card: LeadCard = { text: text.trim() };
        onSubmit({ messageType: kind, message: JSON.stringify(card) });
      }}
    >
      <label className="block">
        <span className="font-medium text-slate-900">{t('cardForm.leadText')}</span>
        <textarea
          value={text}
          rows={4}
          maxLength={CARD_LIMITS.leadTextMax}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-hint`}
          className={FIELD}
          data-testid="lead-text"
        />
      </label>
      <p id={`${id}-hint`} className="mt-2 text-sm text-slate-600">
        {t('cardForm.leadHint', { headline: t(kind === 'booking' ? 'cards.booking' : 'cards.team') })}
      </p>
    </ConfirmDialog>
  );
}

type FormProps = { confirmLabel: string; onSubmit: (draft: CardDraft) => void; onCancel: () => void };

function ProductForm({ confirmLabel, onSubmit, onCancel }: FormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [photo, setPhoto] = useState<{ id: string; title: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [title, setTitle] = useState('');
  const [price, setPrice] = useState('');
  const [currency, setCurrency] = useState<Currency>('EUR');
  const [link, setLink] = useState('');
  const amount = price.trim() === '' ? null : parseAmount(price);
  const badPrice = price.trim() !== '' && amount === null;
  const badLink = link.trim() !== '' && !/^https:\/\/\S+$/i.test(link.trim());
  const ready = photo !== null && title.trim() !== '' && !badPrice && !badLink;
  return (
    <>
      <ConfirmDialog
        title={t('cards.newProduct')}
        confirmLabel={confirmLabel}
        confirmDisabled={!ready}
        onCancel={onCancel}
        onConfirm={() => {
          if (!ready) return;
          const card: ProductCard = { title: title.trim(), price: amount === null ? null : { amount, currency }, link: link.trim() || null };
          onSubmit({ messageType: 'product', message: JSON.stringify(card), mediaId: photo.id });
        }}
      >
        <div className="space-y-3">
          <div>
            <span className="font-medium text-slate-900">{t('cardForm.photo')}</span>
            <div className="mt-1 flex items-center gap-3">
              {photo ? <img src={`/files/${photo.id}`} alt={photo.title} className="h-16 w-16 rounded-lg object-cover" /> : null}
              <button type="button" onClick={() => setPicking(true)} className="rounded-full px-4 py-2 font-medium text-primary-dark ring-1 ring-primary-dark">
                {photo ? t('cardForm.changePhoto') : t('cardForm.choosePhoto')}
              </button>
            </div>
            {photo ? null : <p className="mt-1 text-sm text-slate-600">{t('cardForm.photoMissing')}</p>}
          </div>
          <label className="block">
            <span className="font-medium text-slate-900">{t('cardForm.name')}</span>
            <input value={title} maxLength={CARD_LIMITS.titleMax} onChange={(e) => setTitle(e.target.value)} className={FIELD} />
          </label>
          <div className="flex gap-2">
            <label className="block flex-1">
              <span className="font-medium text-slate-900">{t('cardForm.price')}</span>
              <input
                value={price}
                inputMode="decimal"
                onChange={(e) => setPrice(e.target.value)}
                aria-invalid={badPrice}
                aria-describedby={badPrice ? `${id}-price` : undefined}
                className={FIELD}
              />
            </label>
            <label className="block w-28">
              <span className="font-medium text-slate-900">{t('cardForm.currency')}</span>
              <select value={currency} onChange={(e) => setCurrency(e.target.value as Currency)} className={FIELD}>
                {CURRENCIES.map((code) => (
                  <option key={code}>{code}</option>
                ))}
              </select>
            </label>
          </div>
          {badPrice ? (
            <p id={`${id}-price`} className="text-sm text-red-700">
              {t('errors.invalidPrice')}
            </p>
          ) : null}
          <label className="block">
            <span className="font-medium text-slate-900">{t('cardForm.link')}</span>
            <input
              value={link}
              type="url"
              inputMode="url"
              placeholder="https://"
              onChange={(e) => setLink(e.target.value)}
              aria-invalid={badLink}
              aria-describedby={badLink ? `${id}-link` : undefined}
              className={FIELD}
            />
          </label>
          {badLink ? (
            <p id={`${id}-link`} className="text-sm text-red-700">
              {t('errors.invalidShopLink')}
            </p>
          ) : null}
        </div>
      </ConfirmDialog>
      {picking ? (
        <Suspense fallback={null}>
          <MediaPickerDialog
            onCancel={() => setPicking(false)}
            onSend={(_caption, items) => {
              const image = items.find((item) => item.kind === 'image');
              if (image) setPhoto({ id: image.id, title: image.title });
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function PollForm({ confirmLabel, onSubmit, onCancel }: FormProps) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);
  const [multiple, setMultiple] = useState(false);
  const [quiz, setQuiz] = useState(false);
  const [correct, setCorrect] = useState<number[]>([]);
  const filled = options.every((option) => option.trim() !== '');
  const ready = question.trim() !== '' && filled && (!quiz || (multiple ? correct.length > 0 : correct.length === 1));
  const toggleCorrect = (index: number) =>
    setCorrect((current) => (multiple ? (current.includes(index) ? current.filter((i) => i !== index) : [...current, index]) : [index]));
  const remove = (index: number) => {
    setOptions((current) => current.filter((_, i) => i !== index));
    setCorrect((current) => current.filter((i) => i !== index).map((i) => (i > index ? i - 1 : i)));
  };
  return (
    <ConfirmDialog
      title={t('cards.newPoll')}
      confirmLabel={confirmLabel}
      confirmDisabled={!ready}
      onCancel={onCancel}
      onConfirm={() => {
        if (!ready) return;
        const poll: PollDefinition = {
          question: question.trim(),
          options: options.map((option) => option.trim()),
          multiple,
          correct: quiz ? [...correct].sort((a, b) => a - b) : null,
        };
        onSubmit({ messageType: 'poll', message: JSON.stringify(poll) });
      }}
    >
      <div className="space-y-3">
        <label className="block">
          <span className="font-medium text-slate-900">{t('cardForm.question')}</span>
          <input value={question} maxLength={CARD_LIMITS.questionMax} onChange={(e) => setQuestion(e.target.value)} className={FIELD} />
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={multiple}
            onChange={(e) => {
              setMultiple(e.target.checked);
              setCorrect((current) => (e.target.checked ? current : current.slice(0, 1)));
            }}
            className="h-4 w-4"
          />
          {t('cardForm.multiple')}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={quiz} onChange={(e) => setQuiz(e.target.checked)} className="h-4 w-4" />
          {t('cardForm.isQuiz')}
        </label>
        <ol className="space-y-2">
          {options.map((option, index) => (
            <li key={index} className="flex items-end gap-2">
              {quiz ? (
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name="correct"
                  checked={correct.includes(index)}
                  onChange={() => toggleCorrect(index)}
                  aria-label={t('cardForm.markCorrect', { number: index + 1 })}
                  className="mb-3.5 h-5 w-5"
                />
              ) : null}
              <label className="block flex-1">
                <span className="text-sm font-medium text-slate-900">{t('cardForm.option', { number: index + 1 })}</span>
                <input
                  value={option}
                  maxLength={CARD_LIMITS.optionMax}
                  onChange={(e) => setOptions((current) => current.map((value, i) => (i === index ? e.target.value : value)))}
                  className={FIELD}
                />
              </label>
              {options.length > CARD_LIMITS.optionsMin ? (
                <button
                  type="button"
                  onClick={() => remove(index)}
                  aria-label={t('cardForm.removeOption', { number: index + 1 })}
                  className="mb-1 rounded-full p-2 text-slate-600 hover:bg-slate-100"
                >
                  ✕
                </button>
              ) : null}
            </li>
          ))}
        </ol>
        {options.length < CARD_LIMITS.optionsMax ? (
          <button
            type="button"
            onClick={() => setOptions((current) => [...current, ''])}
            className="rounded-full px-4 py-2 font-medium text-primary-dark ring-1 ring-primary-dark"
          >
            {t('cardForm.addOption')}
          </button>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
