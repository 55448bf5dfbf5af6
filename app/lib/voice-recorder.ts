import type { VoiceStartFailure } from '~/core/voice';
import { VOICE_FILE, recordingType, startFailure, voicePlan } from '~/core/voice';

/** A recording under way: its length so far, and the two ways it ends. */
export interface VoiceRecording {
  /** Milliseconds recorded so far. */
  elapsedMs(): number;
  /** Ends the recording and gives its bytes, in the type the recorder made. */
  stop(): Promise<Blob>;
  /** Ends it and throws the recording away. */
  cancel(): void;
}

/** A voice message's file, ready to announce and upload. */
export interface VoiceFile {
  blob: Blob;
  contentType: string;
  extension: string;
}

/**
 * Asks for the microphone and starts recording. Fails (and releases whatever it got) when the
 * browser has no recorder, the reader refuses the microphone or there is none.
 */
export async function startVoiceRecording(): Promise<{ ok: true; recording: VoiceRecording } | { ok: false; reason: VoiceStartFailure }> {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return { ok: false, reason: 'unsupported' };
  let stream: MediaStream | null = null;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    const mimeType = recordingType((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: 64_000 });
    const chunks: Blob[] = [];
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    const tracks = stream.getTracks();
    const release = () => tracks.forEach((track) => track.stop());
    const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
    const started = new Promise<void>((resolve, reject) => {
      recorder.addEventListener('start', () => resolve(), { once: true });
      recorder.addEventListener('error', (event) => reject((event as Event & { error?: unknown }).error ?? new Error('recorder')), { once: true });
    });
    recorder.start(1000);
    await started;
    const begun = performance.now();
    return {
      ok: true,
      recording: {
        elapsedMs: () => performance.now() - begun,
        async stop() {
          if (recorder.state !== 'inactive') recorder.stop();
          await stopped;
          release();
          return new Blob(chunks, { type: recorder.mimeType || mimeType || '' });
        },
        cancel() {
          if (recorder.state !== 'inactive') recorder.stop();
          release();
        },
      },
    };
  } catch (error) {
    stream?.getTracks().forEach((track) => track.stop());
    return { ok: false, reason: startFailure(error) };
  }
}

/**
 * The recording as a file every browser plays (see app/core/voice.ts): its audio read with
 * mediabunny, then written as M4A (AAC copied, or re-encoded through WebCodecs) or as MP3 (LAME,
 * loaded only when needed). Both libraries load on first use, never with the page.
 */
export async function playableVoice(recorded: Blob): Promise<VoiceFile> {
  const { ALL_FORMATS, BlobSource, BufferTarget, Conversion, Input, Mp3OutputFormat, Mp4OutputFormat, Output, QUALITY_MEDIUM, canEncodeAudio } =
    await import('mediabunny');
  const input = new Input({ source: new BlobSource(recorded), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryAudioTrack();
    if (!track) throw new Error('The recording has no audio track.');
    const plan = voicePlan(track.codec, track.codec !== 'aac' && (await canEncodeAudio('aac', { numberOfChannels: 1, sampleRate: 48_000 })));
    if (plan.codec === 'mp3' && !(await canEncodeAudio('mp3'))) {
      const { registerMp3Encoder } = await import('@mediabunny/mp3-encoder');
      registerMp3Encoder();
    }
    const output = new Output({ format: plan.format === 'mp3' ? new Mp3OutputFormat() : new Mp4OutputFormat(), target: new BufferTarget() });
    const conversion = await Conversion.init({
      input,
      output,
      audio: plan.transcode ? { codec: plan.codec, numberOfChannels: 1, quality: QUALITY_MEDIUM, forceTranscode: true } : { codec: 'aac' },
    });
    if (!conversion.isValid) throw new Error(`The recording cannot be converted: ${conversion.discardedTracks.map((track) => track.reason).join(', ')}`);
    await conversion.execute();
    const { contentType, extension } = VOICE_FILE[plan.format];
    return { blob: new Blob([output.target.buffer!], { type: contentType }), contentType, extension };
  } finally {
    input.dispose();
  }
}
