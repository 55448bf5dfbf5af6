import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { useDateFormatter } from '~/components/local-time';
import { Notice } from '~/components/notice';
import { PublicPage } from '~/components/public/public-page';
import type { ErrorCode } from '~/core/errors';
import type { ExportAnswer, ExportStatus } from '~/core/export';
import { EXPORT_POLL_MS } from '~/core/export';
import { formatBytes } from '~/core/media-library';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';
import { apiFetch } from '~/lib/api';

export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = withWorkspaceTexts;

/**
 * /export: a consultant or a guest with an account downloads her data (ADR 062). She starts an
 * archive, watches it grow, and gets the link by mail; a mailed link that was used or expired
 * leads back here (`?link=spent`) for a new one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { consultant, guest } = context.identity;
  if (!consultant && !guest) throw redirect(`/login?returnTo=${encodeURIComponent('/export')}`);
  const answer = await context.services.dataExport.exportAnswer(context.db, context.identity);
  return { answer, asConsultant: consultant !== null, spent: new URL(request.url).searchParams.get('link') === 'spent' };
}

export default function ExportPage() {
  const { answer: initial, asConsultant, spent } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const format = useDateFormatter();
  const [answer, setAnswer] = useState<ExportAnswer>(initial);
  const [error, setError] = useState<{ code: ErrorCode; requestId?: string | undefined } | null>(null);
  const [busy, setBusy] = useState(false);
  const [linkSent, setLinkSent] = useState(false);
  const [joined, setJoined] = useState(false);
  const run = answer.export;
  const running = run?.state === 'running';

  // While the job runs the page asks how far it is.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(async () => {
      const result = await apiFetch<ExportAnswer>('/api/export');
      if (result.ok) setAnswer(result.data);
    }, EXPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [running]);

  const call = async (path: string, after?: (before: ExportStatus | null, now: ExportAnswer) => void) => {
    setBusy(true);
    setError(null);
    const before = answer.export;
    const result = await apiFetch<ExportAnswer>(path, { method: 'POST' });
    setBusy(false);
    if (!result.ok) return setError({ code: result.code, requestId: result.status >= 500 ? result.requestId : undefined });
    setAnswer(result.data);
    after?.(before, result.data);
  };
  const start = () => call('/api/export', (before, now) => setJoined(before?.state === 'running' && before.id === now.export?.id));
  const newLink = () => call('/api/export/link', () => setLinkSent(true));

  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const email = answer.email ?? '';
  // Used, expired, or never mailed (the relay was down): a new link is one click.
  const linkOver = run?.state === 'ready' && (!run.link || run.link.used || run.link.expiresAt <= Date.now());

  return (
    <PublicPage mainClassName="mx-auto w-full max-w-2xl px-4 pb-16 pt-4">
      <Link to={asConsultant ? '/parties' : '/my-parties'} className="text-sm font-medium text-primary-dark underline">
        {t('nav.backToDashboard')}
      </Link>
      <h1 className="mt-3 text-2xl font-bold">{t('dataExport.title')}</h1>
      <p className="mt-2 text-slate-700">{t(asConsultant ? 'dataExport.intro' : 'dataExport.introGuest')}</p>
      <Notice tone="warning" className="mt-4" text={spent ? t('dataExport.spent') : null} />
      {!answer.email ? (
        <div className="mt-4 space-y-3">
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">{t('dataExport.needsAddress')}</p>
          {asConsultant ? null : (
            <Link to="/claim" className="inline-block rounded-full bg-primary-dark px-4 py-2 font-medium text-white">
              {t('dataExport.addAddress')}
            </Link>
          )}
        </div>
      ) : (
        <section aria-live="polite" className="mt-4 space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
          {running ? (
            <>
              {joined ? <p>{t('dataExport.joined')}</p> : null}
              <p>
                {run.phase === 'pack'
                  ? t('dataExport.packing', { done: run.filesDone, total: run.filesTotal, size: size(run.bytes) })
                  : t('dataExport.collecting')}
              </p>
              <progress
                className="h-3 w-full"
                aria-label={t('dataExport.progress')}
                max={Math.max(run.filesTotal, 1)}
                value={run.phase === 'pack' ? run.filesDone : undefined}
              />
              <p className="text-sm text-slate-600">{t('dataExport.how', { email })}</p>
            </>
          ) : run?.state === 'ready' ? (
            <>
              <p className="font-medium">{t('dataExport.ready', { size: size(run.bytes), email })}</p>
              {run.link ? (
                <p className="text-sm text-slate-700">
                  {run.link.used
                    ? t('dataExport.linkUsed')
                    : linkOver
                      ? t('dataExport.linkExpired')
                      : t('dataExport.linkUntil', { time: format(run.link.expiresAt) })}
                </p>
              ) : null}
              {run.keptUntil ? <p className="text-sm text-slate-700">{t('dataExport.keptUntil', { date: format(run.keptUntil, 'date') })}</p> : null}
              {linkSent ? <p className="text-sm font-medium text-green-800">{t('dataExport.linkSent', { email })}</p> : null}
              <div className="flex flex-wrap gap-2">
                {linkOver ? (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={newLink}
                    className="rounded-full bg-primary-dark px-4 py-2 font-medium text-white disabled:opacity-60"
                  >
                    {t('dataExport.newLink')}
                  </button>
                ) : null}
                <button
                  type="button"
                  disabled={busy}
                  onClick={start}
                  className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60"
                >
                  {t('dataExport.again')}
                </button>
              </div>
            </>
          ) : (
            <>
              {run?.state === 'failed' ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">{t('dataExport.failed')}</p> : null}
              <p className="text-sm text-slate-700">{t('dataExport.how', { email })}</p>
              <button
                type="button"
                disabled={busy}
                onClick={start}
                className="rounded-full bg-primary-dark px-4 py-2 font-medium text-white disabled:opacity-60"
              >
                {t(run?.state === 'failed' ? 'dataExport.retry' : 'dataExport.start')}
              </button>
            </>
          )}
          <ErrorBanner code={error?.code} requestId={error?.requestId} />
        </section>
      )}
    </PublicPage>
  );
}
