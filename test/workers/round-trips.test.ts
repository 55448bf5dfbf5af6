import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { Trace, distantEnv } from '../support/distance';
import { kindRequest, prepareKinds } from '../support/request-kinds';
import { ORIGIN } from './fixtures';

const UNIFORM = { primary: 20, replica: 20, room: 20, r2: 20 };

describe('round trips per request kind', () => {
  it('counts them', async () => {
    const kinds = await prepareKinds(env, ORIGIN);
    const rows = [];
    for (const kind of kinds) {
      const trace = new Trace();
      const ctx = createExecutionContext();
      const response = await worker.fetch!(kindRequest(ORIGIN, kind) as never, distantEnv(env, { reach: UNIFORM, trace }), ctx);
      trace.responded();
      if (response.webSocket) {
        response.webSocket.accept();
        response.webSocket.close();
      } else await response.arrayBuffer();
      await waitOnExecutionContext(ctx);
      const c = trace.counts();
      rows.push(
        `${kind.kind.padEnd(16)} ${response.status} primary ${c.primary.sequential}/${c.primary.total} replica ${c.replica.sequential}/${c.replica.total} room ${c.room.sequential}/${c.room.total} path ${c.path} after ${c.after} :: ${trace.trips.map((t) => `${t.place}:${t.what.slice(0, 50)}`).join(' | ')}`,
      );
    }
    console.log(rows.join('\n'));
    expect(rows.length).toBe(kinds.length);
  });
});
