import type { D1Migration } from 'cloudflare:test';
import type { Env as WorkerEnv } from '../../worker/env';

// `env` from cloudflare:test has the Worker's bindings plus the migrations the setup applies.
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** JSON of the ZERO_LOSS_* environment variables (vitest.config.ts). */
      ZERO_LOSS: string;
      /** The local mail catcher's web address, to read the Worker's mails back (vitest.config.ts). */
      MAIL_CATCHER_URL: string;
      /** The local push service's address, to read what it received and steer its answers (test/workers/push-receiver.ts). */
      PUSH_RECEIVER_URL: string;
    }
  }
}
