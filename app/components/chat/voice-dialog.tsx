import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { Dialog } from '~/components/dialog';
import { MicIcon } from '~/components/media/media-icons';
import type { ErrorCode } from '~/core/errors';
import { LIMITS, TIMINGS } from '~/core/limits';
import type { VoiceStartFailure } from '~/core/voice';
import { formatClock } from '~/core/voice';
import type { ApiResult } from '~/lib/api';
import { signInAgain } from '~/lib/api';
import { uploadToParty } from '~/lib/upload';
import type { VoiceFile, VoiceRecording } from '~/lib/voice-recorder';
import { playableVoice, startVoiceRecording } from '~/lib/voice-recorder';
import { useLeaveWarning } from '~/lib/use-leave-warning';
import { useClearAfter } from '~/lib/use-timed-notice';

type State =
  | { kind: 'waiting' }
  | { kind: 'recording'; recording: VoiceRecording }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'error'; code: ErrorCode }
  | { kind: 'failed'; reason: VoiceStartFailure };

/**
 * Where a recording goes: into a party (the party's own file, as a guest's photo), or into the
 * consultant's library as an audio item like any audio file uploaded there (the template editor),
 * under `title`.
 */
export type VoiceTarget = { kind: 'party'; partyId: string } | { kind: 'library'; title: string };

/** Stores the recording where `target` says and answers its id: the party's file, or the library item. */
async function store(target: VoiceTarget, file: VoiceFile): Promise<ApiResult<string>> {
  if (target.kind === 'party') {
    const uploaded = await uploadToParty(target.partyId, 'voice', file.blob, file.contentType, file.extension);
    return uploaded.ok ? { ok: true, data: uploaded.data.mediaAttachment } : uploaded;
  }
  // Loaded only here: a guest's recorder never needs the library's uploader.
  const { uploadIntoLibrary } = await import('~/lib/library-upload');
  const named = new File([file.blob], `${target.title}.${file.extension}`, { type: file.contentType, lastModified: Date.now() });
  const uploaded = await uploadIntoLibrary(named, { kind: 'audio', title: target.title, path: '', onPhase: () => {} });
  if (uploaded.ok) return { ok: true, data: uploaded.id };
  return { ok: false, code: uploaded.reason === 'conversion' ? 'generic' : uploaded.reason, status: uploaded.status };
}

/**
 * The voice recording dialog: waiting (for the microphone), then recording with the time so far,
 * a cancel and a send; sending converts the recording into a file every browser plays and stores
 * it where `target` says (see VoiceTarget), then `onRecorded` gets the stored file's id and the
 * dialog closes `TIMINGS.voiceCloseDelayMs` after saying "sent". When recording cannot start (no
 * recorder, no microphone, permission refused) the dialog gives way to an alert that says why.
 * Loaded only when opened.
 */
export function VoiceDialog({ target, onRecorded, onClose }: { target: VoiceTarget; onRecorded: (id: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'waiting' });
  const [elapsed, setElapsed] = useState(0);
  // A recording exists only in this page until it has been sent.
  useLeaveWarning(state.kind === 'recording' || state.kind === 'sending');
  const sendButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const ok = useRef<HTMLButtonElement>(null);
  // Set once the dialog is gone or the recording was ended, so a late answer changes nothing.
  const recordingRef = useRef<VoiceRecording | null>(null);
  const closed = useRef(false);

  useEffect(() => {
    let active = true;
    closed.current = false;
    void startVoiceRecording().then((started) => {
      if (!started.ok) {
        if (active) setState({ kind: 'failed', reason: started.reason });
        return;
      }
      if (!active) {
        started.recording.cancel();
        return;
      }
      recordingRef.current = started.recording;
      setState({ kind: 'recording', recording: started.recording });
    });
    return () => {
      active = false;
      closed.current = true;
      recordingRef.current?.cancel();
      recordingRef.current = null;
    };
  }, []);

  const recording = state.kind === 'recording' ? state.recording : null;
  useEffect(() => {
    if (!recording) return;
    // Send is disabled until the microphone is on; then it is what the reader most likely wants.
    sendButton.current?.focus();
    const tick = () => {
      const ms = recording.elapsedMs();
      setElapsed(ms);
      if (ms >= LIMITS.voiceMaxMs) void send();
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
    // `send` reads only refs; the timer follows the recording.
  }, [recording]);

  // The page renders again on every chat event: the closing time follows the state, not the callback.
  useClearAfter(state.kind === 'sent', TIMINGS.voiceCloseDelayMs, onClose);

  async function send() {
    const current = recordingRef.current;
    if (!current) return;
    recordingRef.current = null;
    setState({ kind: 'sending' });
    let code: ErrorCode = 'generic';
    try {
      const file = await playableVoice(await current.stop());
      const stored = await store(target, file);
      if (stored.ok) {
        if (closed.current) return;
        onRecorded(stored.data);
        setState({ kind: 'sent' });
        return;
      }
      if (stored.status === 401 && target.kind === 'library') return signInAgain(true);
      code = stored.code;
    } catch {
      // A recording that cannot be read or converted: said as the generic failure below.
    }
    if (!closed.current) setState({ kind: 'error', code });
  }

  function cancel() {
    recordingRef.current?.cancel();
    recordingRef.current = null;
    onClose();
  }

  if (state.kind === 'failed') {
    return (
      <Dialog
        role="alertdialog"
        aria-labelledby={`${id}-failed`}
        aria-describedby={`${id}-reason`}
        onCancel={onClose}
        initialFocus={ok}
        className="p-6"
        key="failed"
      >
        <h2 id={`${id}-failed`} className="text-lg font-semibold">
          {t('voice.failedTitle')}
        </h2>
        <p id={`${id}-reason`} className="mt-2 text-slate-700" data-testid="voice-failed">
          {t(`voice.failure.${state.reason}`)}
        </p>
        <div className="mt-5 flex justify-end">
          <button ref={ok} type="button" onClick={onClose} className="rounded-full bg-primary-dark px-5 py-2 font-medium text-white hover:bg-primary-dark/90">
            {t('voice.ok')}
          </button>
        </div>
      </Dialog>
    );
  }

  const busy = state.kind === 'sending' || state.kind === 'sent';
  return (
    <Dialog aria-labelledby={`${id}-title`} onCancel={busy ? undefined : cancel} initialFocus={cancelButton} className="p-6" key="voice">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('voice.title')}
      </h2>
      <div className="mt-5 flex flex-col items-center gap-2" data-testid="voice-dialog-state" data-state={state.kind}>
        <span
          className={`flex h-16 w-16 items-center justify-center rounded-full ${state.kind === 'recording' ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-600'}`}
        >
          <MicIcon className={`h-8 w-8 ${state.kind === 'recording' ? 'motion-safe:animate-pulse' : ''}`} />
        </span>
        <p className="text-3xl font-semibold tabular-nums" role="timer" aria-label={t('voice.elapsed')} data-testid="voice-elapsed">
          {formatClock(elapsed / 1000)}
        </p>
        <p className="text-sm text-slate-600">{t('voice.limit', { max: formatClock(LIMITS.voiceMaxMs / 1000) })}</p>
        <p role="status" className="min-h-6 text-center text-slate-700">
          {state.kind === 'waiting'
            ? t('voice.waiting')
            : state.kind === 'recording'
              ? t('voice.recording')
              : state.kind === 'sending'
                ? t('voice.sending')
                : state.kind === 'sent'
                  ? t('voice.sent')
                  : null}
        </p>
        <ErrorBanner layout="field" code={state.kind === 'error' ? state.code : null} className="text-center" />
      </div>
      <div className="mt-5 flex items-center justify-end gap-2">
        <button
          ref={cancelButton}
          type="button"
          onClick={cancel}
          disabled={busy}
          className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-40"
        >
          {state.kind === 'error' ? t('common.close') : t('common.cancel')}
        </button>
        {state.kind === 'error' ? null : (
          <button
            ref={sendButton}
            type="button"
            onClick={() => void send()}
            disabled={state.kind !== 'recording'}
            className="flex items-center gap-2 whitespace-nowrap rounded-full bg-primary-dark px-4 py-2 font-medium text-white hover:bg-primary-dark/90 disabled:opacity-40"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
              <path d="M3.4 20.4 21 12 3.4 3.6l.1 6.5L15 12 3.5 13.9z" />
            </svg>
            {t('voice.stopAndSend')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
