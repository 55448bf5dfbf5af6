/**
 * Where a party's data lives (ADR 050): the jurisdiction its room is made in (the deployment's
 * DATA_JURISDICTION) and the location hint it is made with, from the region of the consultant who
 * makes the party. Both are fixed when the party is made and kept with it for its life.
 */

/** Cloudflare's jurisdictions for Durable Objects, D1 and R2 that Salon accepts in DATA_JURISDICTION. */
export const JURISDICTIONS = ['eu', 'fedramp', 'fedramp-high'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

/** Cloudflare's location hints for a Durable Object (honoured on its first access only). */
export const LOCATION_HINTS = ['wnam', 'enam', 'sam', 'weur', 'eeur', 'apac', 'oc', 'afr', 'me'] as const;
export type LocationHint = (typeof LOCATION_HINTS)[number];

/** The deployment's setting, read strictly: an unknown value is a mistake to stop at, not to ignore. */
export function jurisdictionSetting(value: string | undefined): Jurisdiction | null {
  if (value === undefined || value.trim() === '') return null;
  const setting = value.trim();
  if (!(JURISDICTIONS as readonly string[]).includes(setting))
    throw new Error(`DATA_JURISDICTION must be one of ${JURISDICTIONS.join(', ')} or empty, not "${value}"`);
  return setting as Jurisdiction;
}

export function isLocationHint(value: string | null | undefined): value is LocationHint {
  return (LOCATION_HINTS as readonly (string | null | undefined)[]).includes(value);
}

/** The hints inside each jurisdiction: a hint elsewhere would ask for a place the data may not go. */
const INSIDE: Record<Jurisdiction, readonly LocationHint[]> = { eu: ['weur', 'eeur'], fedramp: ['wnam', 'enam'], 'fedramp-high': ['wnam', 'enam'] };

/** Europe's east, by ISO country code: Cloudflare's `eeur`; the rest of Europe is `weur`. */
const EASTERN_EUROPE = new Set(['BG', 'BY', 'CY', 'CZ', 'EE', 'FI', 'GR', 'HU', 'LT', 'LV', 'MD', 'PL', 'RO', 'RS', 'RU', 'SK', 'UA']);
/** The Middle East, which Cloudflare's `continent` counts as Asia. */
const MIDDLE_EAST = new Set(['AE', 'BH', 'IL', 'IQ', 'IR', 'JO', 'KW', 'LB', 'OM', 'PS', 'QA', 'SA', 'SY', 'YE']);

/** What a request's `cf` says about where it came from (any field may be missing). */
export interface RequestRegion {
  continent?: string | null;
  country?: string | null;
  longitude?: string | number | null;
}

/**
 * The location hint for a party made from this region, inside the jurisdiction when there is one
 * (the jurisdiction's nearest hint to the region, else its first); null when the region is unknown
 * and there is no jurisdiction (the object is then made near whoever first reaches it).
 */
export function locationHintFor(region: RequestRegion, jurisdiction: Jurisdiction | null): LocationHint | null {
  const hint = regionHint(region);
  if (!jurisdiction) return hint;
  const inside = INSIDE[jurisdiction];
  return hint && inside.includes(hint) ? hint : inside[0]!;
}

function regionHint({ continent, country, longitude }: RequestRegion): LocationHint | null {
  const code = country?.toUpperCase() ?? '';
  switch (continent?.toUpperCase()) {
    case 'EU':
      return EASTERN_EUROPE.has(code) ? 'eeur' : 'weur';
    case 'NA': {
      const east = Number(longitude);
      return Number.isFinite(east) && east < -100 ? 'wnam' : 'enam';
    }
    case 'SA':
      return 'sam';
    case 'AS':
      return MIDDLE_EAST.has(code) ? 'me' : 'apac';
    case 'OC':
      return 'oc';
    case 'AF':
      return 'afr';
    default:
      return null;
  }
}
