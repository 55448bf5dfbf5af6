import type Hls from 'hls.js';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch, signInAgain } from '~/lib/api';
import type { ApiResult } from '~/lib/api';
import type { Conversion } from '~/core/media-entry';

/** A rendition the reader may pick: hls.js's level index and its name by the short side (720p). */
interface Rendition {
  level: number;
  name: string;
}

/**
 * The playlist and poster of a ready video: from the library's convert call, or in a party from
 * the party's file (what its members, guests too, may ask for).
 */
async function streamOf(id: string, partyId: string | undefined): Promise<ApiResult<{ hls: string | null; poster: string | null }>> {
  if (partyId) {
    const file = await apiFetch<{ hlsUrl: string | null; posterUrl: string | null }>(`/api/parties/${partyId}/media/${id}`);
    return file.ok ? { ok: true, data: { hls: file.data.hlsUrl, poster: file.data.posterUrl } } : file;
  }
  const conversion = await apiFetch<Conversion>(`/api/media/convert/${id}`);
  return conversion.ok
    ? { ok: true, data: { hls: conversion.data.conversionStatus === 'READY' ? conversion.data.hls : null, poster: conversion.data.poster } }
    : conversion;
}

type Source = { kind: 'loading' } | { kind: 'failed' } | { kind: 'playing'; poster: string | null; renditions: Rendition[] | null };

/**
 * A converted video, streamed as adaptive HLS with a quality selector (ADR 024). Its playlist and
 * poster come from the convert call; hls.js plays it where the browser has Media Source Extensions,
 * and is only loaded here, when a video is opened. An iPhone (Safari without MediaSource) plays HLS
 * itself and picks the quality on its own: no selector there.
 */
export function VideoPlayer({ id, title, partyId }: { id: string; title: string; partyId?: string | undefined }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const hls = useRef<Hls | null>(null);
  const [source, setSource] = useState<Source>({ kind: 'loading' });
  const [level, setLevel] = useState(-1);
  const qualityId = useId();

  useEffect(() => {
    let current = true;
    void (async () => {
      let stream = await streamOf(id, partyId);
      // A video Stream still converts (a live show's recording, an import's) is asked for again a while.
      for (let tries = 0; current && stream.ok && !stream.data.hls && tries < 60; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        stream = await streamOf(id, partyId);
      }
      if (!current) return;
      if (!stream.ok && stream.status === 401 && !partyId) return signInAgain(true);
      const element = video.current;
      if (!stream.ok || !stream.data.hls || !element) return setSource({ kind: 'failed' });
      const { hls: playlist, poster } = stream.data;
      if (!('MediaSource' in window) && element.canPlayType('application/vnd.apple.mpegurl')) {
        element.src = playlist;
        return setSource({ kind: 'playing', poster, renditions: null });
      }
      const { default: HlsPlayer } = await import('hls.js').catch(() => ({ default: null }));
      if (!current) return;
      if (!HlsPlayer?.isSupported()) return setSource({ kind: 'failed' });
      const player = new HlsPlayer();
      hls.current = player;
      player.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
        const renditions = data.levels
          .map((rendition, index) => ({ level: index, height: Math.min(rendition.width, rendition.height) || rendition.height }))
          .sort((a, b) => b.height - a.height)
          .map(({ level, height }) => ({ level, name: `${height}p` }));
        setSource({ kind: 'playing', poster, renditions });
      });
      player.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // hls.js's own advice: a network or media error may recover; anything else ends playback.
        if (data.type === HlsPlayer.ErrorTypes.NETWORK_ERROR) player.startLoad();
        else if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR) player.recoverMediaError();
        else setSource({ kind: 'failed' });
      });
      player.loadSource(playlist);
      player.attachMedia(element);
    })();
    return () => {
      current = false;
      hls.current?.destroy();
      hls.current = null;
    };
  }, [id, partyId]);

  return (
    <div>
      <video
        ref={video}
        controls
        playsInline
        preload="metadata"
        poster={source.kind === 'playing' ? (source.poster ?? undefined) : undefined}
        aria-label={title}
        className="max-h-[calc(100dvh-12rem-var(--caption-room,0rem))] w-full rounded-lg bg-black"
        data-testid="video-player"
      />
      {source.kind === 'failed' ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-300">
          {t('media.viewer.videoFailed')}
        </p>
      ) : null}
      {source.kind === 'playing' && source.renditions ? (
        <div className="mt-2 flex items-center gap-2">
          <label htmlFor={qualityId} className="text-sm text-slate-300">
            {t('media.viewer.quality')}
          </label>
          <select
            id={qualityId}
            value={level}
            onChange={(event) => {
              const next = Number(event.target.value);
              setLevel(next);
              // -1 is hls.js's automatic choice; a level switches at once rather than after the buffer.
              if (hls.current) hls.current.currentLevel = next;
            }}
            className="rounded-lg border border-slate-600 bg-slate-900 px-2 py-1 text-sm text-white"
          >
            <option value={-1}>{t('media.viewer.qualityAuto')}</option>
            {source.renditions.map((rendition) => (
              <option key={rendition.level} value={rendition.level}>
                {rendition.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}
