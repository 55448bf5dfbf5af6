import { describe, expect, it } from 'vitest';
import type { Edge } from '../support/import-graph';
import { importCircles, importEdges, loopThrough } from '../support/import-graph';

/**
 * No import circles in app/, worker/ or durable-objects/ (ADR 055): every file can be read after
 * the files it imports, and none of them imports it back. Type-only imports count: they are how a
 * reader finds her way too, and a circle of types is where one of runtime imports begins. A failure
 * names each circle with one loop through it.
 */
const EDGES = importEdges();

describe('import circles', () => {
  it('finds none in the application', () => {
    const circles = importCircles(EDGES).map((circle) => loopThrough(circle, EDGES));
    expect(circles, 'import circles (break each: move what both sides need below them, or pass it in)').toEqual([]);
  });

  it('finds a circle, however it runs, and says one loop through it', () => {
    const edge = (from: string, to: string, typeOnly = false): Edge => ({ from, to, typeOnly });
    const edges = [edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts', true), edge('c.ts', 'a.ts'), edge('c.ts', 'd.ts'), edge('d.ts', 'd.ts'), edge('e.ts', 'a.ts')];
    const circles = importCircles(edges);
    expect(circles).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
    expect(loopThrough(circles[0]!, edges)).toBe('a.ts → b.ts → c.ts → a.ts');
    expect(loopThrough(circles[1]!, edges)).toBe('d.ts → d.ts');
    expect(importCircles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('a.ts', 'c.ts')])).toEqual([]);
  });

  it('reads the imports it judges: static, lazy and type-only', () => {
    expect(EDGES.some((edge) => edge.from === 'worker/env.ts' && edge.to === 'durable-objects/contract.ts' && edge.typeOnly)).toBe(true);
    expect(EDGES.some((edge) => edge.from === 'durable-objects/party-room.ts' && edge.to === 'durable-objects/kernel/room.ts' && !edge.typeOnly)).toBe(true);
    // Only lazily: lazyNamed(() => import('~/components/chat/media-picker-dialog'), …).
    expect(EDGES.some((edge) => edge.from === 'app/components/cards/card-dialog.tsx' && edge.to === 'app/components/chat/media-picker-dialog.tsx')).toBe(true);
  });
});
