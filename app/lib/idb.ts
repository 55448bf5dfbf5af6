/**
 * A small promise face over IndexedDB, enough for the outbox (app/lib/outbox.ts): `idb` is not
 * installed, and one store with one index needs little. No `window`: a service worker imports it too.
 */

/** One IndexedDB request as a promise. */
export function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves once the transaction has committed (a write is durable only then). */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Opens (and on first use creates) a database; `upgrade` builds its stores for a new version. */
export function openDatabase(name: string, version: number, upgrade: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  const request = globalThis.indexedDB.open(name, version);
  request.onupgradeneeded = () => upgrade(request.result);
  return settled(request);
}

/**
 * Runs `work` on one store in one transaction and resolves with its result once committed.
 * `work` must only start requests (no awaits on other things), or the transaction closes early.
 */
export async function inStore<T>(db: IDBDatabase, store: string, mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  const transaction = db.transaction(store, mode);
  const done = committed(transaction);
  const result = await work(transaction.objectStore(store));
  await done;
  return result;
}
