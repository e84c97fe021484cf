import { expect, type Page } from '@playwright/test'

/**
 * Resolves once the app's saved query cache (IndexedDB, written at most once a second) holds
 * `text`: what an offline reload can show from then on.
 */
export async function waitUntilSavedOnDevice(page: Page, text: string) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const database = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('ngernkhuen-query-cache')
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'))
        })
        const saved = await new Promise<unknown>((resolve, reject) => {
          const request = database.transaction('keyval').objectStore('keyval').get('query-client')
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'))
        })
        database.close()
        return JSON.stringify(saved ?? null)
      }),
    )
    .toContain(text)
}
