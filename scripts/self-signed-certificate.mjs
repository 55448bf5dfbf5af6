// A self-signed X.509 certificate for localhost and 127.0.0.1, made with node:crypto alone: the
// bench's local TLS services need one, and a fresh machine has Node but not necessarily openssl.
// The certificate is DER (ITU-T X.690) written by hand: an EC P-256 key, signed with ECDSA-SHA256,
// with the two extensions a TLS client checks (basic constraints, subject alternative names).
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** @param {number} tag @param {Buffer[]} parts */
function der(tag, ...parts) {
  const body = Buffer.concat(parts);
  const n = body.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

const sequence = (/** @type {Buffer[]} */ ...parts) => der(0x30, ...parts);

/** @param {string} dotted */
function oid(dotted) {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const arc of rest) {
    const sevens = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) sevens.unshift((value & 0x7f) | 0x80);
    bytes.push(...sevens);
  }
  return der(0x06, Buffer.from(bytes));
}

/** @param {Date} date */
const utcTime = (date) => der(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));

const ECDSA_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));
const NAME = sequence(der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from('localhost')))));

/**
 * A key and a certificate (both PEM) valid from an hour ago for `days` days.
 * @param {{ days?: number, now?: Date }} [options]
 * @returns {{ key: string, cert: string }}
 */
export function selfSignedCertificate({ days = 30, now = new Date() } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const serial = randomBytes(12);
  // A positive INTEGER without a leading zero byte (OpenSSL refuses that padding): 1 boot in 256 failed.
  serial[0] = serial[0] & 0x7f || 1;
  const extensions = der(
    0xa3,
    sequence(
      // basicConstraints, critical, CA: the certificate is its own trust anchor (as `openssl req -x509` makes it).
      sequence(oid('2.5.29.19'), der(0x01, Buffer.from([0xff])), der(0x04, sequence(der(0x01, Buffer.from([0xff]))))),
      // subjectAltName: DNS localhost, IP 127.0.0.1 (what a client matches the host against).
      sequence(oid('2.5.29.17'), der(0x04, sequence(der(0x82, Buffer.from('localhost')), der(0x87, Buffer.from([127, 0, 0, 1]))))),
    ),
  );
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))), // version 3
    der(0x02, serial),
    ECDSA_SHA256,
    NAME,
    sequence(utcTime(new Date(now.getTime() - 3_600_000)), utcTime(new Date(now.getTime() + days * 86_400_000))),
    NAME,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const certificate = sequence(tbs, ECDSA_SHA256, der(0x03, Buffer.from([0]), signature));
  const pem = certificate
    .toString('base64')
    .match(/.{1,64}/g)
    .join('\n');
  return {
    key: /** @type {string} */ (privateKey.export({ type: 'pkcs8', format: 'pem' })),
    cert: `-----BEGIN CERTIFICATE-----\n${pem}\n-----END CERTIFICATE-----\n`,
  };
}
