/**
 * What the preview image's fonts can draw (ADR 058): Inter's latin, latin-ext, cyrillic and greek
 * subsets (their unicode-range in @fontsource/inter). satori draws a "NO GLYPH" box for any other
 * character (an emoji, Chinese, Arabic), so those are left out of the image instead.
 */
const NOT_DRAWN =
  /[^\u0000-\u02FF\u0301\u0304\u0308\u0329\u0370-\u03FF\u0400-\u045F\u0490\u0491\u04B0\u04B1\u1D00-\u1DBF\u1E00-\u1E9F\u1EF2-\u1EFF\u1F00-\u1FFF\u2000-\u206F\u20A0-\u20C0\u2113\u2116\u2122\u2191\u2193\u2212\u2215\u2C60-\u2C7F\uA720-\uA7FF]/gu;

/** The text as the image can draw it: composed, without the characters no font has, its spaces collapsed. */
export function drawable(text: string): string {
  return text
    .normalize('NFC')
    .replace(NOT_DRAWN, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
