import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { DialogActions, DialogTitle } from '~/components/dialog-actions';
import { ErrorBanner } from '~/components/error-banner';
import { useDateFormatter } from '~/components/local-time';
import type { ErrorCode } from '~/core/errors';
import type { ChatMessage } from '~/core/protocol';
import type { PartyReport, ReportAction, ReportReason } from '~/core/reports';
import { REPORT_NOTE_MAX, REPORT_REASONS } from '~/core/reports';
import { apiFetch } from '~/lib/api';

/** A failed call's code and the id support finds it by (ADR 063). */
type Failure = { code: ErrorCode; requestId?: string } | null;

/**
 * Reporting a message, or its sender as a person, to the party's manager and host (ADR 064). Loaded
 * with its texts when first opened, never with the party page.
 */
export function ReportDialog({
  partyId,
  message,
  onClose,
  onSent,
}: {
  partyId: string;
  message: ChatMessage;
  onClose: () => void;
  onSent: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [about, setAbout] = useState<'message' | 'member'>('message');
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const send = async () => {
    if (!reason) return;
    setBusy(true);
    const target = about === 'message' ? { messageId: message.id } : { memberId: message.sender };
    const result = await apiFetch<{ id: string }>(`/api/parties/${partyId}/reports`, {
      method: 'POST',
      body: { ...target, reason, ...(note.trim() ? { note: note.trim() } : {}) },
    });
    setBusy(false);
    if (result.ok) onSent(t('abuseReports.sent'));
    else setFailure({ code: result.code, ...(result.requestId ? { requestId: result.requestId } : {}) });
  };
  return (
    <Dialog aria-labelledby={`${id}-title`} onCancel={onClose} size="md" className="p-6">
      <DialogTitle id={`${id}-title`}>{t('abuseReports.title')}</DialogTitle>
      <fieldset className="mt-3">
        <legend className="sr-only">{t('abuseReports.title')}</legend>
        {(['message', 'member'] as const).map((kind) => (
          <label key={kind} className="flex items-start gap-2 py-1">
            <input type="radio" name={`${id}-about`} checked={about === kind} onChange={() => setAbout(kind)} className="mt-1" />
            <span>
              {kind === 'message' ? t('abuseReports.aboutMessage', { name: message.senderName }) : t('abuseReports.aboutMember', { name: message.senderName })}
            </span>
          </label>
        ))}
      </fieldset>
      {about === 'message' && message.message ? (
        <blockquote className="mt-2 line-clamp-3 border-l-4 border-slate-300 pl-3 text-slate-700">{message.message}</blockquote>
      ) : null}
      <p className="mt-3 text-sm text-slate-600">
        {about === 'message' ? t('abuseReports.messageIntro') : t('abuseReports.memberIntro', { name: message.senderName })}
      </p>
      <fieldset className="mt-3">
        <legend className="font-medium">{t('abuseReports.reason')}</legend>
        {REPORT_REASONS.map((option) => (
          <label key={option} className="flex items-center gap-2 py-1">
            <input type="radio" name={`${id}-reason`} checked={reason === option} onChange={() => setReason(option)} />
            <span>{t(`abuseReports.reasons.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className="mt-3 block">
        <span className="font-medium">{t('abuseReports.note')}</span>
        <textarea
          value={note}
          maxLength={REPORT_NOTE_MAX}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </label>
      {failure ? <ErrorBanner code={failure.code} requestId={failure.requestId} className="mt-3" /> : null}
      <DialogActions confirmLabel={t('abuseReports.send')} onConfirm={() => void send()} onCancel={onClose} confirmDisabled={!reason || busy} />
    </Dialog>
  );
}

/** The manager's and the host's open reports, each with what may be done about it. */
export function ReportsDialog({ partyId, onClose, onNotice }: { partyId: string; onClose: () => void; onNotice: (text: string) => void }) {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const id = useId();
  const [reports, setReports] = useState<PartyReport[] | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = async () => {
    const result = await apiFetch<PartyReport[]>(`/api/parties/${partyId}/reports`);
    if (result.ok) setReports(result.data);
    else setFailure({ code: result.code, ...(result.requestId ? { requestId: result.requestId } : {}) });
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [partyId]);
  const resolve = async (report: PartyReport, action: ReportAction) => {
    setBusy(report.id);
    const result = await apiFetch<null>(`/api/parties/${partyId}/reports/${report.id}`, { method: 'POST', body: { action } });
    setBusy(null);
    if (!result.ok) return setFailure({ code: result.code, ...(result.requestId ? { requestId: result.requestId } : {}) });
    setFailure(null);
    onNotice(t('abuseReports.resolved'));
    await load();
  };
  const button = 'rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-50';
  return (
    <Dialog aria-labelledby={`${id}-title`} onCancel={onClose} size="lg" className="flex max-h-[calc(100dvh-1.5rem)] flex-col p-6">
      <DialogTitle id={`${id}-title`}>{t('abuseReports.listTitle')}</DialogTitle>
      {failure ? <ErrorBanner code={failure.code} requestId={failure.requestId} className="mt-3" /> : null}
      <div className="mt-3 min-h-0 flex-1 overflow-y-auto">
        {reports === null ? null : reports.length === 0 ? (
          <p className="text-slate-700">{t('abuseReports.listNone')}</p>
        ) : (
          <ul className="space-y-3">
            {reports.map((report) => (
              <li key={report.id} className="rounded-xl border border-slate-200 p-3" data-testid="report">
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-semibold">
                    {report.messageId
                      ? t('abuseReports.aboutMessage', { name: report.memberName })
                      : t('abuseReports.aboutMember', { name: report.memberName })}
                    {report.memberGone ? ` ${t('abuseReports.memberGone')}` : ''}
                  </span>
                  <span className="text-sm text-slate-600">{format(report.at, 'dateTime')}</span>
                </p>
                <p className="text-sm text-slate-700">{t(`abuseReports.reasons.${report.reason}`)}</p>
                {report.excerpt !== null ? (
                  <blockquote className="mt-1 border-l-4 border-slate-300 pl-3 text-slate-800">
                    {report.excerpt}
                    {report.messageGone ? ` ${t('abuseReports.gone')}` : ''}
                  </blockquote>
                ) : null}
                {report.note ? <p className="mt-1 text-slate-700">{report.note}</p> : null}
                <div className="mt-2 flex flex-wrap gap-2">
                  {report.messageId && !report.messageGone ? (
                    <button type="button" className={button} disabled={busy !== null} onClick={() => void resolve(report, 'delete')}>
                      {t('abuseReports.delete')}
                    </button>
                  ) : null}
                  {!report.memberGone ? (
                    <button type="button" className={button} disabled={busy !== null} onClick={() => void resolve(report, 'remove')}>
                      {t('abuseReports.remove')}
                    </button>
                  ) : null}
                  <button type="button" className={button} disabled={busy !== null} onClick={() => void resolve(report, 'dismiss')}>
                    {t('abuseReports.dismiss')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <DialogActions confirmLabel={t('abuseReports.close')} onCancel={onClose} inform />
    </Dialog>
  );
}
