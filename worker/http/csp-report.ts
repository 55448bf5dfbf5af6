import { Hono } from 'hono';
import { readLimited } from '../media/body';

/** Where browsers report what a page's Content-Security-Policy blocked (worker/http/page-headers.ts). */
export const CSP_REPORT_PATH = '/csp-report';

/** A report is well under a kilobyte; a batch of the Reporting API a few. */
const MAX_BYTES = 16 * 1024;
/** `report-uri` sends the first, the Reporting API (`report-to`) the second. */
const REPORT_TYPES = new Set(['application/csp-report', 'application/reports+json']);
const MAX_LOGGED = 10;

/** What is logged of one violation: known fields only, short, single-line. */
interface Violation {
  document: string;
  directive: string;
  blocked: string;
  source: string;
  line: number | null;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A field fit for a log line: short, printable, one line; a URL without its query and fragment, which may carry tokens. */
function field(value: unknown): string {
  if (typeof value !== 'string') return '';
  let text = value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') text = `${url.origin}${url.pathname}`;
  } catch {
    // Not a URL: a keyword such as 'inline' or 'eval', or a directive.
  }
  // Cut first, so a pair cut in two leaves a lone surrogate that the replacement then takes too.
  return text.slice(0, 200).replace(UNLOGGABLE, ' ');
}

/**
 * What a log line must not hold raw, since a reader or a log viewer would take it for a line break
 * or a hidden reordering: controls C0 and C1 (NEL among them), format characters (bidirectional
 * overrides, isolates and marks, zero-width ones), the line and paragraph separators, and lone
 * surrogates. JSON.stringify escapes only C0 controls and lone surrogates.
 */
const UNLOGGABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

function violation(fields: { document: unknown; directive: unknown; blocked: unknown; source: unknown; line: unknown }): Violation {
  return {
    document: field(fields.document),
    directive: field(fields.directive),
    blocked: field(fields.blocked),
    source: field(fields.source),
    line: typeof fields.line === 'number' && Number.isFinite(fields.line) ? fields.line : null,
  };
}

/** The violations in a report body of either kind; nothing for anything else. */
export function violationsIn(type: string, text: string): Violation[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (type === 'application/csp-report') {
    const report = record(record(parsed)['csp-report']);
    if (Object.keys(report).length === 0) return [];
    return [
      violation({
        document: report['document-uri'],
        directive: report['effective-directive'] ?? report['violated-directive'],
        blocked: report['blocked-uri'],
        source: report['source-file'],
        line: report['line-number'],
      }),
    ];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .map(record)
    .filter((report) => report.type === 'csp-violation')
    .slice(0, MAX_LOGGED)
    .map((report) => {
      const body = record(report.body);
      return violation({
        document: body.documentURL ?? report.url,
        directive: body.effectiveDirective,
        blocked: body.blockedURL,
        source: body.sourceFile,
        line: body.lineNumber,
      });
    });
}

/**
 * The report sink: logs what it understands and answers 204 to everything, with no body, so it
 * tells a sender nothing and repeats nothing it was sent. It reads no credentials and changes
 * nothing, so the cross-site rule (worker/http/origin.ts) does not apply to it: browsers send
 * reports on their own, without a page's Origin.
 */
export const cspReports = new Hono().post(CSP_REPORT_PATH, async (c) => {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (REPORT_TYPES.has(type)) {
    const bytes = await readLimited(c.req.raw, MAX_BYTES, 'invalidInput').catch(() => null);
    if (bytes) for (const found of violationsIn(type, new TextDecoder().decode(bytes))) console.warn('csp violation', JSON.stringify(found));
  }
  return c.body(null, 204);
});
