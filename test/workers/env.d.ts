import type { D1Migration } from 'cloudflare:test';
import type { PartyRoom } from '../../durable-objects/party-room';
import type { Env as WorkerEnv } from '../../worker/env';

// `env` from cloudflare:test has the Worker's bindings plus the migrations the setup applies. The
// room's binding names its class, not only the calls the Worker may make (its contract): tests reach
// into the instance with runInDurableObject.
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      PARTY_ROOM: DurableObjectNamespace<PartyRoom> & WorkerEnv['PARTY_ROOM'];
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
