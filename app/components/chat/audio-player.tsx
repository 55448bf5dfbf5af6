import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '~/core/voice';

/** Seconds an arrow key moves the position. */
const ARROW_STEP_S = 5;

/** The one player sounding on the page: starting another pauses it, as two voices at once help nobody. */
let sounding: HTMLAudioElement | null = null;

/**
 * A voice or audio message's player inside its bubble: play/pause, the position as a slider
 * (arrows move 5 s, Home and End go to the ends), the time played and the length. The browser's
 * own controls differ by browser and are hard to fit into a bubble on a phone; this one has the
 * same size everywhere, so the virtualised list knows the row's height before the file has loaded.
 */
export function AudioPlayer({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(Number.NaN);
  const [failed, setFailed] = useState(false);
  const known = Number.isFinite(duration) && duration > 0;

  useEffect(() => {
    const element = audio.current;
    return () => {
      if (sounding === element) sounding = null;
    };
  }, []);

  function toggle() {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setFailed(true));
    else element.pause();
  }

  function seek(seconds: number) {
    const element = audio.current;
    if (!element || !known) return;
    element.currentTime = Math.min(Math.max(seconds, 0), duration);
    setCurrent(element.currentTime);
  }

  return (
    <div className="mt-1 flex w-64 max-w-full items-center gap-2 rounded-xl bg-slate-50 px-2 py-2 ring-1 ring-slate-200" data-testid="audio-message">
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        data-testid="audio-element"
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onPlay={(event) => {
          if (sounding && sounding !== event.currentTarget) sounding.pause();
          sounding = event.currentTarget;
          setPlaying(true);
        }}
        onPause={() => setPlaying(false)}
        onEnded={(event) => {
          setPlaying(false);
          event.currentTarget.currentTime = 0;
        }}
        onError={() => setFailed(true)}
      />
      <button
        type="button"
        onClick={toggle}
        disabled={failed}
        aria-label={playing ? t('voice.pause', { title }) : t('voice.play', { title })}
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary-dark text-white hover:bg-primary-dark/90 disabled:opacity-40"
      >
        {playing ? (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
            <rect x="6" y="5" width="4" height="14" rx="1" />
            <rect x="14" y="5" width="4" height="14" rx="1" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-0.5 h-5 w-5" fill="currentColor">
            <path d="M7 4.5v15a1 1 0 0 0 1.5.9l12-7.5a1 1 0 0 0 0-1.8l-12-7.5A1 1 0 0 0 7 4.5Z" />
          </svg>
        )}
      </button>
      <div className="min-w-0 flex-1">
        {failed ? (
          <p className="text-sm text-slate-700">{t('voice.unplayable')}</p>
        ) : (
          <>
            <input
              type="range"
              min={0}
              max={known ? duration : 0}
              step="any"
              value={known ? Math.min(current, duration) : 0}
              disabled={!known}
              aria-label={t('voice.position', { title })}
              aria-valuetext={t('voice.positionValue', { current: formatClock(current), duration: formatClock(duration) })}
              onChange={(event) => seek(Number(event.target.value))}
              onKeyDown={(event) => {
                const step =
                  event.key === 'ArrowRight' || event.key === 'ArrowUp'
                    ? ARROW_STEP_S
                    : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
                      ? -ARROW_STEP_S
                      : 0;
                if (step === 0) return;
                event.preventDefault();
                seek(current + step);
              }}
              className="block h-6 w-full cursor-pointer accent-primary-dark disabled:cursor-default"
              data-testid="audio-position"
            />
            <p className="flex justify-between text-xs tabular-nums text-slate-600" aria-hidden="true">
              <span data-testid="audio-current">{formatClock(current)}</span>
              <span data-testid="audio-duration">{known ? formatClock(duration) : '–:––'}</span>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
