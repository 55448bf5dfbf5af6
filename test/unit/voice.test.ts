import { describe, expect, it } from 'vitest';
import { uploadFits } from '../../app/core/chat-media';
import { extensionFits } from '../../app/core/media-content';
import { LIMITS } from '../../app/core/limits';
import { contentMatches } from '../../app/core/media-content';
import { RECORDING_TYPES, VOICE_FILE, formatClock, recordingType, startFailure, voicePlan } from '../../app/core/voice';

const supports =
  (...types: string[]) =>
  (type: string) =>
    types.includes(type);

describe('the type a voice message is recorded in', () => {
  it('is AAC in MP4 where the recorder makes it (Safari; Chrome on Android, Windows, macOS)', () => {
    expect(recordingType(supports(...RECORDING_TYPES))).toBe('audio/mp4;codecs=mp4a.40.2');
  });

  it('is WebM with Opus where AAC cannot be recorded, even when a plain audio/mp4 (Opus inside) is offered', () => {
    // Chromium on Linux, as measured: audio/mp4 yes (with Opus), mp4a.40.2 no.
    expect(recordingType(supports('audio/mp4;codecs=opus', 'audio/mp4', 'audio/webm;codecs=opus', 'audio/webm'))).toBe('audio/webm;codecs=opus');
  });

  it('is Ogg with Opus in Firefox, and plain audio/mp4 for a Safari that does not know codec strings', () => {
    expect(recordingType(supports('audio/ogg;codecs=opus', 'audio/webm'))).toBe('audio/ogg;codecs=opus');
    expect(recordingType(supports('audio/mp4'))).toBe('audio/mp4');
  });

  it("is the browser's own choice when none is known, or when asking throws", () => {
    expect(recordingType(supports())).toBeUndefined();
    expect(
      recordingType(() => {
        throw new Error('no');
      }),
    ).toBeUndefined();
  });
});

describe('what a recording is sent as', () => {
  it('keeps AAC without re-encoding, only rewritten as a plain M4A', () => {
    expect(voicePlan('aac', false)).toEqual({ format: 'm4a', codec: 'aac', transcode: false });
    expect(voicePlan('aac', true)).toEqual({ format: 'm4a', codec: 'aac', transcode: false });
  });

  it('re-encodes Opus to AAC where WebCodecs can, else to MP3', () => {
    expect(voicePlan('opus', true)).toEqual({ format: 'm4a', codec: 'aac', transcode: true });
    expect(voicePlan('opus', false)).toEqual({ format: 'mp3', codec: 'mp3', transcode: true });
    expect(voicePlan(null, false)).toEqual({ format: 'mp3', codec: 'mp3', transcode: true });
  });

  it('is announced with a content type and extension the server takes for a voice message', () => {
    for (const file of Object.values(VOICE_FILE)) {
      expect(uploadFits('voice', file.contentType)).toBe(true);
      expect(extensionFits(file.extension, file.contentType)).toBe(true);
    }
  });

  it("passes the server's content check with the bytes each writer puts first", () => {
    // mediabunny's M4A: an ftyp box; its MP3: an MPEG-1 layer III frame (or an ID3 tag) first.
    const m4a = new Uint8Array([0, 0, 0, 0x1c, ...new TextEncoder().encode('ftypM4A '), 0, 0, 2, 0, ...new TextEncoder().encode('M4A isommp42')]);
    const mp3 = new Uint8Array([0xff, 0xfb, 0x90, 0x64, ...new Array(60).fill(0)]);
    const id3 = new Uint8Array([...new TextEncoder().encode('ID3'), 4, 0, 0, 0, 0, 0, 0]);
    expect(contentMatches(VOICE_FILE.m4a.contentType, m4a)).toBe(true);
    expect(contentMatches(VOICE_FILE.mp3.contentType, mp3)).toBe(true);
    expect(contentMatches(VOICE_FILE.mp3.contentType, id3)).toBe(true);
  });

  it('stays far below the upload limit at the longest recording, even as MP3 at 128 kbit/s', () => {
    expect(((LIMITS.voiceMaxMs / 1000) * 128_000) / 8).toBeLessThan(LIMITS.partyUploadBytesMax / 4);
  });
});

describe('times as the dialog and the player show them', () => {
  it.each([
    [0, '0:00'],
    [0.9, '0:00'],
    [5, '0:05'],
    [59.99, '0:59'],
    [65, '1:05'],
    [300, '5:00'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
  ])('%s s reads %s', (seconds, clock) => {
    expect(formatClock(seconds)).toBe(clock);
  });

  it('reads 0:00 for a length the player does not know yet', () => {
    for (const unknown of [Number.NaN, Number.POSITIVE_INFINITY, -3]) expect(formatClock(unknown)).toBe('0:00');
  });
});

describe('why recording could not start', () => {
  const named = (name: string) => Object.assign(new Error(name), { name });
  it('tells a refused permission, a missing microphone and a missing recorder apart', () => {
    expect(startFailure(named('NotAllowedError'))).toBe('denied');
    expect(startFailure(named('SecurityError'))).toBe('denied');
    expect(startFailure(named('NotFoundError'))).toBe('noMicrophone');
    expect(startFailure(named('OverconstrainedError'))).toBe('noMicrophone');
    expect(startFailure(named('NotSupportedError'))).toBe('unsupported');
    // A DOMException-like object from another realm has a name but is no Error.
    expect(startFailure({ name: 'NotAllowedError' })).toBe('denied');
    expect(startFailure(named('NotReadableError'))).toBe('failed');
    expect(startFailure(undefined)).toBe('failed');
  });
});
