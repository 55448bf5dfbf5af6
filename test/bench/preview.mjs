// Link preview images (ADR 058): what drawing one costs the Worker. For each of `count` parties
// (each a new title, so a new image), the image is fetched once (drawn: satori + resvg in the app's
// workerd) and once more (from the Cache API), one request at a time, with the app workerd's CPU
// read from /proc around each; for three consultants: initials, a 512×512 PNG picture, and a
// 1024×1024 WebP picture (decoded to a PNG in the Worker first). The first draw of the isolate (its
// WebAssembly modules instantiated) is shown apart.
import { readFileSync } from 'node:fs';
import { cpuMs } from './stack.mjs';

async function timed(base, path, pid) {
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const response = await fetch(`${base}${path}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  // workerd's counters are in clock ticks (10 ms): summed over many draws, the mean is fair.
  return { ms, cpu: cpuMs(pid) - cpuBefore, bytes, how: response.headers.get('salon-preview'), status: response.status };
}

export async function previewImages({ salon, base, pid, count }) {
  const pictures = [
    null,
    { label: '512 px PNG picture', type: 'image/png', body: readFileSync('public/icon-512.png') },
    { label: '1024 px WebP picture', type: 'image/webp', body: readFileSync('test/bench/picture-1024.webp') },
  ];
  const rows = [];
  for (const picture of pictures) {
    const { headers } = await salon.consultantParty('Bench preview');
    if (picture) {
      const [profile] = await salon.request('/api/profile', { headers });
      const response = await fetch(`${base}/api/profile/${profile.id}/picture`, {
        method: 'PUT',
        headers: { ...headers, 'Content-Type': picture.type },
        body: picture.body,
      });
      if (!response.ok) throw new Error(`picture: ${response.status}`);
    }
    const drawn = [];
    const cached = [];
    for (let i = 0; i < count; i++) {
      const party = await salon.request('/api/parties', {
        method: 'POST',
        headers,
        body: { title: `Frühlings-Wellness Nummer ${i} mit Überraschungsgast`, host: 'Berta Gastgeber', start: Date.now() + 86_400_000 },
      });
      const path = `/og/party/${party.shortId}/de.png`;
      const first = await timed(base, path, pid);
      if (first.how !== 'drawn') throw new Error(`${path}: ${first.status} ${first.how}`);
      drawn.push(first);
      cached.push(await timed(base, path, pid));
    }
    rows.push({ picture: picture?.label ?? null, drawn, cached });
  }
  return rows;
}
