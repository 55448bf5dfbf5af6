import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { sourceModule } from './source-modules';

/**
 * The application's import graph, read from its sources as the bundlers resolve them
 * (source-modules.ts): every import and re-export, static or lazy (`import()`), type-only or not,
 * between the files of app/, worker/ and durable-objects/. The layers test (test/unit/layers.test.ts)
 * and the import-circle test (test/unit/import-circles.test.ts, ADR 055) judge the same edges.
 */
const ROOT = resolve(__dirname, '../..');

/** The folders whose files the graph holds. */
export const APPLICATION_FOLDERS = ['app', 'worker', 'durable-objects'] as const;

const IMPORT = /(import|export)(\s+type)?[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export interface Edge {
  /** Paths relative to the repository's root. */
  from: string;
  to: string;
  /** Only types come (`import type`, `export type`): nothing of it exists when the code runs. */
  typeOnly: boolean;
}

/** Every TypeScript source under a folder (relative to the root), declaration files left out. */
export function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The imports of every source under the folders that name another source (packages are not edges). */
export function importEdges(folders: readonly string[] = APPLICATION_FOLDERS): Edge[] {
  return folders.flatMap(sources).flatMap((from) =>
    [...readFileSync(join(ROOT, from), 'utf8').matchAll(IMPORT)].flatMap((match) => {
      const to = sourceModule(join(ROOT, from), match[3] ?? match[4]!);
      return to ? [{ from, to: relative(ROOT, to), typeOnly: match[2] !== undefined }] : [];
    }),
  );
}

/**
 * The import circles: each strongly connected component of more than one file (or a file that
 * imports itself), as its files sorted, found with Tarjan's algorithm. A circle is reported once
 * however many loops run through it.
 */
export function importCircles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!next.has(edge.from)) next.set(edge.from, new Set());
    next.get(edge.from)!.add(edge.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { file: string; targets: Iterator<string> }[] = [];
    const enter = (file: string) => {
      index.set(file, counter);
      low.set(file, counter);
      counter++;
      stack.push(file);
      onStack.add(file);
      work.push({ file, targets: (next.get(file) ?? new Set<string>()).values() });
    };
    enter(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const step = top.targets.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(top.file, Math.min(low.get(top.file)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(top.file)!));
      if (low.get(top.file) !== index.get(top.file)) continue;
      const component: string[] = [];
      let file: string;
      do {
        file = stack.pop()!;
        onStack.delete(file);
        component.push(file);
      } while (file !== top.file);
      if (component.length > 1 || next.get(top.file)?.has(top.file)) circles.push(component.sort());
    }
  }
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One loop through a circle, as a reader would follow it: `a.ts → b.ts → a.ts`. */
export function loopThrough(circle: readonly string[], edges: readonly Edge[]): string {
  const members = new Set(circle);
  const next = new Map<string, string[]>();
  for (const edge of edges) if (members.has(edge.from) && members.has(edge.to)) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const start = circle[0]!;
  // Breadth-first from the start back to itself: the shortest loop.
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const to of next.get(file) ?? []) {
      if (to === start) {
        const path = [start];
        for (let at: string | undefined = file; at !== undefined && at !== start; at = cameFrom.get(at)) path.splice(1, 0, at);
        return [...path, start].join(' → ');
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, file);
        queue.push(to);
      }
    }
  }
  return circle.join(', ');
}
