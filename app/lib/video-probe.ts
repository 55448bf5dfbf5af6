import { BlobSource, Input, MATROSKA, MP4, QTFF, WEBM } from 'mediabunny';
import { isPortraitVideo } from '~/core/media-upload';

/** What the convert call (PUT /media/convert/{id}) needs to know about a video. */
export interface VideoAnalysis {
  isPortrait: boolean;
  noAudio: boolean;
}

/** The analysis, with the video's length in seconds (null when unknown): how long its conversion is left alone first. */
export interface VideoProbe extends VideoAnalysis {
  durationSeconds: number | null;
}

/**
 * mediabunny's part of the analysis, in a module of its own that is only ever loaded dynamically
 * (video-analysis.ts imports its types, which leave nothing behind): named imports let the bundler
 * keep only the readers of the common containers (a destructured `import('mediabunny')` kept the
 * whole library, four times the size).
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
