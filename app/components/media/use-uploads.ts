import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '~/core/errors';
import { TIMINGS } from '~/core/limits';
import { planUpload } from '~/core/media-upload';
import type { MediaKind } from '~/core/media';
import { signInAgain } from '~/lib/api';
import { uploadIntoLibrary } from '~/lib/library-upload';
import { useLeaveWarning } from '~/lib/use-leave-warning';
import { useTimedNotice } from '~/lib/use-timed-notice';

/** The file the banner is about while it uploads, converts or has succeeded (each failure is reported apart). */
export interface UploadProgress {
  title: string;
  /** 1-based place in the whole run, and the run's length. */
  index: number;
  total: number;
  phase: 'uploading' | 'converting' | 'success';
  /** 0–100 while uploading. */
  percent: number;
}

export interface UploadFailure {
  key: number;
  name: string;
  /** Why, when known, in the reader's language: the server's refusal or the rule that refused it before sending. */
  reason: string | null;
  /** How many files of the same send were not sent after it (a chat's send stops at its first failure). */
  notSent?: number;
}

type Job = { file: File; title: string; path: string } & ({ kind: MediaKind } | { refused: ErrorCode });

/**
 * The library's uploads: files queue up and go one at a time into the folder they were chosen in; a
 * video is analysed first, converted after its bytes are up, and followed until Stream is done. A
 * file that fails is reported for 3 s and the next one goes on; more than 20 files at once are
 * refused as a whole with a warning for 5 s. `onChanged` runs whenever the library gained or
 * changed an item, so the page shows cards as files finish.
 */
export function useUploads(onChanged: () => void, onUploaded?: (item: { id: string; kind: MediaKind }, file: File) => void) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // A reload does not lose a library upload (choosing the file again resumes it), but asks first:
  // while files are on their way, not while the banner still says the last one arrived.
  const [working, setWorking] = useState(false);
  useLeaveWarning(working);
  const [failures, setFailures] = useState<UploadFailure[]>([]);
  // When the last selection of too many files came: a second one shows the warning its full time again.
  const tooMany = useTimedNotice<true>(TIMINGS.tooManyFilesMs);
  const queue = useRef<Job[]>([]);
  const running = useRef(false);
  const done = useRef(0);
  const failureKey = useRef(0);
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;
  // Timers die with the page, uploads do not need to: a tus upload left behind resumes next time.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const fail = useCallback(
    (name: string, reason: ErrorCode | 'conversion' | null) => {
      const key = ++failureKey.current;
      const text = reason === null || reason === 'generic' ? null : reason === 'conversion' ? t('media.upload.conversionFailed') : t(`errors.${reason}`);
      // The banner no longer speaks of a file that did not make it.
      setProgress(null);
      setFailures((current) => [...current, { key, name, reason: text }]);
      setTimeout(() => alive.current && setFailures((current) => current.filter((failure) => failure.key !== key)), TIMINGS.uploadErrorMs);
    },
    [t],
  );

  const runOne = async (job: Job, index: number, total: number) => {
    if ('refused' in job) return fail(job.file.name, job.refused);
    const result = await uploadIntoLibrary(job.file, {
      kind: job.kind,
      title: job.title,
      path: job.path,
      onPhase: (phase, percent) => alive.current && setProgress({ title: job.title, index, total, phase, percent }),
      onChanged: () => onChangedRef.current(),
    });
    if (!result.ok) {
      if (result.status === 401) return signInAgain(true);
      return fail(job.file.name, result.reason);
    }
    alive.current && setProgress({ title: job.title, index, total, phase: 'success', percent: 100 });
    onUploadedRef.current?.({ id: result.id, kind: job.kind }, job.file);
  };

  const run = async () => {
    if (running.current) return;
    running.current = true;
    setWorking(true);
    let job: Job | undefined;
    while ((job = queue.current.shift())) {
      const index = ++done.current;
      try {
        await runOne(job, index, index + queue.current.length);
      } catch {
        fail(job.file.name, null);
      }
    }
    running.current = false;
    setWorking(false);
    done.current = 0;
    setTimeout(() => alive.current && !running.current && setProgress(null), TIMINGS.uploadBannerClearMs);
  };

  /** Files chosen or dropped for the folder at `path` (the API's path: folder ids joined by '/'). */
  const add = (files: File[], path: string) => {
    if (files.length === 0) return;
    const plan = planUpload(files);
    if ('error' in plan) {
      tooMany.show(true);
      return;
    }
    queue.current.push(...plan.files.map((entry) => ({ ...entry, path })));
    void run();
  };

  return { add, progress, failures, tooMany: tooMany.notice !== null };
}
