/**
 * CSV for spreadsheets (the follow-up list's export): UTF-8 with a byte order mark, so Excel reads
 * umlauts right, lines ended by CRLF (RFC 4180), and every cell that a spreadsheet would run as a
 * formula made inert.
 */

/** The byte order mark Excel needs to read a CSV file as UTF-8. */
export const BOM = '\uFEFF';

/**
 * The field separator a spreadsheet of this language expects when the file is opened by a double
 * click: a comma in English, a semicolon where the decimal mark is a comma (de, nl, fr, it). A
 * `sep=` first line would say it instead, but Excel then ignores the byte order mark.
 */
export function csvSeparator(language: string): ',' | ';' {
  return language.startsWith('en') ? ',' : ';';
}

/**
 * Characters that start a formula (or a DDE call) in Excel, LibreOffice or Google Sheets: a cell
 * beginning with one gets a leading apostrophe, which every one of them shows as text (OWASP's
 * advice against CSV injection). A tab or carriage return first is stripped of that power too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * What makes a cell quoted: a quote, a line break, spaces at either end, and either common
 * separator whichever the file uses. A reader that guesses the other separator (a spreadsheet set
 * to another language, an import dialog) then still sees one cell: `Anna,=1+1` in a `;` file would
 * otherwise become the cells `Anna` and a formula.
 */
const NEEDS_QUOTES = /["\r\n,;]|^\s|\s$/;

/** One cell, inert and quoted when it needs to be. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the byte order mark, then each row's cells joined by the separator, CRLF between rows. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[], separator: ',' | ';' = ','): string {
  return BOM + rows.map((row) => row.map(csvCell).join(separator)).join('\r\n') + '\r\n';
}
