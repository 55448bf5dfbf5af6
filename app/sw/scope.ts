/// <reference lib="webworker" />

/** The service worker's global scope, typed (the worker's tsconfig has the WebWorker library). */
export const sw = self as unknown as ServiceWorkerGlobalScope;
