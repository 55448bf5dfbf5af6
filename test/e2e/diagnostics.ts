import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The browser tests' `test`: Playwright's own, plus a record of what every page a test opened went
 * through (page errors, console errors, failed and unfinished requests) that is printed when the
 * test fails. A failure on a CI machine then says whether the page had hydrated, what its inputs
 * held and which request it was still waiting for, instead of only which assertion timed out.
 */
export const test = base.extend<{ pageDiagnostics: void }>({
  pageDiagnostics: [
    async ({ browser }, use, testInfo) => {
      const started = Date.now();
      const log: string[] = [];
      const pages: { name: string; page: Page; inFlight: Map<Request, number> }[] = [];
      const at = () => `+${((Date.now() - started) / 1000).toFixed(2)}s`;

      const watch = (context: BrowserContext) => {
        context.on('page', (page) => {
          const name = `page ${pages.length + 1}`;
          const inFlight = new Map<Request, number>();
          pages.push({ name, page, inFlight });
          page.on('pageerror', (error) => log.push(`${at()} ${name} page error: ${error.message}`));
          page.on('console', (message) => {
            if (message.type() === 'error' || message.type() === 'warning') log.push(`${at()} ${name} console ${message.type()}: ${message.text()}`);
          });
          page.on('crash', () => log.push(`${at()} ${name} crashed`));
          page.on('request', (request) => inFlight.set(request, Date.now()));
          page.on('requestfinished', (request) => inFlight.delete(request));
          page.on('requestfailed', (request) => {
            inFlight.delete(request);
            log.push(`${at()} ${name} request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`);
          });
          // Full loads only (a reload shows as a second pair); history changes are not logged.
          page.on('domcontentloaded', () => log.push(`${at()} ${name} parsed ${page.url()}`));
          page.on('load', () => log.push(`${at()} ${name} loaded ${page.url()}`));
        });
      };

      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const context = await newContext(options);
        watch(context);
        return context;
      };
      browser.newContext = patched;
      try {
        await use();
      } finally {
        Reflect.deleteProperty(browser, 'newContext');
      }

      if (testInfo.status === testInfo.expectedStatus) return;
      for (const { name, page, inFlight } of pages) {
        if (page.isClosed()) continue;
        for (const [request, since] of inFlight) {
          log.push(`${name} still waiting ${((Date.now() - since) / 1000).toFixed(1)} s for ${request.method()} ${request.url()}`);
        }
        log.push(`${name} at the end: ${await describePage(page)}`);
      }
      console.log(`\nWhat the pages went through (${testInfo.title}):\n${log.map((line) => `  ${line}`).join('\n')}\n`);
    },
    { auto: true },
  ],
});

/** Where a page stood when its test failed; never waits long on a page that hangs. */
async function describePage(page: Page): Promise<string> {
  const state = page.evaluate(() => {
    // React marks every DOM node it has hydrated or created with its fiber.
    const hydrated = Object.keys(document.body ?? {}).some((key) => key.startsWith('__reactFiber$'));
    const active = document.activeElement;
    const inputs = [...document.querySelectorAll('input, textarea')]
      .filter((element): element is HTMLInputElement | HTMLTextAreaElement => element.getAttribute('type') !== 'password')
      .map((element) => `${element.getAttribute('name') ?? element.getAttribute('aria-label') ?? '?'}=${JSON.stringify(element.value)}`);
    return JSON.stringify({
      url: location.pathname,
      readyState: document.readyState,
      hydrated,
      focus: active ? `${active.tagName.toLowerCase()}${active.getAttribute('name') ? `[name=${active.getAttribute('name')}]` : ''}` : null,
      inputs,
    });
  });
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('(no answer within 2 s)'), 2000));
  return Promise.race([state.catch((error: Error) => `(could not look: ${error.message})`), timeout]);
}
