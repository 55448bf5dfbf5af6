import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { StatePanel } from '~/components/state-panel';

export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'robots', content: 'noindex' }];

/**
 * Where the Worker sends a form that another site posted into one of our pages (worker/http/origin.ts,
 * ADR 019): it was not carried out, and this says so in the visitor's language. A page of its own,
 * reached by a redirect, because the form's own address may be one that only acts (/logout) or a
 * page that would need the credentials the refusal never read.
 */
export default function Refused() {
  const { t } = useTranslation();
  return (
    <StatePanel title={t('errors.badOrigin')} tone="warning">
      <p>{t('app.crossSite')}</p>
      <Link to="/" className="font-medium text-primary-dark underline">
        {t('notFound.back')}
      </Link>
    </StatePanel>
  );
}
