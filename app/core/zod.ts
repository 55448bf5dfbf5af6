import { z } from 'zod';

/**
 * zod, as every schema of ours uses it. Without `jitless` zod compiles object parsers with
 * `new Function`, and first probes whether it may: the pages' Content-Security-Policy forbids eval
 * (worker/http/page-headers.ts), and the browser reports even a probe that fails quietly. Set here,
 * before any schema is built, since zod decides when a schema is made. (The Worker may not eval
 * either, which zod finds by itself.)
 */
z.config({ jitless: true });

export { z };
