/**
 * The preview image (ADR 058): satori lays out a card as SVG, resvg draws it as a 1200×630 PNG,
 * both as WebAssembly modules that wrangler bundles precompiled (workerd may not compile
 * WebAssembly from bytes at run time). The font is Inter (latin, latin-ext, cyrillic and greek,
 * regular and bold), bundled: nothing is fetched. Each subset is a family of its own, listed in
 * order (satori uses only the first font of a family name, so a subset under the same name was never
 * used: Polish and Czech letters came out as "NO GLYPH" boxes). Characters outside those sets are
 * left out of the image (glyphs.ts), not drawn as boxes.
 */
import { Resvg, initWasm } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import satori, { init as initSatori } from 'satori/standalone';
import yogaWasm from 'satori/yoga.wasm';
import interLatin400 from '@fontsource/inter/files/inter-latin-400-normal.woff';
import interLatin700 from '@fontsource/inter/files/inter-latin-700-normal.woff';
import interLatinExt400 from '@fontsource/inter/files/inter-latin-ext-400-normal.woff';
import interLatinExt700 from '@fontsource/inter/files/inter-latin-ext-700-normal.woff';
import interCyrillic400 from '@fontsource/inter/files/inter-cyrillic-400-normal.woff';
import interCyrillic700 from '@fontsource/inter/files/inter-cyrillic-700-normal.woff';
import interGreek400 from '@fontsource/inter/files/inter-greek-400-normal.woff';
import interGreek700 from '@fontsource/inter/files/inter-greek-700-normal.woff';
import { drawable } from './glyphs';
import { PREVIEW_IMAGE } from '#core/link-preview';

let ready: Promise<void> | null = null;

/** Both modules are instantiated once per isolate, on the first image. */
function started(): Promise<void> {
  ready ??= Promise.all([initSatori(yogaWasm), initWasm(resvgWasm)]).then(
    () => undefined,
    (error: unknown) => {
      ready = null;
      throw error;
    },
  );
  return ready;
}

/** wrangler's rule for .woff (wrangler.toml) makes each an ArrayBuffer; Vite's own types say a URL. */
const bytes = (font: unknown) => font as ArrayBuffer;

const SUBSETS = [
  ['Inter', interLatin400, interLatin700],
  ['InterExt', interLatinExt400, interLatinExt700],
  ['InterCyrillic', interCyrillic400, interCyrillic700],
  ['InterGreek', interGreek400, interGreek700],
] as const;

const FONTS = SUBSETS.flatMap(([name, regular, bold]) => [
  { name, data: bytes(regular), weight: 400 as const, style: 'normal' as const },
  { name, data: bytes(bold), weight: 700 as const, style: 'normal' as const },
]);

/** The families in the order satori tries them for each character. */
const FONT_FAMILY = SUBSETS.map(([name]) => name).join(', ');

/** The consultant's picture, as one the renderer reads (PNG, JPEG, GIF; a WebP is handed on as a PNG: webp.ts). */
export interface PreviewPicture {
  bytes: Uint8Array;
  type: string;
}

/** What one image shows: a headline, up to three lines under it, a picture or initials, the brand. */
export interface PreviewCard {
  headline: string;
  lines: string[];
  picture: PreviewPicture | null;
  initials: string | null;
  /** A password party's card: a lock instead of a person. */
  locked?: boolean;
}

const COLORS = { primary: '#00bdf2', light: '#e3f8fe', dark: '#006b8a', text: '#0f172a', muted: '#334155' };

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({
  type,
  props: { ...props, style, ...(children === undefined ? {} : { children }) },
});

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function portrait(card: PreviewCard): Node {
  const frame = { width: 300, height: 300, borderRadius: 150, border: `10px solid ${COLORS.primary}`, display: 'flex', flexShrink: 0 };
  if (card.locked) {
    // A padlock of two shapes: the shackle and the body.
    return el('div', { ...frame, background: COLORS.light, alignItems: 'center', justifyContent: 'center', flexDirection: 'column' }, [
      el('div', { width: 110, height: 90, border: `18px solid ${COLORS.dark}`, borderBottom: 'none', borderRadius: '55px 55px 0 0', marginBottom: -4 }),
      el('div', { width: 160, height: 120, background: COLORS.dark, borderRadius: 18 }),
    ]);
  }
  if (card.picture) {
    const src = `data:${card.picture.type};base64,${base64(card.picture.bytes)}`;
    return el('img', { ...frame, objectFit: 'cover' }, undefined, { src, width: 300, height: 300 });
  }
  return el(
    'div',
    { ...frame, background: COLORS.dark, color: 'white', fontSize: 110, fontWeight: 700, alignItems: 'center', justifyContent: 'center' },
    card.initials ?? 'S',
  );
}

function layout(card: PreviewCard): Node {
  return el(
    'div',
    {
      width: '100%',
      height: '100%',
      display: 'flex',
      flexDirection: 'column',
      background: `linear-gradient(135deg, ${COLORS.light} 0%, #ffffff 60%)`,
      fontFamily: FONT_FAMILY,
      color: COLORS.text,
    },
    [
      el('div', { height: 24, width: '100%', background: COLORS.primary, display: 'flex' }),
      el('div', { flexGrow: 1, display: 'flex', alignItems: 'center', padding: '0 72px', gap: 64 }, [
        portrait(card),
        el('div', { display: 'flex', flexDirection: 'column', flexGrow: 1, flexShrink: 1, minWidth: 0 }, [
          el('div', { fontSize: card.headline.length > 40 ? 56 : 68, fontWeight: 700, lineHeight: 1.1, lineClamp: 3, display: 'block' }, card.headline),
          ...card.lines.map((line, index) =>
            el(
              'div',
              {
                fontSize: index === 0 ? 40 : 32,
                fontWeight: index === 0 ? 700 : 400,
                color: index === 0 ? COLORS.dark : COLORS.muted,
                marginTop: index === 0 ? 28 : 12,
                lineClamp: 2,
                display: 'block',
              },
              line,
            ),
          ),
        ]),
      ]),
      el('div', { display: 'flex', justifyContent: 'flex-end', padding: '0 72px 40px', fontSize: 40, fontWeight: 700, color: COLORS.dark }, 'Salon'),
    ],
  );
}

/** The card as a PNG of PREVIEW_IMAGE's size. Throws when a module or the drawing fails. */
export async function drawPreview(card: PreviewCard): Promise<Uint8Array> {
  await started();
  const shown: PreviewCard = {
    ...card,
    headline: drawable(card.headline),
    lines: card.lines.map(drawable).filter((line) => line !== ''),
    initials: card.initials === null ? null : drawable(card.initials) || null,
  };
  const svg = await satori(layout(shown) as never, { width: PREVIEW_IMAGE.width, height: PREVIEW_IMAGE.height, fonts: FONTS });
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}
