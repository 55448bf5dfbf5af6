import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '~/core/errors';
import { parseProductCard } from '~/core/card-text';
import type { LivePlayback, LiveStart, LiveState } from '~/core/live';
import { LIVE } from '~/core/live';
import type { ChatMessage } from '~/core/protocol';
import { fullName } from '~/core/text';
import { apiFetch } from '~/lib/api';
import type { WebRtcSession } from '~/lib/live-webrtc';
import { connected, end, play, publish } from '~/lib/live-webrtc';

/**
 * The party's live video (issue 44, ADR 060), loaded only when a show is on or the reader opens
 * the camera to go live (ADR 051: no guest's first load carries it). Two faces:
 * - the publisher's: her camera's preview, front or back, the microphone, "Start", then "you are
 *   live" with the number watching and "End" (the replay's caption in her language goes with it);
 * - a member's: the show over WHEP (low delay), or Stream's HLS through hls.js where WebRTC does not
 *   connect; muted until a tap (autoplay rules), with the live badge and the number watching; a
 *   product card sent meanwhile shows over the video for a few seconds.
 * Below lg it is a strip above the chat that folds away (the input stays); beside the chat from lg.
 */

interface Props {
  partyId: string;
  me: { id: string; role: string };
  live: LiveState;
  /** The reader opened the camera to go live (or is live: a reload picks her show up again). */
  publishing: boolean;
  /** The chat's newest message: a product card sent during the show shows over the video a while. */
  newest: ChatMessage | null;
  sideBySide: boolean;
  onClose: () => void;
  onWatching: (watching: boolean) => void;
  onError: (code: ErrorCode) => void;
}

export function LiveStage(props: Props) {
  const { live, me, publishing } = props;
  const mine = live.show?.by.id === me.id;
  const frame = props.sideBySide ? 'flex w-80 shrink-0 flex-col border-l border-slate-200 xl:w-96' : 'flex shrink-0 flex-col border-b border-slate-200';
  return (
    <section aria-label={useTranslation().t('live.title')} className={frame} data-testid="live-stage">
      {publishing || mine ? <Publisher {...props} /> : live.show ? <Viewer {...props} /> : null}
    </section>
  );
}

function Badge({ watching }: { watching: number }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2 text-xs font-semibold text-white">
      <span className="rounded bg-red-600 px-1.5 py-0.5 tracking-wide" data-testid="live-badge">
        {t('live.badge')}
      </span>
      <span data-testid="live-watching">{t('live.watching', { count: watching })}</span>
    </span>
  );
}

const BUTTON = 'rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-white/40 text-white hover:bg-white/10 disabled:opacity-50';

function Publisher({ partyId, me, live, onClose, onError, sideBySide }: Props) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [facing, setFacing] = useState<'user' | 'environment'>('user');
  const [muted, setMuted] = useState(false);
  const [state, setState] = useState<'preview' | 'starting' | 'live' | 'stopping'>('preview');
  const [failed, setFailed] = useState<string | null>(null);
  const session = useRef<WebRtcSession | null>(null);

  // The camera and microphone, again when she switches between front and back.
  useEffect(() => {
    let current = true;
    let opened: MediaStream | null = null;
    void navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: facing, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true })
      .then((stream) => {
        if (!current) return stream.getTracks().forEach((track) => track.stop());
        opened = stream;
        setCamera(stream);
        setFailed(null);
      })
      .catch(() => current && setFailed(t('live.cameraDenied')));
    return () => {
      current = false;
      opened?.getTracks().forEach((track) => track.stop());
    };
  }, [facing, t]);

  useEffect(() => {
    if (video.current && camera) video.current.srcObject = camera;
    // A switched camera goes on air without a new connection.
    const sender = session.current?.pc.getSenders().find((s) => s.track?.kind === 'video');
    const track = camera?.getVideoTracks()[0];
    if (sender && track) void sender.replaceTrack(track);
    camera?.getAudioTracks().forEach((audio) => (audio.enabled = !muted));
  }, [camera, muted]);

  // Her own show, on after a reload: she publishes again as soon as the camera is there.
  const resume = live.show !== null && state === 'preview';
  useEffect(() => {
    if (resume && camera) void start();
  }, [resume, camera]);

  useEffect(() => () => end(session.current), []);

  async function start() {
    if (!camera) return;
    setState('starting');
    setFailed(null);
    const started = await apiFetch<LiveStart>(`/api/parties/${partyId}/live`, { method: 'POST', body: {} });
    if (!started.ok) {
      setState('preview');
      return onError(started.code);
    }
    try {
      session.current = await publish(started.data.whipUrl, camera);
      await connected(session.current.pc);
      setState('live');
    } catch {
      end(session.current);
      session.current = null;
      setFailed(t('live.publishFailed'));
      // Nobody sees a show that never went out: it stops at once.
      await apiFetch(`/api/parties/${partyId}/live`, { method: 'DELETE', body: {} });
      setState('preview');
    }
  }

  async function stop() {
    setState('stopping');
    end(session.current);
    session.current = null;
    const stopped = await apiFetch(`/api/parties/${partyId}/live`, { method: 'DELETE', body: { caption: t('live.replayCaption') } });
    if (!stopped.ok && stopped.code !== 'notLive') {
      setState('live');
      return onError(stopped.code);
    }
    onClose();
  }

  const onAir = state === 'live' && live.show !== null;
  return (
    <div className="flex min-h-0 flex-col bg-slate-900">
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        {onAir ? (
          <span className="flex items-center gap-2">
            <Badge watching={live.show!.watching} />
            <span className="text-sm text-white" role="status" data-testid="live-you-are-live">
              {t('live.youAreLive')}
            </span>
          </span>
        ) : (
          <span className="text-sm font-medium text-white">{t('live.title')}</span>
        )}
        {!onAir && state === 'preview' && !live.show ? (
          <button type="button" className={BUTTON} onClick={onClose} aria-label={t('live.close')}>
            ✕
          </button>
        ) : null}
      </div>
      <video
        ref={video}
        autoPlay
        muted
        playsInline
        aria-label={t('live.title')}
        className={`w-full bg-black object-cover ${sideBySide ? 'aspect-[3/4] max-h-[60dvh]' : 'max-h-[30dvh]'} ${facing === 'user' ? '-scale-x-100' : ''}`}
        data-testid="live-preview"
      />
      {failed ? (
        <p role="alert" className="px-3 py-2 text-sm text-red-200">
          {failed}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 px-3 py-2">
        {onAir || state === 'stopping' ? (
          <button type="button" className={`${BUTTON} bg-red-600 ring-red-600`} onClick={() => void stop()} disabled={state === 'stopping'}>
            {t('live.stop')}
          </button>
        ) : (
          <button type="button" className={`${BUTTON} bg-red-600 ring-red-600`} onClick={() => void start()} disabled={!camera || state === 'starting'}>
            {state === 'starting' ? t('live.starting') : t('live.start')}
          </button>
        )}
        <button type="button" className={BUTTON} aria-pressed={muted} onClick={() => setMuted(!muted)}>
          {muted ? t('live.unmute') : t('live.mute')}
        </button>
        <button type="button" className={BUTTON} onClick={() => setFacing(facing === 'user' ? 'environment' : 'user')}>
          {t('live.switchCamera')}
        </button>
      </div>
      {me.role === 'manager' ? (
        <label className="flex items-center gap-2 px-3 pb-3 text-sm text-white">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={live.hostsMayGoLive}
            onChange={async (event) => {
              const allowed = await apiFetch(`/api/parties/${partyId}/live/hosts`, { method: 'PUT', body: { allowed: event.target.checked } });
              if (!allowed.ok) onError(allowed.code);
            }}
          />
          {t('live.hostsMay')}
        </label>
      ) : null}
    </div>
  );
}

function Viewer({ partyId, live, newest, sideBySide, onWatching }: Props) {
  const { t } = useTranslation();
  const card = useCardOverVideo(newest, live.show?.startedAt ?? null);
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [open, setOpen] = useState(true);
  const [failed, setFailed] = useState(false);
  const startedAt = live.show?.startedAt;

  // WHEP first; Stream's HLS through hls.js when WebRTC does not connect here.
  useEffect(() => {
    let current = true;
    let session: WebRtcSession | null = null;
    let hls: { destroy(): void } | null = null;
    const element = video.current;
    void (async () => {
      const playback = await apiFetch<LivePlayback>(`/api/parties/${partyId}/live`);
      if (!current || !element) return;
      if (!playback.ok) return setFailed(playback.code !== 'notLive');
      try {
        const stream = new MediaStream();
        session = await play(playback.data.whepUrl, stream);
        await connected(session.pc);
        if (!current) return end(session);
        element.srcObject = stream;
      } catch {
        end(session);
        session = null;
        if (!current) return;
        const { default: Hls } = await import('hls.js').catch(() => ({ default: null }));
        if (!current) return;
        if (Hls?.isSupported()) {
          const player = new Hls({ liveSyncDurationCount: 2, lowLatencyMode: true });
          hls = player;
          player.loadSource(playback.data.hlsUrl);
          player.attachMedia(element);
        } else if (element.canPlayType('application/vnd.apple.mpegurl')) element.src = playback.data.hlsUrl;
        else return setFailed(true);
      }
      void element.play().catch(() => {});
      onWatching(true);
    })();
    return () => {
      current = false;
      end(session);
      hls?.destroy();
      onWatching(false);
    };
  }, [partyId, startedAt, onWatching]);

  const name = live.show ? fullName(live.show.by) : '';
  return (
    <div className="relative flex min-h-0 flex-col bg-slate-900">
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <span className="flex min-w-0 items-center gap-2">
          <Badge watching={live.show?.watching ?? 0} />
          <span className="truncate text-sm text-white">{t('live.isLive', { name })}</span>
        </span>
        {!sideBySide ? (
          <button
            type="button"
            className="rounded-full px-2 py-1 text-white ring-1 ring-white/40 hover:bg-white/10"
            aria-expanded={open}
            aria-label={open ? t('live.collapse') : t('live.expand')}
            title={open ? t('live.collapse') : t('live.expand')}
            onClick={() => setOpen(!open)}
            data-testid="live-fold"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 ${open ? '' : 'rotate-180'}`} fill="none" stroke="currentColor" strokeWidth="2">
              <path d="m6 15 6-6 6 6" />
            </svg>
          </button>
        ) : null}
      </div>
      <div className={`relative ${open ? '' : 'hidden'}`}>
        <video
          ref={video}
          autoPlay
          muted={muted}
          playsInline
          aria-label={t('live.video', { name })}
          className={`w-full bg-black ${sideBySide ? 'max-h-[70dvh]' : 'max-h-[30dvh]'}`}
          data-testid="live-video"
        />
        {muted ? (
          <button
            type="button"
            className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 rounded-full bg-black/70 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/60"
            onClick={() => {
              setMuted(false);
              void video.current?.play().catch(() => {});
            }}
            data-testid="live-unmute"
          >
            🔊 {t('live.tapForSound')}
          </button>
        ) : null}
        {card ? (
          <p
            className="absolute inset-x-2 bottom-2 truncate rounded-lg bg-white/95 px-3 py-2 text-sm font-semibold text-slate-900 shadow"
            role="status"
            data-testid="live-card"
          >
            🛍️ {card}
          </p>
        ) : null}
      </div>
      {failed ? (
        <p role="alert" className="px-3 py-2 text-sm text-red-200">
          {t('live.playFailed')}
        </p>
      ) : null}
    </div>
  );
}

/** A product card sent while the show is on: its title, for LIVE.cardOverVideoMs after it came. */
function useCardOverVideo(newest: ChatMessage | null, startedAt: number | null): string | null {
  const [card, setCard] = useState<string | null>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (startedAt === null || newest?.messageType !== 'product' || shown.current === newest.id || newest.timestamp < startedAt) return;
    shown.current = newest.id;
    setCard(parseProductCard(newest.message)?.title ?? null);
  }, [newest, startedAt]);
  useEffect(() => {
    if (!card) return;
    const timer = setTimeout(() => setCard(null), LIVE.cardOverVideoMs);
    return () => clearTimeout(timer);
  }, [card]);
  return card;
}
