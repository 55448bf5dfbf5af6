import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../app/core/limits';
import { isPortraitVideo, planUpload, uploadTitle } from '../../app/core/media-upload';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('an upload into the library', () => {
  it('takes at most 20 files at once: one more refuses the whole selection', () => {
    const twenty = Array.from({ length: LIMITS.libraryUploadFilesMax }, (_, i) => file(`photo ${i}.jpg`, 'image/jpeg'));
    const plan = planUpload(twenty);
    expect('files' in plan && plan.files).toHaveLength(20);
    expect(planUpload([...twenty, file('one more.jpg', 'image/jpeg')])).toEqual({ error: 'tooManyFiles' });
  });

  it('accepts images, videos, audio and PDF, and refuses anything else before a byte is sent', () => {
    const plan = planUpload([
      file('Strand.jpg', 'image/jpeg'),
      file('Demo.MP4', 'video/mp4'),
      file('Jingle.mp3', 'audio/mpeg'),
      file('Katalog 2026.pdf', 'application/pdf'),
      file('page.html', 'text/html'),
      file('drawing.svg', 'image/svg+xml'),
      file('unknown', ''),
      file('setup.exe', 'application/x-msdownload'),
    ]);
    if (!('files' in plan)) throw new Error('refused as a whole');
    expect(plan.files.map((entry) => ('kind' in entry ? entry.kind : entry.refused))).toEqual([
      'image',
      'video',
      'audio',
      'application',
      'mediaTypeNotAccepted',
      // SVG is a document that can carry script: refused before a byte is sent, as by the server.
      'mediaTypeNotAccepted',
      'mediaTypeNotAccepted',
      'mediaTypeNotAccepted',
    ]);
  });

  it('refuses a file over 50,000,000,000 bytes, and takes one of exactly that size', () => {
    const plan = planUpload([file('huge.mp4', 'video/mp4', LIMITS.mediaBytesMax + 1), file('just.mp4', 'video/mp4', LIMITS.mediaBytesMax)]);
    expect('files' in plan && plan.files.map((entry) => ('refused' in entry ? entry.refused : entry.kind))).toEqual(['fileTooLarge', 'video']);
  });
});

describe('the title of an uploaded item', () => {
  it('drops the extension of photos and videos, keeps that of PDFs and audio', () => {
    expect(uploadTitle('Strand im Sommer.jpeg', 'image')).toBe('Strand im Sommer');
    expect(uploadTitle('Demo.final.mp4', 'video')).toBe('Demo.final');
    expect(uploadTitle('Katalog.pdf', 'application')).toBe('Katalog.pdf');
    expect(uploadTitle('Jingle.mp3', 'audio')).toBe('Jingle.mp3');
  });

  it('keeps a name that is all extension or has none, and cuts a long one to the title limit', () => {
    expect(uploadTitle('.jpg', 'image')).toBe('.jpg');
    expect(uploadTitle('Foto', 'image')).toBe('Foto');
    const long = `${'ä'.repeat(LIMITS.mediaTitleMax + 20)}.jpg`;
    expect([...uploadTitle(long, 'image')]).toHaveLength(LIMITS.mediaTitleMax);
  });
});

describe('a video is portrait', () => {
  it('when its height exceeds its width', () => {
    expect(isPortraitVideo(720, 1280, 0)).toBe(true);
    expect(isPortraitVideo(1280, 720, 0)).toBe(false);
    expect(isPortraitVideo(720, 720, 0)).toBe(false);
  });

  it('the other way round when it is stored turned by 90 or 270 degrees', () => {
    expect(isPortraitVideo(1280, 720, 90)).toBe(true);
    expect(isPortraitVideo(1280, 720, 270)).toBe(true);
    expect(isPortraitVideo(720, 1280, 90)).toBe(false);
    expect(isPortraitVideo(1280, 720, 180)).toBe(false);
  });
});
