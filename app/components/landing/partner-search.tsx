import { Link } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, TIMINGS } from '~/core/limits';
import { apiFetch } from '~/lib/api';
import { ProfileAvatar } from '~/components/profile/profile-avatar';
import type { PartnerHit } from '~/core/profile';

type Found = { state: 'idle' } | { state: 'hits'; hits: PartnerHit[] } | { state: 'failed' };

/**
 * The sales-partner search: a consultant's public profile page by name. The browser asks the API
 * as the visitor types (after a pause, from two letters on); without script the form asks the
 * landing page's loader (`?partner=`), which answers with the same search.
 */
export function PartnerSearch({ query = '', hits = null }: { query?: string; hits?: PartnerHit[] | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(query);
  const [found, setFound] = useState<Found>(hits ? { state: 'hits', hits } : { state: 'idle' });
  const asked = useRef(0);

  const search = async (value: string) => {
    const q = value.trim();
    const ask = ++asked.current;
    if (q.length < LIMITS.partnerSearchMin) return setFound({ state: 'idle' });
    const result = await apiFetch<PartnerHit[]>(`/api/profile/search?q=${encodeURIComponent(q)}`);
    // An older question answered late must not replace a newer one's answer.
    if (ask !== asked.current) return;
    setFound(result.ok ? { state: 'hits', hits: result.data } : result.code === 'invalidInput' ? { state: 'idle' } : { state: 'failed' });
  };

  useEffect(() => {
    if (text === query) return;
    const timer = setTimeout(() => void search(text), TIMINGS.partnerSearchDebounceMs);
    return () => clearTimeout(timer);
    // `search` is recreated each render; only the text starts a search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const status =
    found.state === 'failed'
      ? t('landing.partnerFailed')
      : found.state === 'hits'
        ? found.hits.length === 0
          ? t('landing.partnerNone')
          : t('landing.partnerResults', { count: found.hits.length })
        : '';
  return (
    <div>
      <form
        method="get"
        role="search"
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void search(text);
        }}
      >
        <label htmlFor={`${id}-q`} className="font-medium">
          {t('landing.partnerLabel')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={`${id}-q`}
            type="search"
            name="partner"
            value={text}
            onChange={(event) => setText(event.target.value)}
            minLength={LIMITS.partnerSearchMin}
            maxLength={LIMITS.partnerSearchMax}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            className="min-w-0 flex-1 rounded-xl border border-slate-400 bg-white px-3 py-2.5"
          />
          <button type="submit" className="rounded-xl bg-primary-dark px-5 py-2.5 font-medium text-white hover:bg-primary-dark/90">
            {t('landing.partnerButton')}
          </button>
        </div>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {t('landing.partnerHint')}
        </p>
      </form>
      <p role="status" className="mt-3 text-sm text-slate-700">
        {status}
      </p>
      {found.state === 'hits' && found.hits.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="partner-results">
          {found.hits.map((hit) => (
            <li key={hit.shortId}>
              <Link to={`/p/${hit.shortId}`} className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50">
                <ProfileAvatar person={hit} src={hit.profilePic} />
                <span className="font-medium">
                  {hit.firstName} {hit.lastName}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
