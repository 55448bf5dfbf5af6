/**
 * The service worker, served at /sw.js with the whole site as its scope: a classic script the
 * build bundles from here (vite.config.ts `serviceWorker`; docs/decisions/031-service-worker.md).
 * Each duty is a module that adds its own listeners; another one is one more import.
 */
import './update';
import './shell';
import './person';
import './notifications';
import './outbox';
