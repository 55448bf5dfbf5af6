import { cardLine, isCardType } from '~/core/cards';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { DateFields } from '~/components/date-fields';
import { ErrorBanner } from '~/components/error-banner';
import { FormattedText } from '~/components/formatted-text';
import { MediaIcon } from '~/components/media/media-icons';
import type { AppliedAction, AppliedTemplate } from '~/core/applied-template';
import { AUTOPLAY, current, neighbour, remaining, scheduleProblem } from '~/core/applied-template';
import type { DateTimeParts } from '~/core/dates';
import { dateTimeParts, formatDateTime, fromLocalInput, toLocalInput, wallTime } from '~/core/dates';
import type { ErrorCode } from '~/core/errors';
import { isHeadingType } from '~/core/messages';
import { isEditableMessage } from '~/core/templates';
import { templateCallError } from '~/core/errors';
import { apiFetch } from '~/lib/api';

/** The autoplay's delays on offer, within AUTOPLAY's bounds (app/core/applied-template.ts). */
const DELAYS = [5_000, 10_000, 20_000, 30_000, 60_000, 120_000, 300_000] as const;

const button = 'rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50';

/** Where the scheduling form starts: the party's start when it lies ahead, else ten minutes from now. */
function suggestedStart(partyStart: number | null, now: number): DateTimeParts {
  const at = partyStart !== null && partyStart > now ? partyStart : Math.ceil((now + 10 * 60_000) / 60_000) * 60_000;
  return dateTimeParts(toLocalInput(at, new Date().getTimezoneOffset()));
}

/**
 * The applied-template panel. One message at a time with previous/next, edit (for this party only),
 * send, hide, close and reopen, and the full send; and the timed autoplay (ADR 016). The room holds
 * the state: every control is a call, and the answer (or the socket, on the manager's other
 * devices) brings the new state. Loaded only once a template is applied.
 */
export function AppliedTemplatePanel({
  partyId,
  partyStart = null,
  partyExpiration = null,
  applied,
  onApplied,
  onError,
}: {
  partyId: string;
  /** The party's start and end (epoch ms or null): the scheduled start's suggestion and limit. */
  partyStart?: number | null;
  partyExpiration?: number | null;
  applied: AppliedTemplate;
  onApplied: (applied: AppliedTemplate | null) => void;
  onError: (code: ErrorCode) => void;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [delay, setDelay] = useState<number>(applied.autoplay?.delayMs ?? AUTOPLAY.defaultDelayMs);
  /** The scheduling form's fields while it is open (null: closed), and why its time was refused. */
  const [schedule, setSchedule] = useState<DateTimeParts | null>(null);
  const [scheduleError, setScheduleError] = useState<ErrorCode | null>(null);
  const now = useNow(applied.autoplay?.nextAt ?? null);
  const shown = current(applied);
  const left = remaining(applied);

  async function call(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<void> {
    setBusy(true);
    const result = await apiFetch<{ applied?: AppliedTemplate | null }>(`/api/parties/${partyId}/${path}`, { method, body });
    setBusy(false);
    if (!result.ok) onError(templateCallError(result));
    else if (method === 'DELETE' || path === 'sendFullTemplate') onApplied(null);
    else onApplied(result.data.applied ?? null);
  }
  const change = (action: AppliedAction) => call('template', 'PUT', action);

  /** Schedules the autoplay's start at the form's time (the room checks it again, by its clock). */
  async function scheduleStart(parts: DateTimeParts): Promise<void> {
    // The page's zone as the party dialog reads its dates.
    const at = fromLocalInput(wallTime(parts), new Date().getTimezoneOffset());
    const problem = at === null ? 'invalidDate' : scheduleProblem(at, Date.now(), partyExpiration);
    setScheduleError(problem);
    if (problem || at === null) return;
    await change({ action: 'autoplay', delayMs: delay, startAt: at });
    setSchedule(null);
  }

  if (applied.revoked) {
    return (
      <section
        aria-label={t('templatePlay.panel')}
        data-testid="applied-template"
        className="flex items-center gap-2 border-t border-slate-200 bg-white px-3 py-2 text-sm sm:px-4"
      >
        <p className="min-w-0 flex-1">
          <span className="font-semibold">{applied.title}</span> <span className="text-red-800">{t('errors.templateRevoked')}</span>
        </p>
        <button type="button" className={button} disabled={busy} onClick={() => void call('template', 'DELETE')}>
          {t('templatePlay.remove')}
        </button>
      </section>
    );
  }

  if (!applied.open) {
    return (
      <div className="flex items-center gap-2 border-t border-slate-200 bg-primary-light/30 px-3 py-1.5 text-sm">
        <span className="min-w-0 flex-1 truncate">{t('templatePlay.closedNote', { title: applied.title, count: left })}</span>
        <button type="button" className={button} disabled={busy} onClick={() => void change({ action: 'open', open: true })}>
          {t('templatePlay.show')}
        </button>
      </div>
    );
  }

  const previous = neighbour(applied, applied.position, -1);
  const next = neighbour(applied, applied.position, 1);
  const autoplay = applied.autoplay;
  const secondsLeft = autoplay?.nextAt ? Math.max(0, Math.ceil((autoplay.nextAt - now) / 1000)) : null;

  return (
    <section aria-label={t('templatePlay.panel')} data-testid="applied-template" className="border-t border-slate-200 bg-white px-3 py-2 sm:px-4">
      <div className="flex items-center gap-2">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">
          {applied.title} <span className="font-normal text-slate-600">· {t('templatePlay.left', { count: left })}</span>
        </h2>
        <button
          type="button"
          className="rounded-full p-1.5 hover:bg-slate-100"
          aria-label={t('templatePlay.close')}
          title={t('templatePlay.close')}
          onClick={() => void change({ action: 'open', open: false })}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </button>
        <button
          type="button"
          className="rounded-full p-1.5 hover:bg-slate-100"
          aria-label={t('templatePlay.remove')}
          title={t('templatePlay.remove')}
          onClick={() => void call('template', 'DELETE')}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>

      {shown ? (
        <div className="mt-2 flex items-stretch gap-2">
          <button
            type="button"
            className="rounded-lg px-1 hover:bg-slate-100 disabled:opacity-30"
            aria-label={t('templatePlay.previous')}
            disabled={busy || previous === null}
            onClick={() => previous !== null && void change({ action: 'move', position: previous })}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="m15 18-6-6 6-6" />
            </svg>
          </button>
          <div
            className="max-h-40 min-w-0 flex-1 overflow-y-auto rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200"
            data-testid="template-message"
            aria-live="polite"
          >
            {editing === shown.id ? (
              <EditForm
                initial={shown.message}
                onCancel={() => setEditing(null)}
                onSave={(message) => {
                  setEditing(null);
                  void change({ action: 'edit', messageId: shown.id, message });
                }}
              />
            ) : (
              <>
                {shown.media ? (
                  <div className="mb-1 flex items-center gap-2 text-sm text-slate-700">
                    {shown.media.mediaAttachmentType === 'image' ? (
                      <img src={`/files/${shown.media.mediaAttachment}/preview`} alt="" className="h-12 w-12 rounded object-cover" />
                    ) : (
                      <MediaIcon type={shown.media.mediaAttachmentType} className="h-6 w-6" />
                    )}
                    <span className="truncate">{shown.mediaTitle ?? t('templatePlay.file')}</span>
                  </div>
                ) : null}
                {shown.messageType === 'profile' ? (
                  <p className="text-sm text-slate-700">{t('templatePlay.profileCard')}</p>
                ) : isCardType(shown.messageType) ? (
                  <p className="break-words">{cardLine(shown.messageType, shown.message)}</p>
                ) : shown.message ? (
                  <div className={`whitespace-pre-wrap break-words ${isHeadingType(shown.messageType) ? 'font-semibold' : ''}`}>
                    <FormattedText text={shown.message} />
                  </div>
                ) : null}
                {shown.problem ? <p className="mt-1 text-sm text-red-800">{t(`errors.${shown.problem}`)}</p> : null}
              </>
            )}
          </div>
          <button
            type="button"
            className="rounded-lg px-1 hover:bg-slate-100 disabled:opacity-30"
            aria-label={t('templatePlay.next')}
            disabled={busy || next === null}
            onClick={() => next !== null && void change({ action: 'move', position: next })}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="m9 18 6-6-6-6" />
            </svg>
          </button>
        </div>
      ) : null}

      {shown && editing !== shown.id ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={`${button} bg-primary-dark text-white ring-0 hover:bg-primary-dark/90`}
            disabled={busy || shown.problem !== null}
            onClick={() => void change({ action: 'send', messageId: shown.id })}
          >
            {t('templatePlay.send')}
          </button>
          {isEditableMessage(shown.messageType) ? (
            <button type="button" className={button} disabled={busy} onClick={() => setEditing(shown.id)}>
              {t('templatePlay.edit')}
            </button>
          ) : null}
          <button type="button" className={button} disabled={busy} onClick={() => void change({ action: 'hide', messageId: shown.id })}>
            {t('templatePlay.hide')}
          </button>
          <button type="button" className={button} disabled={busy} onClick={() => setConfirmAll(true)}>
            {t('templatePlay.sendAll')}
          </button>
        </div>
      ) : null}

      <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2 text-sm" data-testid="autoplay">
        <span className="font-medium">{t('templatePlay.autoplay')}</span>
        {autoplay && !autoplay.paused ? (
          <>
            {autoplay.startAt ? (
              <span className="text-slate-600" data-testid="scheduled-start">
                {t('templatePlay.startsAt', { when: formatDateTime(autoplay.startAt, i18n.language) })}
              </span>
            ) : (
              <span role="timer" className="text-slate-600">
                {t('templatePlay.nextIn', { seconds: secondsLeft ?? 0 })}
              </span>
            )}
            <button type="button" className={button} disabled={busy} onClick={() => void change({ action: 'pause' })}>
              {t('templatePlay.pause')}
            </button>
          </>
        ) : (
          <>
            <label className="flex items-center gap-1">
              <span className="sr-only sm:not-sr-only">{t('templatePlay.delay')}</span>
              <select value={delay} onChange={(event) => setDelay(Number(event.target.value))} className="rounded-lg border border-slate-300 px-2 py-1">
                {DELAYS.map((ms) => (
                  <option key={ms} value={ms}>
                    {ms < 60_000 ? t('templatePlay.seconds', { count: ms / 1000 }) : t('templatePlay.minutes', { count: ms / 60_000 })}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className={button} disabled={busy} onClick={() => void change({ action: 'autoplay', delayMs: delay })}>
              {autoplay ? t('templatePlay.resume') : t('templatePlay.play')}
            </button>
            <button
              type="button"
              className={button}
              disabled={busy}
              aria-expanded={schedule !== null}
              aria-controls="autoplay-schedule"
              onClick={() => {
                setScheduleError(null);
                setSchedule(schedule ? null : suggestedStart(partyStart, Date.now()));
              }}
            >
              {t('templatePlay.schedule')}
            </button>
            {autoplay?.error ? (
              <span className="text-red-800">{t(`errors.${autoplay.error}`)}</span>
            ) : autoplay ? (
              <span className="text-slate-600">{t('templatePlay.paused')}</span>
            ) : null}
          </>
        )}
        {autoplay ? (
          <button type="button" className={button} disabled={busy} onClick={() => void change({ action: 'stop' })}>
            {t('templatePlay.stop')}
          </button>
        ) : null}
      </div>
      {schedule && !(autoplay && !autoplay.paused) ? (
        <form
          id="autoplay-schedule"
          className="mt-2 flex flex-wrap items-end gap-3 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            void scheduleStart(schedule);
          }}
        >
          <DateFields
            id="autoplay-start"
            legend={t('templatePlay.startLegend')}
            parts={schedule}
            onChange={(parts) => {
              setSchedule(parts);
              setScheduleError(null);
            }}
            invalid={scheduleError !== null}
            describedBy="autoplay-start-hint"
          />
          <button type="submit" className={button} disabled={busy}>
            {t('templatePlay.scheduleStart')}
          </button>
          {scheduleError ? (
            <ErrorBanner layout="field" id="autoplay-start-hint" code={scheduleError} className="basis-full" />
          ) : (
            <p id="autoplay-start-hint" className="basis-full text-slate-600">
              {t('templatePlay.scheduleHint')}
            </p>
          )}
        </form>
      ) : null}

      {confirmAll ? (
        <ConfirmDialog
          title={t('templatePlay.sendAllTitle')}
          confirmLabel={t('templatePlay.sendAll')}
          onCancel={() => setConfirmAll(false)}
          onConfirm={() => {
            setConfirmAll(false);
            void call('sendFullTemplate', 'POST', { templateId: applied.templateId });
          }}
        >
          {t('templatePlay.sendAllText', { count: left })}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function EditForm({ initial, onSave, onCancel }: { initial: string; onSave: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(text);
      }}
    >
      <label className="sr-only" htmlFor="template-edit">
        {t('templatePlay.edit')}
      </label>
      <textarea
        id="template-edit"
        value={text}
        rows={3}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 px-2 py-1 text-base"
      />
      <div className="mt-1 flex justify-end gap-2">
        <button type="button" className={button} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={`${button} bg-primary-dark text-white ring-0`}>
          {t('templatePlay.save')}
        </button>
      </div>
    </form>
  );
}

/** The clock, ticking each second while a countdown runs. */
function useNow(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return now;
}
