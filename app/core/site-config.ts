import { z } from './zod';
import type { PhonePlatform } from './user-agent';

/**
 * The operator's facts the public pages show: the legal notice's company details, the privacy
 * notice's controller, and the companion app's store listings. They come from the Worker's `SITE`
 * variable (wrangler.toml locally, with placeholders for a fictional company; production sets its
 * own), are checked here once, and a page that needs them fails loudly on a wrong value rather than
 * publishing a half-empty imprint.
 */

const Text = z.string().trim().min(1);
const Lines = z.array(Text).min(1);
/** An empty string in the configuration means "not configured". */
const OptionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);
const StoreUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || /^https:\/\/[^\s]+$/.test(value), { error: 'a store link must be an https address' });

const LegalSchema = z.object({
  /** True for the local and demo values: the pages then say the data is an example. */
  sample: z.boolean().default(false),
  company: Text,
  address: Lines,
  directors: z.array(Text).default([]),
  registerCourt: OptionalText,
  registerNumber: OptionalText,
  vatId: OptionalText,
  email: z.email(),
  phone: OptionalText,
  /** Who answers for the content (the German MStV's and the French LCEN's responsible person). */
  contentProvider: z.object({ name: Text, address: Lines }),
  /** The consumer dispute-resolution statement, per language; German is required and the fallback. */
  disputeResolution: z.object({ de: Text }).catchall(Text),
  /** The data protection officer's address, when the company has one. */
  privacyEmail: OptionalText,
});

const StoresSchema = z
  .object({ appStore: StoreUrl, googlePlay: StoreUrl, appGallery: StoreUrl })
  .default({ appStore: undefined, googlePlay: undefined, appGallery: undefined });

export const SiteConfigSchema = z.object({ legal: LegalSchema, stores: StoresSchema });
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
export type LegalConfig = SiteConfig['legal'];

/** The stores in the order their badges are shown: iOS, Android, Huawei's gallery. */
export const STORES = ['appStore', 'googlePlay', 'appGallery'] as const;
export type Store = (typeof STORES)[number];
export type StoreLink = { store: Store; href: string };

/** Reads the `SITE` variable; a wrong or missing value throws an error that names the field. */
export function parseSiteConfig(raw: unknown): SiteConfig {
  const value = typeof raw === 'string' ? safeJson(raw) : raw;
  const parsed = SiteConfigSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`SITE configuration: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`);
  }
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The configured store listings, in badge order; empty when the app is in no store yet. */
export function storeLinks(stores: SiteConfig['stores']): StoreLink[] {
  return STORES.flatMap((store) => {
    const href = stores[store];
    return href ? [{ store, href }] : [];
  });
}

/** The stores that sell to each phone platform (Huawei's gallery serves Android phones). */
const PLATFORM_STORES: Record<PhonePlatform, Store[]> = { ios: ['appStore'], android: ['googlePlay', 'appGallery'] };

/** The links a phone can install the app from. */
export function storesFor(platform: PhonePlatform, links: StoreLink[]): StoreLink[] {
  return links.filter((link) => PLATFORM_STORES[platform].includes(link.store));
}

/** The dispute-resolution statement in `language`, else the German one. */
export function disputeResolution(legal: LegalConfig, language: string): string {
  return legal.disputeResolution[language] ?? legal.disputeResolution.de;
}

/**
 * The legal notice names who answers for the content only in German and French: German law
 * (§ 18 Abs. 2 MStV) and French law (the LCEN's directeur de la publication) ask for it.
 */
export function showsContentProvider(language: string): boolean {
  return language === 'de' || language === 'fr';
}
