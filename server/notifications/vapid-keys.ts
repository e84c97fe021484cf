import webpush from 'web-push'
import { readSetting } from '#server/app-settings'
import type { Database } from '#server/db/database'
import { appSettings } from '#server/db/schema'
import type { VapidKeys } from '#server/notifications/push-settings'

/** Push services want a contact; a demo's is ours. */
const demoVapidSubject = 'mailto:push-demo@ngernkhuen.app'

/**
 * The keys pushes are signed with: the environment's, or in a demo (which has none) a pair made
 * once and kept in the database. Kept there, not in `DATA_DIR`, because every process on the
 * database must sign with the key the browsers subscribed with, and the first process to start
 * wins the insert.
 */
export async function resolveVapidKeys(database: Database, configured: VapidKeys | undefined): Promise<VapidKeys> {
  if (configured !== undefined) return configured
  const existing = await readSetting(database, 'demo_vapid_keys')
  if (existing !== undefined) return { ...existing, subject: demoVapidSubject }
  const made = webpush.generateVAPIDKeys()
  await database
    .insert(appSettings)
    .values({ key: 'demo_vapid_keys', value: { publicKey: made.publicKey, privateKey: made.privateKey } })
    .onConflictDoNothing({ target: appSettings.key })
  const kept = await readSetting(database, 'demo_vapid_keys')
  if (kept === undefined) throw new Error('resolveVapidKeys: the demo keys were not kept')
  return { ...kept, subject: demoVapidSubject }
}
