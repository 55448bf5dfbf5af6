import type { ClientLoaderFunctionArgs } from '@remix-run/react';
import { redirectDocument } from '@remix-run/react';

/**
 * Pages that record voice (the party page, the template editor) say so in their route's `handle`;
 * only their Permissions-Policy allows the microphone (worker/http/page-headers.ts, ADR 019).
 */
export interface RecordingHandle {
  microphone?: boolean;
  /** The party page, where the manager (or the allowed host) goes live (ADR 060). */
  camera?: boolean;
}

/**
 * The `clientLoader` of a page that records. The browser grants the microphone by the policy of the
 * document the app was loaded as, not by the page shown in it: reached in the browser from a page
 * whose policy forbids it (the dashboard, the landing page), the recording page is loaded as a
 * document of its own. Chromium enforces the policy and says so in `document.featurePolicy`;
 * browsers that do not have it do not enforce it either.
 */
export async function inRecordingDocument({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const policy = (document as Document & { featurePolicy?: { allowsFeature(feature: string): boolean } }).featurePolicy;
  if (policy && !policy.allowsFeature('microphone')) throw redirectDocument(request.url);
  return serverLoader();
}
