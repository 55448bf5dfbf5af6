import { useRouteLoaderData } from '@remix-run/react';
import type { VisitorPage } from '~/core/visitor';

/**
 * What the root decided to offer this visitor (app/core/visitor.ts) and the app's store links;
 * undefined when the root itself failed and its ErrorBoundary renders alone.
 */
export function useVisitor() {
  return useRouteLoaderData<VisitorPage>('root');
}
