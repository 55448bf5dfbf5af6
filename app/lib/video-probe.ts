import { BlobSource, Input, MATROSKA, MP4, QTFF, WEBM } from 'mediabunny';
import { isPortraitVideo } from '~/core/media-upload';
import type { VideoProbe } from './video-analysis';

/**
 * mediabunny's part of the analysis, in a module of its own that is only ever imported
 * dynamically: named imports let the bundler keep only the readers of the common containers
 * (a destructured `import('mediabunny')` kept the whole library, four times the size).
 */
export async function probeVideo(file: Blob): Promise<VideoProbe> {
  const input = new Input({ source: new BlobSource(file), formats: [MP4, QTFF, MATROSKA, WEBM] });
  try {
    const video = await input.getPrimaryVideoTrack();
    const audio = await input.getPrimaryAudioTrack();
    const isPortrait = video ? isPortraitVideo(await video.getSquarePixelWidth(), await video.getSquarePixelHeight(), await video.getRotation()) : false;
    return { isPortrait, noAudio: audio === null, durationSeconds: await input.computeDuration() };
  } finally {
    input.dispose();
  }
}
