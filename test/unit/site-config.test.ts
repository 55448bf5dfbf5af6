import { describe, expect, it } from 'vitest';
import { disputeResolution, parseSiteConfig, showsContentProvider, storeLinks, storesFor } from '../../app/core/site-config';

const legal = {
  company: 'Beispiel Salon GmbH',
  address: ['Musterstraße 1', '12345 Musterstadt'],
  directors: ['Erika Mustermann'],
  registerCourt: 'Amtsgericht Musterstadt',
  registerNumber: 'HRB 00000',
  vatId: 'DE000000000',
  email: 'kontakt@salon.example',
  contentProvider: { name: 'Erika Mustermann', address: ['Musterstraße 1', '12345 Musterstadt'] },
  disputeResolution: { de: 'Wir nehmen nicht teil.', en: 'We do not take part.' },
};

describe('parseSiteConfig', () => {
  it('takes the configured facts, with empty strings as "not configured"', () => {
    const config = parseSiteConfig({
      legal: { ...legal, phone: '', privacyEmail: '' },
      stores: { appStore: 'https://apps.apple.com/app/id1', googlePlay: '', appGallery: '' },
    });
    expect(config.legal).toMatchObject({ company: 'Beispiel Salon GmbH', sample: false, phone: undefined, privacyEmail: undefined, vatId: 'DE000000000' });
    expect(storeLinks(config.stores)).toEqual([{ store: 'appStore', href: 'https://apps.apple.com/app/id1' }]);
  });

  it('reads the variable given as a JSON string too (a dashboard value)', () => {
    expect(parseSiteConfig(JSON.stringify({ legal })).legal.company).toBe('Beispiel Salon GmbH');
  });

  it('has no store links when no store is configured', () => {
    expect(storeLinks(parseSiteConfig({ legal }).stores)).toEqual([]);
  });

  it('lists the stores in badge order: iOS, Android, Huawei', () => {
    const stores = {
      appGallery: 'https://appgallery.huawei.com/app/C1',
      googlePlay: 'https://play.google.com/store/apps/details?id=x',
      appStore: 'https://apps.apple.com/app/id1',
    };
    expect(storeLinks(parseSiteConfig({ legal, stores }).stores).map((link) => link.store)).toEqual(['appStore', 'googlePlay', 'appGallery']);
  });

  it.each([
    ['a missing value', undefined, '(root)'],
    ['unparseable JSON', '{legal', '(root)'],
    ['no company', { legal: { ...legal, company: ' ' } }, 'legal.company'],
    ['no address', { legal: { ...legal, address: [] } }, 'legal.address'],
    ['a wrong e-mail address', { legal: { ...legal, email: 'kontakt' } }, 'legal.email'],
    ['no German dispute text', { legal: { ...legal, disputeResolution: { en: 'x' } } }, 'legal.disputeResolution.de'],
    ['a store link that is not https', { legal, stores: { appStore: 'javascript:alert(1)' } }, 'stores.appStore'],
  ])('refuses %s, naming the field', (_what, raw, field) => {
    expect(() => parseSiteConfig(raw)).toThrow(`SITE configuration: ${field}`);
  });
});

describe('what the legal notice shows per language', () => {
  const config = parseSiteConfig({ legal });

  it('gives the dispute-resolution text in the language, else in German', () => {
    expect(disputeResolution(config.legal, 'en')).toBe('We do not take part.');
    expect(disputeResolution(config.legal, 'nl')).toBe('Wir nehmen nicht teil.');
  });

  it('names the content provider in German and French only (the laws that ask for it)', () => {
    expect(['de', 'en', 'nl', 'fr', 'it'].filter(showsContentProvider)).toEqual(['de', 'fr']);
  });
});

describe('storesFor', () => {
  const links = storeLinks(
    parseSiteConfig({ legal, stores: { appStore: 'https://a.example', googlePlay: 'https://g.example', appGallery: 'https://h.example' } }).stores,
  );

  it('offers an iPhone the App Store and an Android phone Google Play and the AppGallery', () => {
    expect(storesFor('ios', links).map((link) => link.store)).toEqual(['appStore']);
    expect(storesFor('android', links).map((link) => link.store)).toEqual(['googlePlay', 'appGallery']);
    expect(storesFor('ios', links.slice(1))).toEqual([]);
  });
});
