import { createHash } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { proofs } from '#server/db/schema'
import { addProof, reviewProofs } from '#server/proofs/proof-service'
import {
  applyTestChange,
  createTestBuyer,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { readHandWrittenStatements } from '#server/test/migrations'
import { createMemoryProofStorage, smallJpeg } from '#server/test/proofs'

const { database, merchant } = useTestDatabaseWithMerchant()

const now = new Date('2026-11-15T03:00:00Z')

/** A rejected purchase with a refused proof, then one waiting for review. */
async function reviewedProofs(): Promise<{ transactionId: string; refusedId: string; pendingId: string }> {
  const buyerId = await createTestBuyer(database(), now)
  const record = await recordTestPurchase(database(), {
    buyerId,
    merchantId: merchant().id,
    purchaseAmount: 10_000,
    now,
  })
  await applyTestChange(database(), {
    transactionId: record.id,
    event: { kind: 'network_update', status: 'REJECTED', reasonCode: 'item_returned', rejectionReason: 'Returned' },
    now,
  })
  const storage = createMemoryProofStorage()
  const send = (at: Date) =>
    database().transaction((tx) =>
      addProof(tx, storage, {
        buyerId,
        transactionId: record.id,
        bytes: new Uint8Array(smallJpeg),
        contentType: 'image/jpeg',
        width: 3,
        height: 2,
        sha256: createHash('sha256').update(smallJpeg).digest('hex'),
        now: at,
      }),
    )
  const reviewer = 'operator:tester'
  const refused = await send(now)
  await database().transaction((tx) =>
    reviewProofs(tx, record.id, { decision: 'reject', reviewer, reasonCode: 'unreadable', note: null, now }),
  )
  const pending = await send(new Date(now.getTime() + 1_000))
  return { transactionId: record.id, refusedId: refused.id, pendingId: pending.id }
}

/** Rolls back the transaction a test has looked into. */
class LookedInto extends Error {}

describe('migrations 0021 and 0023: reason codes for proofs refused without one', () => {
  it.each(['0021_proof_rejection_reason_codes.sql', '0023_proof_refusals_carry_a_code.sql'])(
    '%s reads every refusal without a code as other, keeps its words as the note, and leaves other proofs without a code',
    async (migration) => {
      const { transactionId, refusedId } = await reviewedProofs()
      const statements = await readHandWrittenStatements(migration)
      const replay = database().transaction(async (tx) => {
        // As the release before codes left a refusal (which the database now refuses): the words
        // it showed the shopper, no code.
        await tx.execute(sql`alter table ${proofs} drop constraint proofs_rejection_reason`)
        await tx
          .update(proofs)
          .set({ rejectionReasonCode: null, rejectionReason: 'ใบเสร็จไม่ชัด / blurry receipt' })
          .where(eq(proofs.id, refusedId))
        for (const statement of statements) await tx.execute(sql.raw(statement))
        const rows = await tx
          .select({ status: proofs.status, code: proofs.rejectionReasonCode, note: proofs.rejectionReason })
          .from(proofs)
          .where(eq(proofs.transactionId, transactionId))
          .orderBy(asc(proofs.createdAt))
        expect(rows).toEqual([
          { status: 'rejected', code: 'other', note: 'ใบเสร็จไม่ชัด / blurry receipt' },
          { status: 'pending', code: null, note: null },
        ])
        throw new LookedInto()
      })
      await expect(replay).rejects.toBeInstanceOf(LookedInto)
    },
  )
})

describe('the reason columns of proofs', () => {
  it('take a known code, always on a refused proof, and a code or a note only there', async () => {
    const { refusedId, pendingId } = await reviewedProofs()
    const refusals = [
      sql`update ${proofs} set rejection_reason_code = 'other' where id = ${pendingId}`,
      sql`update ${proofs} set rejection_reason = 'Blurry' where id = ${pendingId}`,
      sql`update ${proofs} set rejection_reason_code = 'blurry' where id = ${refusedId}`,
      sql`update ${proofs} set rejection_reason_code = null where id = ${refusedId}`,
    ]
    for (const statement of refusals) await expect(database().execute(statement)).rejects.toThrow()
    // A refusal with a note is kept.
    await database().execute(sql`update ${proofs} set rejection_reason = 'Blurry' where id = ${refusedId}`)
  })
})
