import { describe, expect, it } from 'vitest';
import { drawable } from '../../worker/preview/glyphs';

describe("the preview image's drawable text (ADR 058)", () => {
  it('keeps Latin with its accents, Polish, Czech, Cyrillic and Greek', () => {
    for (const text of ['Herbstparty mit Überraschung', 'Łódź, Řezník, Őrség, Ștefan', 'Вечеринка у Анны', 'με την Ελένη', 'Preis 19,90 € – “gut”'])
      expect(drawable(text)).toBe(text);
  });

  it('leaves out what no font of the image has (emoji, Chinese, Arabic), its spaces collapsed', () => {
    expect(drawable('Party 🎉 mit 💄 Anna')).toBe('Party mit Anna');
    expect(drawable('派对 Party')).toBe('Party');
    expect(drawable('حفلة')).toBe('');
  });

  it('composes decomposed letters first', () => {
    expect(drawable('U\u0308berraschung')).toBe('Überraschung');
  });
});
