import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '~/components/local-time';
import { PageHeader } from '~/components/shell/page-header';
import type { OperatorChart } from '~/core/operator';
import { HOUR_MS } from '~/core/operator';
import { requireConsultant } from '~/lib/auth.server';

export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'robots', content: 'noindex' }];

/**
 * /operator: the operator's counters of the last 24 hours (ADR 063), an hour a bar, from Analytics
 * Engine. The operator is named by configuration (OPERATOR_EMAILS); to anyone else there is no
 * such page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireConsultant(context, request);
  if (!(await context.services.operator.isOperator(context.env, context.db, context.identity))) throw new Response(null, { status: 404 });
  const { operator } = context.services;
  const [charts, reports] = await Promise.all([operator.lastDay(context.env), operator.managerReports(context.db)]);
  return { ...charts, reports };
}

const WIDTH = 240;
const HEIGHT = 64;

function Chart({ chart, from }: { chart: OperatorChart; from: number }) {
  const { t, i18n } = useTranslation();
  const format = useDateFormatter();
  const max = Math.max(1, ...chart.hours);
  const step = WIDTH / chart.hours.length;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const title = t(`operator.counters.${chart.counter}`);
  return (
    <figure className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <span className="text-lg font-bold tabular-nums">{number(chart.total)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-16 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={t('operator.chartLabel', { title, total: number(chart.total) })}
      >
        {chart.hours.map((n, index) => {
          const height = (n / max) * (HEIGHT - 2);
          return (
            <rect key={index} x={index * step + 1} y={HEIGHT - height} width={step - 2} height={Math.max(height, n > 0 ? 1 : 0)} className="fill-primary-dark">
              <title>{`${format(from + index * HOUR_MS, 'time')}: ${number(n)}`}</title>
            </rect>
          );
        })}
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-slate-300" />
      </svg>
      <div className="mt-1 flex justify-between text-xs text-slate-600">
        <span>{format(from, 'time')}</span>
        <span>{t('operator.now')}</span>
      </div>
      {chart.details.length > 0 ? (
        <ul className="mt-2 space-y-0.5 text-sm">
          {chart.details.slice(0, 6).map(([detail, n]) => (
            <li key={detail} className="flex justify-between gap-2">
              <span className="truncate">{detail}</span>
              <span className="tabular-nums">{number(n)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}

export default function OperatorPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const format = useDateFormatter();
  return (
    <div>
      <PageHeader title={t('operator.title')} />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
        <p className="text-slate-700">{t('operator.intro')}</p>
        {data.unavailable ? <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">{t('operator.unavailable')}</p> : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.charts.map((chart) => (
            <Chart key={chart.counter} chart={chart} from={data.from} />
          ))}
        </div>
        <section aria-labelledby="operator-reports" className="mt-8">
          <h2 id="operator-reports" className="text-lg font-semibold">
            {t('operator.reportsTitle')}
          </h2>
          {data.reports.length === 0 ? (
            <p className="mt-2 text-slate-700">{t('operator.reportsNone')}</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {data.reports.map((report) => (
                <li key={report.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <p className="flex flex-wrap justify-between gap-2 text-sm text-slate-600">
                    <span>{t('operator.reportsParty', { title: report.partyTitle })}</span>
                    <span>{format(report.at, 'dateTime')}</span>
                  </p>
                  <p className="mt-1 font-semibold">
                    {t('operator.reportsManager', { name: report.managerName })} · {t(`abuseReports.reasons.${report.reason}`)}
                  </p>
                  {report.excerpt ? <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-slate-800">{report.excerpt}</blockquote> : null}
                  {report.note ? <p className="mt-2 text-slate-700">{report.note}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </div>
  );
}
