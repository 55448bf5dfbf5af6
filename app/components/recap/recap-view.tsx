import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INDENT } from '~/components/chat/contents-panel';
import { LeadIcon } from '~/components/cards/lead-icon';
import { ProfileCardView } from '~/components/chat/profile-card';
import { formatPrice } from '~/core/card-text';
import { snippet } from '~/core/message-preview';
import { profileHref } from '~/core/profile';
import type { Recap, RecapProduct } from '~/core/recap';
import { apiFetch } from '~/lib/api';

/**
 * A guest's recap of a party that ended (ADR 046), below the "party ended" note: the products she
 * wanted, the consultant with her shop, the headings the party went through. Loaded when the
 * party is over for her, never with the party page's first load; it asks the room each time, so
 * it is the same on the open page and when she opens the link again later.
 */
export function RecapView({ partyId }: { partyId: string }) {
  const { t } = useTranslation();
  const [recap, setRecap] = useState<Recap | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let current = true;
    void apiFetch<Recap>(`/api/parties/${partyId}/recap`).then((result) => {
      if (current) setRecap(result.ok ? result.data : 'failed');
    });
    return () => {
      current = false;
    };
  }, [partyId]);
  if (recap === 'loading') return <p className="text-sm text-slate-500">{t('recap.loading')}</p>;
  if (recap === 'failed') return <p className="text-sm text-slate-600">{t('recap.failed')}</p>;
  const shop = recap.consultant?.shopLink ? profileHref(recap.consultant.shopLink) : null;
  return (
    <div className="space-y-6 border-t border-slate-200 pt-5 text-left text-slate-800" data-testid="recap">
      <h2 className="text-center text-lg font-semibold text-slate-900">{t('recap.title')}</h2>
      <section aria-labelledby="recap-products">
        <h3 id="recap-products" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t('recap.products')}
        </h3>
        {recap.products.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600" data-testid="recap-no-products">
            {t('recap.noProducts')}
          </p>
        ) : (
          <ul className="mt-2 space-y-3">
            {recap.products.map((product) => (
              <ProductRow key={product.messageId} product={product} />
            ))}
          </ul>
        )}
      </section>
      {recap.leads.length > 0 ? (
        <section aria-labelledby="recap-leads">
          <h3 id="recap-leads" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {t('recap.leads')}
          </h3>
          <ul className="mt-2 space-y-1" data-testid="recap-leads">
            {recap.leads.map((kind) => (
              <li key={kind} className="flex gap-2">
                <LeadIcon kind={kind} className="mt-0.5 h-5 w-5 text-primary-dark" />
                {t(kind === 'booking' ? 'recap.leadBooking' : 'recap.leadTeam', { name: recap.consultant?.firstName || t('recap.yourConsultant') })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {recap.consultant ? (
        <section aria-labelledby="recap-consultant">
          <h3 id="recap-consultant" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {t('recap.consultant')}
          </h3>
          <ProfileCardView card={recap.consultant} />
          {shop ? (
            <a
              href={shop}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="mt-2 block w-64 max-w-full rounded-full bg-primary-dark px-3 py-1.5 text-center text-sm font-medium text-white hover:bg-primary-dark/90"
              data-testid="recap-shop"
            >
              {t('recap.shop')}
            </a>
          ) : null}
        </section>
      ) : null}
      {recap.headings.length > 0 ? (
        <section aria-labelledby="recap-headings">
          <h3 id="recap-headings" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {t('recap.headings')}
          </h3>
          <ol className="mt-2 space-y-1" data-testid="recap-headings">
            {recap.headings.map((heading) => (
              <li key={heading.id} className={INDENT[heading.level]}>
                {snippet(heading.text, 60)}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

function ProductRow({ product }: { product: RecapProduct }) {
  const { t, i18n } = useTranslation();
  const { card } = product;
  return (
    <li className="flex gap-3 rounded-xl bg-slate-50 p-2 ring-1 ring-slate-200" data-testid="recap-product">
      {product.photo ? (
        <img
          src={`/files/${product.photo}`}
          alt={card.title}
          loading="lazy"
          decoding="async"
          className="h-20 w-20 shrink-0 rounded-lg bg-slate-100 object-cover"
        />
      ) : null}
      <div className="min-w-0">
        <p className="break-words font-semibold">{card.title}</p>
        {card.price ? <p className="text-sm text-slate-700">{formatPrice(card.price, i18n.language)}</p> : null}
        {card.link ? (
          <a href={card.link} target="_blank" rel="noopener noreferrer nofollow" className="text-sm font-medium text-primary-dark underline">
            {t('cards.toShop')}
            <span className="sr-only">: {card.title}</span>
          </a>
        ) : null}
      </div>
    </li>
  );
}
