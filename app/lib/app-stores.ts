/**
 * PLACEHOLDERS: the companion app's store listings do not exist yet. Replace these three addresses
 * with the real listings before launch; every store link in the product reads them from here.
 */
export const APP_STORE_LINKS = [
  { store: 'appStore', href: 'https://apps.apple.com/app/id0000000000' },
  { store: 'googlePlay', href: 'https://play.google.com/store/apps/details?id=app.salon.placeholder' },
  { store: 'appGallery', href: 'https://appgallery.huawei.com/app/C000000000' },
] as const;
