import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '~/components/local-time';
import { isAppError } from '~/core/errors';
import { LEAD_TYPES } from '~/core/cards';
import type { FollowUpCard } from '~/core/follow-up';
import { FOLLOW_UP_FILTERS, filterGuests, followUpFilter, quizRight } from '~/core/follow-up';
import { requireConsultant } from '~/lib/auth.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.party.title} · Salon` : 'Salon' },
  { name: 'robots', content: 'noindex' },
];

/**
 * /parties/{id}/follow-up, the party's follow-up list (ADR 045): its manager's alone; anyone else
 * finds no such page. Printable: the workspace's bars and this page's buttons stay off the paper.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireConsultant(context, request);
  try {
    const { party, list } = await context.services.followUp.followUpList(context.env, context.db, params.partyId ?? '', context.identity);
    return { party: { id: party.id, shortId: party.shortId, title: party.title }, list };
  } catch (error) {
    if (isAppError(error) && ['partyNotFound', 'notMember', 'forbidden'].includes(error.code)) throw new Response(null, { status: 404 });
    throw error;
  }
}

const CELL = 'border-b border-slate-200 px-3 py-2 align-top print:px-1 print:py-1';

export default function FollowUpPage() {
  const { party, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const format = useDateFormatter();
  // The filter is the address's (?show=booking): a link that works before hydration and can be kept.
  const [search] = useSearchParams();
  const filter = followUpFilter(search.get('show'));
  const guests = filterGuests(list.guests, filter);
  const products = new Map(list.cards.filter((card) => card.kind === 'product').map((card) => [card.id, card.title]));
  const polls = list.cards.filter((card) => card.kind === 'poll');
  const answer = (poll: FollowUpCard, options: number[] | undefined) => {
    if (!options) return '–';
    const right = quizRight(poll, options);
    const text = options.map((option) => poll.options[option] ?? '').join(', ');
    return right === null ? text : `${text} (${t(right ? 'followUp.right' : 'followUp.wrong')})`;
  };
  // The export in the reader's time zone; the link works before hydration too (then in UTC).
  const timeZone = typeof Intl === 'undefined' ? 'UTC' : Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <main className="mx-auto w-full max-w-6xl p-4 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Link to={`/${party.shortId}`} className="rounded-full px-3 py-1.5 font-medium text-primary-dark ring-1 ring-slate-300 hover:bg-slate-100">
          {t('followUp.back')}
        </Link>
        <span className="flex-1" />
        <a
          href={`/parties/${party.id}/follow-up.csv?tz=${encodeURIComponent(timeZone)}`}
          download
          className="rounded-full bg-primary-dark px-4 py-1.5 font-medium text-white hover:opacity-90"
        >
          {t('followUp.download')}
        </a>
        <a
          href={`/parties/${party.id}/transcript?tz=${encodeURIComponent(timeZone)}`}
          target="_blank"
          rel="noopener"
          className="rounded-full px-4 py-1.5 font-medium ring-1 ring-slate-300 hover:bg-slate-100"
        >
          {t('dataExport.transcript')}
        </a>
        <button type="button" onClick={() => window.print()} className="rounded-full px-4 py-1.5 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
          {t('followUp.print')}
        </button>
      </div>
      <h1 className="mt-4 text-2xl font-bold print:mt-0 print:text-xl">
        {t('followUp.title')}: {party.title}
      </h1>
      <p className="mt-1 text-slate-600 print:text-black">{t('followUp.intro')}</p>
      {list.guests.length > 0 ? (
        <nav aria-label={t('followUp.filter')} className="mt-3 flex flex-wrap items-center gap-2 print:hidden">
          <span className="text-sm font-medium text-slate-700">{t('followUp.filter')}:</span>
          {FOLLOW_UP_FILTERS.map((option) => (
            <Link
              key={option}
              to={option === 'all' ? '?' : `?show=${option}`}
              replace
              preventScrollReset
              aria-current={option === filter ? 'page' : undefined}
              className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${option === filter ? 'bg-primary-dark text-white ring-primary-dark' : 'text-slate-800 ring-slate-300 hover:bg-slate-100'}`}
              data-testid={`follow-up-filter-${option}`}
            >
              {t(`followUp.filters.${option}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      {list.guests.length === 0 ? (
        <p className="mt-6 text-slate-700">{t('followUp.noGuests')}</p>
      ) : guests.length === 0 ? (
        <p className="mt-6 text-slate-700" data-testid="follow-up-no-matches">
          {t('followUp.noMatches')}
        </p>
      ) : (
        // A phone scrolls the table sideways: the region takes the keyboard's focus to do so.
        <div
          role="region"
          aria-label={t('followUp.title')}
          tabIndex={0}
          className="mt-4 overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200 print:overflow-visible print:ring-0"
        >
          <table className="w-full border-collapse text-left text-sm print:text-xs">
            <thead className="bg-slate-100 print:bg-transparent">
              <tr>
                <th scope="col" className={CELL}>
                  {t('followUp.name')}
                </th>
                <th scope="col" className={CELL}>
                  {t('followUp.wanted')}
                </th>
                <th scope="col" className={CELL}>
                  {t('followUp.leads')}
                </th>
                {polls.map((poll) => (
                  <th key={poll.id} scope="col" className={CELL}>
                    {poll.title}
                  </th>
                ))}
                <th scope="col" className={CELL}>
                  {t('followUp.won')}
                </th>
                <th scope="col" className={CELL}>
                  {t('followUp.lastActivity')}
                </th>
              </tr>
            </thead>
            <tbody>
              {guests.map((guest) => (
                <tr key={guest.id} data-testid="follow-up-row" className="break-inside-avoid">
                  <th scope="row" className={`${CELL} font-medium`}>
                    {guest.name}
                    <span className="block text-xs font-normal text-slate-600 print:text-black">
                      {t(`followUp.roles.${guest.role}`)}
                      {guest.gone ? ` · ${t('followUp.gone')}` : ''}
                    </span>
                  </th>
                  <td className={CELL}>{guest.wanted.map((id) => products.get(id)).join(', ') || '–'}</td>
                  <td className={CELL} data-testid="follow-up-leads">
                    {LEAD_TYPES.filter((kind) => guest.leads.includes(kind))
                      .map((kind) => t(`followUp.lead.${kind}`))
                      .join(', ') || '–'}
                  </td>
                  {polls.map((poll) => (
                    <td key={poll.id} className={CELL}>
                      {answer(poll, guest.votes[poll.id])}
                    </td>
                  ))}
                  <td className={CELL}>{guest.won.length > 0 ? t('followUp.yes') : '–'}</td>
                  <td className={`${CELL} whitespace-nowrap`}>{guest.lastActivity === null ? '–' : format(guest.lastActivity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="mt-6 text-lg font-semibold">{t('followUp.draws')}</h2>
      {list.draws.length === 0 ? (
        <p className="mt-1 text-slate-700">{t('followUp.noDraws')}</p>
      ) : (
        <ul className="mt-1 list-disc pl-6">
          {list.draws.map((draw) => (
            <li key={draw.drawId} data-testid="follow-up-draw">
              {t('followUp.drawnAmong', { name: draw.winnerName, count: draw.entrants })} · {format(draw.at)}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
