import { describe, expect, it } from 'vitest';
import { chatSelection, claimsAgree, partyUploadKey, uploadFits } from '../../app/core/chat-media';
import { extensionFits, extensionNamesKind, servedExtension } from '../../app/core/media-content';
import { LIMITS } from '../../app/core/limits';
import type { MessageMedia } from '../../app/core/chat-media';
import { parseClientFrame } from '../../app/core/protocol';

const id = '6f1c3a52-8e43-4a5b-9a39-0d5e8f9b1c2d';
const owner = '0b6e0a3c-2f55-4b0e-8c1d-2a9f4d3e7b61';

describe('which file fits which message', () => {
  it.each([
    ['jpg', 'image', true],
    ['png', 'image', true],
    ['pdf', 'image', false],
    ['pdf', 'application', true],
    ['mp4', 'video', true],
    ['webm', 'audio', true],
    ['m4a', 'audio', true],
    ['jpg', 'audio', false],
    ['exe', 'application', false],
    ['svg', 'image', false],
  ] as const)('.%s for %s: %s', (extension, kind, expected) => {
    expect(extensionNamesKind(extension, kind)).toBe(expected);
  });

  it.each([
    ['png', 'image/png', true],
    ['jpg', 'image/jpeg', true],
    ['jpeg', 'image/jpeg', true],
    ['mov', 'video/quicktime', true],
    ['m4a', 'audio/mp4', true],
    ['webm', 'audio/webm', true],
    ['aac', 'audio/aac', true],
    ['pdf', 'application/pdf', true],
    // A name that lies about the bytes' format, or names no format we keep.
    ['html', 'image/png', false],
    ['htm', 'image/jpeg', false],
    ['svg', 'image/png', false],
    ['jpg', 'image/png', false],
    ['pdf', 'image/jpeg', false],
    ['exe', 'application/pdf', false],
    ['png', 'image/svg+xml', false],
    ['bmp', 'image/bmp', false],
  ] as const)('.%s for a file of %s: %s', (extension, contentType, expected) => {
    expect(extensionFits(extension, contentType)).toBe(expected);
  });

  it('a download is named by the checked content type, whatever extension a row holds', () => {
    expect(servedExtension('image/png', 'png')).toBe('png');
    expect(servedExtension('image/jpeg', 'jpeg')).toBe('jpeg');
    expect(servedExtension('image/png', 'html')).toBe('png');
    expect(servedExtension('image/jpeg', null)).toBe('jpg');
    expect(servedExtension('application/pdf', 'exe')).toBe('pdf');
    expect(servedExtension('application/x-unknown', 'html')).toBeNull();
  });

  it.each([
    ['photo', 'image/jpeg', true],
    ['photo', 'image/png', true],
    ['photo', 'image/svg+xml', false],
    ['photo', 'application/pdf', false],
    ['photo', 'audio/mpeg', false],
    ['voice', 'audio/webm', true],
    ['voice', 'audio/mp4', true],
    ['voice', 'image/png', false],
    ['voice', 'audio/x-unknown', false],
  ] as const)('an upload for %s as %s: %s', (messageType, contentType, expected) => {
    expect(uploadFits(messageType, contentType)).toBe(expected);
  });

  it('party uploads live under the party', () => {
    expect(partyUploadKey('p', 'm')).toBe('parties/p/m');
  });
});

describe("a client's description of a file", () => {
  const media: MessageMedia = {
    mediaAttachment: id,
    mediaAttachmentType: 'image',
    mediaExtension: 'jpg',
    mediaAttachmentOwner: owner,
    contentType: 'image/jpeg',
  };
  it('agrees when it leaves fields out or repeats them', () => {
    expect(claimsAgree({}, media)).toBe(true);
    expect(claimsAgree({ mediaAttachmentType: 'image', mediaExtension: 'jpg', mediaAttachmentOwner: owner }, media)).toBe(true);
  });
  it('does not when a field differs (a forged owner, kind or extension)', () => {
    expect(claimsAgree({ mediaAttachmentOwner: id }, media)).toBe(false);
    expect(claimsAgree({ mediaAttachmentType: 'video' }, media)).toBe(false);
    expect(claimsAgree({ mediaExtension: null }, media)).toBe(false);
  });
});

describe('the send frame of a media message', () => {
  const frame = (extra: Record<string, unknown>) => JSON.stringify({ type: 'sendMessage', tempId: id, messageType: 'photo', ...extra });
  it('takes a file and an empty caption; a text still needs text', () => {
    const parsed = parseClientFrame(frame({ mediaAttachment: id, message: '  ' }));
    expect(parsed).toMatchObject({ ok: true, event: { mediaAttachment: id, message: '' } });
    expect(parseClientFrame(JSON.stringify({ type: 'sendMessage', tempId: id, messageType: 'text', message: ' ' }))).toEqual({
      ok: false,
      code: 'messageEmpty',
      tempId: id,
    });
  });
  it('refuses a kind or an extension that is not a photo, and a path as the extension', () => {
    expect(parseClientFrame(frame({ mediaAttachment: id, mediaAttachmentType: 'application' }))).toEqual({ ok: false, code: 'mediaTypeMismatch', tempId: id });
    expect(parseClientFrame(frame({ mediaAttachment: id, mediaExtension: 'pdf' }))).toEqual({ ok: false, code: 'mediaTypeMismatch', tempId: id });
    expect(parseClientFrame(frame({ mediaAttachment: id, mediaExtension: '../jpg' }))).toEqual({ ok: false, code: 'invalidFrame', tempId: id });
    expect(parseClientFrame(frame({ mediaAttachment: 'not-a-uuid' }))).toEqual({ ok: false, code: 'invalidFrame', tempId: id });
  });
});

describe('what of a selection goes on to the send dialog', () => {
  const file = (name: string, type: string) => ({ name, type });
  const photo = file('a.jpg', 'image/jpeg');
  const pdf = file('b.pdf', 'application/pdf');
  const video = file('c.mp4', 'video/mp4');

  it('at most 10 files at once; 11 are refused as a whole, whoever chooses them', () => {
    const ten = Array.from({ length: LIMITS.chatUploadFilesMax }, () => photo);
    expect(chatSelection(ten, false)).toEqual({ files: ten, imagesOnly: false });
    expect(chatSelection([...ten, photo], true)).toEqual({ tooMany: true });
    expect(chatSelection([...ten, photo], false)).toEqual({ tooMany: true });
  });

  it("the manager's files all go on, in order (each is checked again as it is sent)", () => {
    const odd = file('d.exe', 'application/x-msdownload');
    expect(chatSelection([video, photo, pdf, odd], true)).toEqual({ files: [video, photo, pdf, odd], imagesOnly: false });
  });

  it("a guest's pictures go on; anything else is left out and she is told", () => {
    expect(chatSelection([pdf, photo, video, file('e.png', 'image/png; charset=binary')], false)).toEqual({
      files: [photo, file('e.png', 'image/png; charset=binary')],
      imagesOnly: true,
    });
    expect(chatSelection([pdf], false)).toEqual({ files: [], imagesOnly: true });
    // An SVG is no picture here (it could carry a script; no media item takes it).
    expect(chatSelection([file('f.svg', 'image/svg+xml')], false)).toEqual({ files: [], imagesOnly: true });
  });
});
