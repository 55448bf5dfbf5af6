import type { VideoProbe } from './video-probe';

/**
 * Reads a video's track headers in the browser before it is uploaded (orientation after rotation,
 * whether it has an audio track). mediabunny reads only the container's index, never the whole
 * file, so a 50 GB video costs a few reads; it is loaded with the first video. A file it cannot
 * read is not refused: Stream converts what it can, and the answer is landscape with sound.
 */
export async function analyseVideo(file: Blob): Promise<VideoProbe> {
  try {
    const { probeVideo } = await import('./video-probe');
    return await probeVideo(file);
  } catch {
    return { isPortrait: false, noAudio: false, durationSeconds: null };
  }
}
