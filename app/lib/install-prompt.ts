import { useSyncExternalStore } from 'react';
import { mediaQuery } from './use-media-query';

/** Chromium's `beforeinstallprompt` event: not in the DOM's types, as no standard defines it. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    /** The prompt entry.client keeps from the page's start until it is shown. */
    salonInstallPrompt?: InstallPromptEvent | undefined;
  }
}

/**
 * How a page can offer to install Salon: the browser's own prompt, instructions for iOS (whose
 * browsers have no prompt, only "Add to Home Screen" in the share sheet), or nothing.
 */
export type InstallOffer = 'prompt' | 'instructions' | null;

/** The offer, from what the browser says; pure, so the rule is tested without a browser. */
export function installOffer(device: { standalone: boolean; apple: boolean; promptHeld: boolean }): InstallOffer {
  if (device.standalone) return null;
  if (device.promptHeld) return 'prompt';
  return device.apple ? 'instructions' : null;
}

/** iOS and iPadOS (which says it is a Mac, but has touch); `navigator.standalone` is WebKit's alone. */
function isAppleMobile(): boolean {
  return 'standalone' in navigator && (/iPhone|iPad|iPod/.test(navigator.userAgent) || navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return mediaQuery('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

let installed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

// entry.client keeps the event as it comes (its listener runs first); this one tells the pages.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', changed);
  window.addEventListener('appinstalled', () => {
    window.salonInstallPrompt = undefined;
    installed = true;
    changed();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = (): InstallOffer =>
  installOffer({ standalone: installed || isStandalone(), apple: isAppleMobile(), promptHeld: window.salonInstallPrompt !== undefined });

/**
 * Whether this page may offer "Install Salon", and the browser's prompt behind it (a prompt can be
 * shown once: afterwards the offer is gone until the browser fires the event again). Nothing is
 * offered while rendering on the server and hydrating.
 */
export function useInstallPrompt(): { offer: InstallOffer; install: () => Promise<void> } {
  const offer = useSyncExternalStore(subscribe, current, () => null);
  const install = async () => {
    const event = window.salonInstallPrompt;
    if (!event) return;
    window.salonInstallPrompt = undefined;
    changed();
    await event.prompt();
  };
  return { offer, install };
}
