import { useRevalidator } from '@remix-run/react';
import type { FormEvent } from 'react';
import { useCallback, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { DialogActions, DialogTitle } from '~/components/dialog-actions';
import { EmailField } from '~/components/email-field';
import { ErrorBanner } from '~/components/error-banner';
import type { ErrorCode } from '~/core/errors';
import { IMPORT_STAGES, IMPORT_TIMINGS } from '~/core/import';
import type { ImportStage } from '~/core/import';
import type { ImportRunView } from '~/core/import-run';
import { IMPORT_IDLE, importFailureView, importRunReducer, runImport } from '~/core/import-run';
import { isEmailAddress } from '~/core/schemas';
import { apiFetch, signInAgain } from '~/lib/api';
import { filled, TEXT_FIELD, useFormValid } from '~/lib/use-form-valid';
import { useClearAfter, useTimedNotice } from '~/lib/use-timed-notice';

const credentialsValid = (values: FormData) => isEmailAddress(String(values.get('email') ?? '')) && filled(values, 'password');

type StageState = 'waiting' | 'current' | 'stopped' | 'finished';

/** Where a stage stands in `view`: the one under way, the one a failure stopped at, or one before or after it. */
function stageState(view: ImportRunView, stage: ImportStage): StageState {
  if (stage === view.stage) return view.state === 'running' ? 'current' : view.state === 'done' ? 'finished' : 'stopped';
  const at = view.progress[stage];
  return at && at.done >= at.total ? 'finished' : 'waiting';
}

const MARK: Record<StageState, string> = {
  waiting: 'border-2 border-slate-300',
  current: 'border-2 border-primary-dark border-t-transparent motion-safe:animate-spin',
  stopped: 'bg-red-700',
  finished: 'bg-primary-dark',
};

/**
 * The import from an older account (app/core/import-run.ts runs it): the older account's e-mail
 * and password, then the stages one after another with their counts. Only a pending dialog can be
 * cancelled (its button, Escape); a failed try leaves it pending with the counts where they
 * stopped, and the next try goes on from there. Done, it closes after a second and the workspace
 * loads its data again.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [view, dispatch] = useReducer(importRunReducer, IMPORT_IDLE);
  const { form, valid } = useFormValid(credentialsValid);
  const [refusal, setRefusal] = useState<ErrorCode | null>(null);
  const failure = useTimedNotice<ErrorCode>(IMPORT_TIMINGS.errorBannerMs);
  // A field's own problem shows once the reader has left it, and goes as soon as it is mended.
  const [checked, setChecked] = useState({ email: false, password: false });
  const [values, setValues] = useState({ email: '', password: '' });
  const emailProblem: ErrorCode | null = checked.email && !isEmailAddress(values.email) ? 'invalidEmail' : null;
  const passwordProblem = checked.password && values.password === '';
  const pending = view.state === 'pending';
  const status = useRef<HTMLParagraphElement>(null);

  const finish = useCallback(() => {
    revalidator.revalidate();
    onClose();
  }, [revalidator, onClose]);
  useClearAfter(view.state === 'done', IMPORT_TIMINGS.finishDelayMs, finish);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || !pending) return;
    const entered = new FormData(event.currentTarget);
    setRefusal(null);
    failure.clear();
    // The fields lock while the run goes on: the reader follows it in the status line.
    status.current?.focus();
    const credentials = { email: String(entered.get('email') ?? ''), password: String(entered.get('password') ?? '') };
    const result = await runImport((path, body) => apiFetch(path, { method: 'POST', body }), credentials, dispatch);
    if (result.ok) return;
    const shown = importFailureView(result);
    if (shown.show === 'session') signInAgain(true);
    else if (shown.show === 'signIn') setRefusal(shown.code);
    else failure.show('importFailed');
  };

  const edited = (event: FormEvent<HTMLFormElement>) => {
    const field: EventTarget = event.target;
    if (!(field instanceof HTMLInputElement) || (field.name !== 'email' && field.name !== 'password')) return;
    setValues((before) => ({ ...before, [field.name]: field.value }));
    setRefusal(null);
  };
  const left = (event: React.FocusEvent<HTMLFormElement>) => {
    const field: EventTarget = event.target;
    const name = field instanceof HTMLInputElement ? field.name : '';
    if (name === 'email' || name === 'password') setChecked((before) => ({ ...before, [name]: true }));
  };

  // Only the stage under way is news; after a failure the banner speaks.
  const now =
    view.state === 'done'
      ? t('accountImport.finished')
      : view.state === 'running' && view.stage
        ? t('accountImport.now', { stage: t(`accountImport.stages.${view.stage}`) })
        : '';

  return (
    <Dialog aria-labelledby="import-title" aria-describedby="import-intro" onCancel={pending ? onClose : undefined} size="md" className="p-6">
      <DialogTitle id="import-title">{t('accountImport.title')}</DialogTitle>
      <p id="import-intro" className="mt-2 text-slate-600">
        {t('accountImport.intro')}
      </p>
      <form ref={form} onSubmit={submit} onInput={edited} onBlur={left} noValidate className="mt-4">
        <fieldset disabled={!pending} className="space-y-3">
          <EmailField id="import-email" label={t('accountImport.email')} error={emailProblem} />
          <div>
            <label htmlFor="import-password" className="block font-medium">
              {t('accountImport.password')}
            </label>
            <input
              id="import-password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              aria-invalid={passwordProblem ? true : undefined}
              aria-describedby={passwordProblem ? 'import-password-error' : undefined}
              className={TEXT_FIELD}
            />
            <ErrorBanner layout="field" id="import-password-error" className="mt-2">
              {passwordProblem ? t('accountImport.passwordRequired') : null}
            </ErrorBanner>
          </div>
        </fieldset>
        <ErrorBanner code={refusal} className="mt-3" />
        {view.stage ? (
          <ol aria-label={t('accountImport.stagesLabel')} className="mt-4 space-y-2">
            {IMPORT_STAGES.map((stage) => {
              const at = view.progress[stage];
              const state = stageState(view, stage);
              return (
                <li key={stage} data-stage={stage} data-state={state} className="flex items-center gap-3">
                  <span aria-hidden="true" className={`h-4 w-4 shrink-0 rounded-full ${MARK[state]}`} />
                  <span className={`min-w-0 flex-1 ${state === 'waiting' ? 'text-slate-500' : 'font-medium'}`}>
                    {t(`accountImport.stages.${stage}`)}
                    <span className="sr-only"> ({t(`accountImport.state.${state}`)})</span>
                  </span>
                  {at && stage !== 'done' ? (
                    <span className="shrink-0 tabular-nums text-sm text-slate-600">{t('accountImport.count', { done: at.done, total: at.total })}</span>
                  ) : null}
                </li>
              );
            })}
          </ol>
        ) : null}
        <p ref={status} tabIndex={-1} role="status" className="mt-3 text-sm text-slate-700">
          {now}
        </p>
        <ErrorBanner code={failure.notice} className="mt-3" />
        <DialogActions
          confirmLabel={view.state === 'running' ? t('accountImport.running') : t('accountImport.start')}
          confirmDisabled={!valid || !pending}
          cancelDisabled={!pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
