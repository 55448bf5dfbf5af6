/**
 * Voice messages: which format a recording is made in and sent as, and how its times read. Pure, so
 * the choice is tested without a browser.
 *
 * Every reader must be able to play what a guest records, above all Safari on an iPhone and
 * Chrome on Android. AAC in an MP4 file (M4A) plays in both and in every desktop browser, and it is
 * what Safari's recorder makes and what Chrome's makes where the system has an AAC encoder
 * (Android, Windows, macOS). Where it cannot be recorded (Chromium on Linux, Firefox: Opus only),
 * the recording is made as Opus and re-encoded in the browser: to AAC through WebCodecs when the
 * browser has an AAC encoder, else to MP3 with the LAME encoder that ships (as WebAssembly) inside
 * an npm package of ours, never fetched from a CDN. MP3 plays everywhere as well.
 */

/** MediaRecorder types in order of preference: AAC first, then the Opus containers we can read. */
export const RECORDING_TYPES = ['audio/mp4;codecs=mp4a.40.2', 'audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'] as const;

/**
 * The type to ask the recorder for, or undefined to let the browser pick its own (the result is
 * converted whatever it is).
 */
export function recordingType(isTypeSupported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** How a recording goes out: the file format, the audio codec, and whether it must be re-encoded. */
export interface VoicePlan {
  format: 'm4a' | 'mp3';
  codec: 'aac' | 'mp3';
  /** False: AAC already, only written into a plain MP4 file of ours (see `voicePlan`). */
  transcode: boolean;
}

/**
 * What to make of a recording whose audio codec is `codec` (as the recording's file names it).
 * An AAC recording is never re-encoded, but still rewritten into a plain MP4: Chrome's recorder
 * writes a fragmented MP4 whose duration a player learns only at the end, and the bubble's
 * player shows the length before it plays.
 */
export function voicePlan(codec: string | null, canEncodeAac: boolean): VoicePlan {
  if (codec === 'aac') return { format: 'm4a', codec: 'aac', transcode: false };
  return canEncodeAac ? { format: 'm4a', codec: 'aac', transcode: true } : { format: 'mp3', codec: 'mp3', transcode: true };
}

/** The content type and extension a voice message's file is announced with (the server checks the bytes). */
export const VOICE_FILE = {
  m4a: { contentType: 'audio/mp4', extension: 'm4a' },
  mp3: { contentType: 'audio/mpeg', extension: 'mp3' },
} as const satisfies Record<VoicePlan['format'], { contentType: string; extension: string }>;

/**
 * A time as a clock reads it: m:ss, or h:mm:ss from an hour on. Anything that is not a finite,
 * non-negative number (a player that does not know the length yet) reads as 0:00.
 */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Why recording could not start, from the error getUserMedia or MediaRecorder threw. */
export type VoiceStartFailure = 'unsupported' | 'denied' | 'noMicrophone' | 'failed';

export function startFailure(error: unknown): VoiceStartFailure {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noMicrophone';
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  return 'failed';
}
