#!/usr/bin/env node
// Makes public/og/salon.png (ADR 058): the link preview image of every page that has none of its
// own (the landing, the FAQ, the legal pages), and the plain image a party's or profile's preview
// falls back to when drawing fails. 1200×630, drawn with the same satori + resvg and the same
// bundled font as the Worker's images (worker/preview/draw.ts), from the favicon's mark.
//
//   node scripts/make-preview-image.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import satori, { init } from 'satori/standalone';

const require = createRequire(import.meta.url);
const file = (name) => readFileSync(require.resolve(name));
await Promise.all([init(file('satori/yoga.wasm')), initWasm(file('@resvg/resvg-wasm/index_bg.wasm'))]);

const el = (type, style, children, props = {}) => ({ type, props: { ...props, style, ...(children === undefined ? {} : { children }) } });
const mark = `data:image/svg+xml;base64,${readFileSync('public/favicon.svg').toString('base64')}`;
const card = el(
  'div',
  {
    width: '100%',
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 36,
    background: 'linear-gradient(135deg, #e3f8fe 0%, #ffffff 60%)',
    fontFamily: 'Inter',
  },
  [el('img', {}, undefined, { src: mark, width: 220, height: 220 }), el('div', { fontSize: 120, fontWeight: 700, color: '#006b8a' }, 'Salon')],
);
const fonts = [{ name: 'Inter', data: file('@fontsource/inter/files/inter-latin-700-normal.woff'), weight: 700, style: 'normal' }];
const svg = await satori(card, { width: 1200, height: 630, fonts });
const png = new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
writeFileSync('public/og/salon.png', png);
console.log(`public/og/salon.png: ${png.length} bytes`);
