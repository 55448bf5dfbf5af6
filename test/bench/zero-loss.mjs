// Zero loss, larger than the CI test: the same driver and checker (test/support/zero-loss-*.ts)
// against the served bench Worker over real loopback sockets. Guests join through the API, the
// manager is a consultant session; the party's room is evicted through the bench Worker's
// /bench/evict/ (PartyRoom.ctx.abort, as an eviction: every socket closes, memory is gone).
// The driver is TypeScript: esbuild bundles it (with the reducer and the checker) once per run.
import { mkdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import WebSocket from 'ws';

let driver = null;

/** The TypeScript driver and checker, bundled once per run (restart.mjs uses the checker too). */
export async function loadDriver(outDir) {
  if (driver) return driver;
  mkdirSync(outDir, { recursive: true });
  const outfile = `${outDir}/zero-loss-driver.mjs`;
  await build({
    entryPoints: ['test/bench/zero-loss-entry.ts'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    outfile,
    logLevel: 'error',
  });
  driver = await import(pathToFileURL(outfile).href);
  return driver;
}

function transport(salon, partyId) {
  return {
    connect(participant, handlers) {
      return new Promise((resolve) => {
        const ws = new WebSocket(`${salon.wsBase}/api/parties/${partyId}/socket`, { headers: participant.credentials, perMessageDeflate: false });
        let open = false;
        ws.on('open', () => {
          open = true;
          resolve({
            send: (frame) => {
              if (ws.readyState === WebSocket.OPEN) ws.send(frame);
            },
            close: () => {
              try {
                ws.close(1000, 'dropped');
              } catch {
                // Already closed.
              }
            },
          });
        });
        ws.on('message', (data) => handlers.message(String(data)));
        ws.on('close', (code) => (open ? handlers.close(code) : resolve(null)));
        ws.on('unexpected-response', () => resolve(null));
        ws.on('error', () => {
          if (!open) resolve(null);
        });
      });
    },
    page(participant, before) {
      return salon.request(`/api/parties/${partyId}/chat${before === undefined ? '' : `?from=${before}`}`, { headers: participant.credentials });
    },
    async evict() {
      await salon.request(`/bench/evict/${partyId}`, { method: 'POST' });
    },
  };
}

/** One run: a party with a manager and `guests` guests, each sending `messagesPerClient`. */
export async function zeroLoss({ salon, guests, options, outDir }) {
  const { runZeroLoss, zeroLossOptions, describeAnomalies } = await loadDriver(outDir);
  const { party, headers, userId } = await salon.consultantParty('Bench zero loss');
  const participants = [{ name: 'manager', memberId: userId, credentials: headers }];
  for (let n = 0; n < guests; n++) {
    const guest = await salon.joinGuest(party.id, n);
    participants.push({ name: `guest${n + 1}`, memberId: guest.guestId, credentials: guest.headers });
  }
  const settings = zeroLossOptions({}, options);
  const run = await runZeroLoss(transport(salon, party.id), participants, settings);
  return {
    guests,
    seed: settings.seed,
    stats: run.stats,
    anomalies: describeAnomalies(run.result),
    unacked: run.unacked.length,
    behind: run.behind.length,
  };
}
