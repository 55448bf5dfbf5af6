import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { test as base } from '@playwright/test';
import { reactHydrated } from './helpers';

export { expect } from '@playwright/test';

/** How the init script below names a policy violation in the page's console. */
const VIOLATION = 'Content-Security-Policy violation:';

/**
 * What the pages of one test went through: page errors, console errors and warnings, failed
 * requests, full loads, and — asked for when the test failed — the requests still unanswered and
 * where each page stood (hydrated or not, its inputs, its focus).
 */
class PageDiagnostics {
  private readonly started = Date.now();
  private readonly log: string[] = [];
  private readonly pages: { name: string; page: Page; inFlight: Map<Request, number>; described: boolean }[] = [];

  private readonly contexts = new WeakSet<BrowserContext>();

  /** Uncaught errors in any page (a failed hydration shows here): each one fails its test. */
  readonly pageErrors: string[] = [];

  /**
   * What a page's Content-Security-Policy blocked (worker/http/page-headers.ts), as the page's own
   * `securitypolicyviolation` event (documents) or Chromium's console message (workers too): each
   * one fails its test, unless the test takes it as expected (`takePolicyViolations`).
   */
  private policyViolations: string[] = [];

  takePolicyViolations(): string[] {
    const taken = this.policyViolations;
    this.policyViolations = [];
    return taken;
  }

  get unexpectedPolicyViolations(): readonly string[] {
    return this.policyViolations;
  }

  watch(context: BrowserContext): void {
    // The built-in context is made through `browser.newContext` too: watch each context once.
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    void context.addInitScript((prefix) => {
      addEventListener(
        'securitypolicyviolation',
        (event) =>
          console.error(
            `${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile || location.pathname}:${event.lineNumber}`,
          ),
        true,
      );
    }, VIOLATION);
    context.on('page', (page) => {
      const name = `page ${this.pages.length + 1}`;
      const inFlight = new Map<Request, number>();
      this.pages.push({ name, page, inFlight, described: false });
      const note = (text: string) => this.log.push(`+${((Date.now() - this.started) / 1000).toFixed(2)}s ${name} ${text}`);
      page.on('pageerror', (error) => {
        this.pageErrors.push(`${name} ${page.url()}: ${error.message}`);
        note(`page error: ${error.message}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') note(`console ${message.type()}: ${message.text()}`);
        if (message.type() === 'error' && (message.text().startsWith(VIOLATION) || /Content Security Policy/.test(message.text()))) {
          this.policyViolations.push(`${name} ${page.url()}: ${message.text()}`);
        }
      });
      page.on('crash', () => note('crashed'));
      page.on('request', (request) => inFlight.set(request, Date.now()));
      page.on('requestfinished', (request) => inFlight.delete(request));
      page.on('requestfailed', (request) => {
        inFlight.delete(request);
        note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`);
      });
      // Full loads only (a reload shows as a second pair); history changes are not logged.
      page.on('domcontentloaded', () => note(`parsed ${page.url()}`));
      page.on('load', () => note(`loaded ${page.url()}`));
    });
  }

  /** Adds where the still-open pages stand (of one context, or all); each page once. */
  async describeOpenPages(context?: BrowserContext): Promise<void> {
    for (const entry of this.pages) {
      if (entry.described || entry.page.isClosed() || (context && entry.page.context() !== context)) continue;
      entry.described = true;
      for (const [request, since] of entry.inFlight) {
        this.log.push(`${entry.name} still waiting ${((Date.now() - since) / 1000).toFixed(1)} s for ${request.method()} ${request.url()}`);
      }
      this.log.push(`${entry.name} at the end: ${await describePage(entry.page)}`);
    }
  }

  print(title: string): void {
    console.log(`\nWhat the pages went through (${title}):\n${this.log.map((line) => `  ${line}`).join('\n')}\n`);
  }
}

/**
 * The browser tests' `test`: Playwright's own, plus a record of every page a test opens (in the
 * built-in context or in contexts it makes with `browser.newContext`), printed when the test
 * fails. A failure on a CI machine then says whether the page had hydrated, what its inputs held
 * and which request it was still waiting for, not only which assertion timed out.
 */
export const test = base.extend<{ pageDiagnostics: PageDiagnostics }>({
  pageDiagnostics: [
    async ({ browser }, use, testInfo) => {
      const diagnostics = new PageDiagnostics();
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const context = await newContext(options);
        diagnostics.watch(context);
        return context;
      };
      browser.newContext = patched;
      try {
        await use(diagnostics);
      } finally {
        Reflect.deleteProperty(browser, 'newContext');
      }
      if (testInfo.status === testInfo.expectedStatus) {
        const violations = diagnostics.unexpectedPolicyViolations;
        if (diagnostics.pageErrors.length === 0 && violations.length === 0) return;
        diagnostics.print(testInfo.title);
        if (diagnostics.pageErrors.length > 0) throw new Error(`Uncaught errors in the page:\n${diagnostics.pageErrors.join('\n')}`);
        throw new Error(`The Content-Security-Policy blocked something:\n${violations.join('\n')}`);
      }
      await diagnostics.describeOpenPages();
      diagnostics.print(testInfo.title);
    },
    { auto: true },
  ],
  context: async ({ context, pageDiagnostics }, use, testInfo) => {
    pageDiagnostics.watch(context);
    await use(context);
    // The built-in context closes before the record is printed: look at its pages now.
    if (testInfo.status !== testInfo.expectedStatus) await pageDiagnostics.describeOpenPages(context);
  },
});

/** Where a page stood when its test failed; never waits long on a page that hangs. */
async function describePage(page: Page): Promise<string> {
  const state = Promise.all([
    page.evaluate(reactHydrated),
    page.evaluate(() => {
      const active = document.activeElement;
      const inputs = [...document.querySelectorAll('input, textarea')]
        .filter((element): element is HTMLInputElement | HTMLTextAreaElement => element.getAttribute('type') !== 'password')
        .map((element) => `${element.getAttribute('name') ?? element.getAttribute('aria-label') ?? '?'}=${JSON.stringify(element.value)}`);
      return {
        url: location.pathname,
        readyState: document.readyState,
        focus: active ? `${active.tagName.toLowerCase()}${active.getAttribute('name') ? `[name=${active.getAttribute('name')}]` : ''}` : null,
        inputs,
      };
    }),
  ]).then(([hydrated, { url, readyState, focus, inputs }]) => JSON.stringify({ url, readyState, hydrated, focus, inputs }));
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('(no answer within 2 s)'), 2000));
  return Promise.race([state.catch((error: Error) => `(could not look: ${error.message})`), timeout]);
}
