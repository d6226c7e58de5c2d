/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { isOfflineApiRead } from './offline-routes';

/**
 * Asks again, now through the service worker, for the offline features' API reads this page made
 * before the worker controlled it (performance resource entries), so their answers are kept after the
 * very first visit. Failures are ignored: the next read fills the cache anyway.
 */
function keepWhatThisPageRead(): void {
  const seen = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name, location.href);
    if (url.origin !== location.origin || !isOfflineApiRead(url.pathname) || seen.has(url.href)) continue;
    seen.add(url.href);
    void fetch(url.href, { credentials: 'same-origin' }).catch(() => undefined);
  }
}

/**
 * Registers the service worker of the installable app (issue 36 §4; built by vite-plugin-pwa, see
 * vite.config.ts) in a production build. autoUpdate: a new build's worker takes over and the page
 * reloads; the register outbox is in localStorage, so nothing waiting to sync is lost. On the first
 * visit the new worker takes this page over (clientsClaim) and the page's earlier offline reads are
 * fetched again through it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', keepWhatThisPageRead, { once: true });
  }
  registerSW({ immediate: true });
}
