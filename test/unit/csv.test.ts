import { describe, expect, it } from 'vitest';
import { BOM, csvCell, csvSeparator, toCsv } from '../../app/core/csv';

describe('csvCell', () => {
  it('makes every formula start inert with a leading apostrophe', () => {
    for (const hostile of ['=HYPERLINK("http://evil.example","Klick")', '+49 170 1234567', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1']) {
      const cell = csvCell(hostile);
      expect(cell.replace(/^"/, '').startsWith("'"), hostile).toBe(true);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    // Numbers the export writes itself stay numbers.
    expect(csvCell(-3)).toBe('-3');
  });

  it('quotes what would break the row, doubling quotes', () => {
    expect(csvCell('Müller, Anna')).toBe('"Müller, Anna"');
    expect(csvCell('Müller; Anna')).toBe('"Müller; Anna"');
    expect(csvCell('Sie sagte "ja"')).toBe('"Sie sagte ""ja"""');
    expect(csvCell('zwei\nZeilen')).toBe('"zwei\nZeilen"');
    expect(csvCell(' Leerzeichen')).toBe('" Leerzeichen"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Jürgen Öztürk')).toBe('Jürgen Öztürk');
  });
});

describe('toCsv', () => {
  it('starts with the byte order mark and ends every row with CRLF', () => {
    const file = toCsv(
      [
        ['Name', 'Wunsch'],
        ['=cmd|"/C calc"!A0', 'Duftöl; 2×'],
      ],
      ';',
    );
    expect(file.startsWith(BOM)).toBe(true);
    expect(file).toBe(`${BOM}Name;Wunsch\r\n"'=cmd|""/C calc""!A0";"Duftöl; 2×"\r\n`);
  });

  it('quotes a cell that holds either common separator, whichever the file uses: a reader that guesses the other one still sees one cell', () => {
    expect(toCsv([['Anna,=1+1', 'Duftöl']], ';')).toBe(`${BOM}"Anna,=1+1";Duftöl\r\n`);
    expect(toCsv([['Anna;@SUM(A1)', 'Duftöl']], ',')).toBe(`${BOM}"Anna;@SUM(A1)",Duftöl\r\n`);
    for (const separator of [',', ';'] as const) {
      for (const other of [',', ';']) {
        const row = toCsv([[`Müller${other} Anna`, 'x']], separator).slice(BOM.length);
        expect(row.startsWith(`"Müller${other} Anna"${separator}`), `${other} in a ${separator} file`).toBe(true);
      }
    }
  });

  it('separates by comma in English and by semicolon where the decimal mark is a comma', () => {
    expect(csvSeparator('en')).toBe(',');
    for (const language of ['de', 'nl', 'fr', 'it']) expect(csvSeparator(language)).toBe(';');
  });
});
