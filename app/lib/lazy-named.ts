import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * A component loaded on its first render from a module that exports it by name (React's `lazy`
 * wants a default export): what a page does not need for its first paint stays out of its bundle.
 * Render it inside a `Suspense` boundary.
 */
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
