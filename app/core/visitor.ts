import type { StoreLink } from './site-config';
import type { PhonePlatform } from './user-agent';
import { isUnsupportedFirefox, phonePlatform } from './user-agent';

/**
 * What Salon offers a visitor beside the page: the cookie notice until it is dismissed, the
 * app-switch screen for a phone without a session until they chose the browser, and a warning for a
 * Firefox too old to run Salon.
 */
export interface VisitorOffers {
  cookieNotice: boolean;
  /** The phone's platform when the app-switch screen is due, else null. */
  appSwitch: PhonePlatform | null;
  oldFirefox: boolean;
}

/** What the root's loader tells every page of the visitor (app/root.tsx, app/lib/use-visitor.ts): the offers, and the app's store links for the app-switch screen. */
export interface VisitorPage extends VisitorOffers {
  stores: StoreLink[];
  /** The document request's id (its X-Request-Id, ADR 063), which an error page shows as "Fehler-ID". */
  requestId?: string;
}

/** The visitor's remembered choices (each a cookie of its own, worker/auth/cookies.ts). */
export const VISITOR_CHOICES = ['cookies', 'browser'] as const;
export type VisitorChoice = (typeof VISITOR_CHOICES)[number];

export function isVisitorChoice(value: unknown): value is VisitorChoice {
  return typeof value === 'string' && (VISITOR_CHOICES as readonly string[]).includes(value);
}

export function visitorOffers(visitor: { userAgent: string | null; chosen: ReadonlySet<VisitorChoice>; hasSession: boolean; bot: boolean }): VisitorOffers {
  // Crawlers and page audits get the page itself: neither a notice nor a screen is content.
  const person = !visitor.bot;
  const platform = phonePlatform(visitor.userAgent);
  return {
    cookieNotice: person && !visitor.chosen.has('cookies'),
    appSwitch: person && platform && !visitor.hasSession && !visitor.chosen.has('browser') ? platform : null,
    oldFirefox: isUnsupportedFirefox(visitor.userAgent),
  };
}
