import { describe, expect, it } from 'vitest';
import { FIREFOX_MIN_VERSION, firefoxVersion, isUnsupportedFirefox, phonePlatform } from '../../app/core/user-agent';
import type { VisitorChoice } from '../../app/core/visitor';
import { visitorOffers } from '../../app/core/visitor';

const UA = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  iPadDesktop: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  huawei:
    'Mozilla/5.0 (Linux; Android 10; ELS-NX9; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36',
  firefoxIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/40.0 Mobile/15E148 Safari/605.1.15',
  firefox80: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:80.0) Gecko/20100101 Firefox/80.0',
  firefox81: 'Mozilla/5.0 (X11; Linux x86_64; rv:81.0) Gecko/20100101 Firefox/81.0',
  firefox128: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  firefoxEsr52: 'Mozilla/5.0 (Windows NT 6.1; rv:52.9) Gecko/20100101 Firefox/52.9.0',
  chromeDesktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  // A Chrome that mentions Firefox elsewhere must not be taken for it.
  notFirefox: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 FirefoxApp',
} as const;

describe('phonePlatform', () => {
  it('finds iPhones and iPods', () => {
    expect(phonePlatform(UA.iPhone)).toBe('ios');
    expect(phonePlatform(UA.iPod)).toBe('ios');
    expect(phonePlatform(UA.firefoxIos)).toBe('ios');
  });

  it('finds Android phones, whatever their browser or store', () => {
    expect(phonePlatform(UA.androidChrome)).toBe('android');
    expect(phonePlatform(UA.androidFirefox)).toBe('android');
    expect(phonePlatform(UA.huawei)).toBe('android');
  });

  it('leaves tablets, desktops and missing headers alone', () => {
    expect(phonePlatform(UA.androidTablet)).toBeNull();
    expect(phonePlatform(UA.iPadDesktop)).toBeNull();
    expect(phonePlatform(UA.chromeDesktop)).toBeNull();
    expect(phonePlatform('')).toBeNull();
    expect(phonePlatform(null)).toBeNull();
    expect(phonePlatform(undefined)).toBeNull();
  });
});

describe('the old-Firefox check (Firefox below 81 is warned)', () => {
  it('reads the major version of Gecko Firefox', () => {
    expect(firefoxVersion(UA.firefox80)).toBe(80);
    expect(firefoxVersion(UA.firefoxEsr52)).toBe(52);
    expect(firefoxVersion(UA.androidFirefox)).toBe(127);
  });

  it('does not take other browsers for Firefox', () => {
    expect(firefoxVersion(UA.chromeDesktop)).toBeNull();
    expect(firefoxVersion(UA.notFirefox)).toBeNull();
    expect(firefoxVersion(UA.firefoxIos)).toBeNull();
    expect(firefoxVersion(null)).toBeNull();
  });

  it('warns below 81 and not from 81 on', () => {
    expect(FIREFOX_MIN_VERSION).toBe(81);
    expect(isUnsupportedFirefox(UA.firefox80)).toBe(true);
    expect(isUnsupportedFirefox(UA.firefoxEsr52)).toBe(true);
    expect(isUnsupportedFirefox(UA.firefox81)).toBe(false);
    expect(isUnsupportedFirefox(UA.firefox128)).toBe(false);
    expect(isUnsupportedFirefox(UA.chromeDesktop)).toBe(false);
    expect(isUnsupportedFirefox(UA.firefoxIos)).toBe(false);
    expect(isUnsupportedFirefox('')).toBe(false);
  });
});

describe('visitorOffers', () => {
  const none = new Set<VisitorChoice>();
  const offers = (over: Partial<Parameters<typeof visitorOffers>[0]>) =>
    visitorOffers({ userAgent: UA.chromeDesktop, chosen: none, hasSession: false, bot: false, ...over });

  it('shows the cookie notice until it is dismissed', () => {
    expect(offers({}).cookieNotice).toBe(true);
    expect(offers({ chosen: new Set(['cookies']) }).cookieNotice).toBe(false);
  });

  it('offers the app to phones without a session, until the visitor chose the browser', () => {
    expect(offers({ userAgent: UA.iPhone }).appSwitch).toBe('ios');
    expect(offers({ userAgent: UA.androidChrome }).appSwitch).toBe('android');
    expect(offers({ userAgent: UA.androidChrome, chosen: new Set(['browser']) }).appSwitch).toBeNull();
    expect(offers({ userAgent: UA.iPhone, hasSession: true }).appSwitch).toBeNull();
    expect(offers({ userAgent: UA.chromeDesktop }).appSwitch).toBeNull();
    expect(offers({ userAgent: UA.androidTablet }).appSwitch).toBeNull();
  });

  it('keeps one choice from answering the other', () => {
    expect(offers({ userAgent: UA.iPhone, chosen: new Set(['cookies']) })).toMatchObject({ cookieNotice: false, appSwitch: 'ios' });
    expect(offers({ userAgent: UA.iPhone, chosen: new Set(['browser']) })).toMatchObject({ cookieNotice: true, appSwitch: null });
  });

  it('shows crawlers and audits neither, but still warns an old Firefox', () => {
    expect(offers({ userAgent: UA.iPhone, bot: true })).toEqual({ cookieNotice: false, appSwitch: null, oldFirefox: false });
    expect(offers({ userAgent: UA.firefox80 }).oldFirefox).toBe(true);
    expect(offers({ userAgent: UA.firefox81 }).oldFirefox).toBe(false);
  });
});
