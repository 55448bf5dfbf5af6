import { createContext, useContext } from 'react';

/**
 * The nonce of the page's Content-Security-Policy (worker/http/page-headers.ts), made per response
 * in app/entry.server.tsx, for the inline scripts a page renders (Remix's, and the app-switch
 * screen's). The browser has no provider: scripts the client renders never run inline, and the
 * browser hides a nonce from the page once it is parsed.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
