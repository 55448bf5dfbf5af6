import { useState } from 'react';
import { photoPreviewWidth } from '~/core/media';

/**
 * The sizes of the pictures this page has loaded, by file: a row the virtualised list draws again
 * (scrolled away and back) keeps its picture's box from the first moment.
 */
const knownSizes = new Map<string, { width: number; height: number }>();

/**
 * A photo in a bubble. `whole` (the party's chat): the whole picture, not a crop, as wide as the
 * bubble allows and at most 500 px high (product-spec §9: "preview image max height 500"); until
 * the picture's size is known (its first load on this page) it holds a box of the cropped
 * preview's size, and the list keeps the reader's place when the box takes the picture's shape
 * (use-chat-virtualizer.ts). `box` (the template editor, where rows are reordered by dragging): a
 * 256 × 240 box the picture fills, cropped, so every row keeps a short, known height.
 */
export function ChatPhoto({ src, mediaId, alt, whole, className = '' }: { src: string; mediaId: string; alt: string; whole: boolean; className?: string }) {
  const [size, setSize] = useState(() => (whole ? (knownSizes.get(mediaId) ?? null) : null));
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      draggable={false}
      onLoad={(event) => {
        const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
        if (!whole || width === 0 || height === 0 || size) return;
        knownSizes.set(mediaId, { width, height });
        setSize({ width, height });
      }}
      style={size ? { width: `${photoPreviewWidth(size.width, size.height)}px`, aspectRatio: `${size.width} / ${size.height}` } : undefined}
      className={`block max-w-full bg-slate-100 ${size ? 'h-auto max-h-[500px] object-contain' : 'h-60 w-64 object-cover'} ${className}`}
      data-testid="chat-photo-image"
    />
  );
}
