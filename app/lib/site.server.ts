import { parseSiteConfig, storeLinks } from '~/core/site-config';
import type { StoreLink } from '~/core/site-config';

/**
 * The app's configured store links for pages that merely offer the app (the app-switch screen, a
 * profile page): a broken SITE configuration is logged and shows no links rather than taking those
 * pages down. The legal pages parse it strictly.
 */
export function configuredStores(site: unknown): StoreLink[] {
  try {
    return storeLinks(parseSiteConfig(site).stores);
  } catch (error) {
    console.error(error instanceof Error ? error.message : 'SITE configuration: invalid');
    return [];
  }
}
