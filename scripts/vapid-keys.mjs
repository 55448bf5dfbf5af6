// Web Push's VAPID key pair (RFC 8292) for local runs: `npm start` calls `ensureVapidKeys` so the
// Worker always has one. The pair is written once into .dev.vars (ignored by git), where wrangler dev
// reads it, and kept across runs: a browser's subscription is bound to the public key it was made
// with, so a new pair at every start would silence every subscription made before.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** A fresh P-256 pair as the Worker reads it: the public key as the uncompressed point, the private key's `d`; both base64url. */
export function vapidKeyPair() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
}

/** Adds VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and a local VAPID_SUBJECT to the file unless it has them; true when it wrote. */
export function ensureVapidKeys(file) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (/^VAPID_PRIVATE_KEY=/m.test(text)) return false;
  const pair = vapidKeyPair();
  const lines = [
    '# Web Push keys for this checkout, made by `npm start` (scripts/vapid-keys.mjs). Keep them: subscriptions are bound to them.',
    `VAPID_PUBLIC_KEY=${pair.publicKey}`,
    `VAPID_PRIVATE_KEY=${pair.privateKey}`,
    ...(/^VAPID_SUBJECT=/m.test(text) ? [] : ['VAPID_SUBJECT=mailto:push@salon.test']),
  ];
  writeFileSync(file, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${lines.join('\n')}\n`);
  return true;
}
