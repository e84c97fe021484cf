import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { pino } from 'pino'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { proofSchema, type Proof } from '#domain/contracts/proof'
import { createDemoAccountsConfig } from '#server/auth/accounts-config'
import type { Database } from '#server/db/database'
import { cashbackTransactionEvents, cashbackTransactions, operatorAuditLog, proofs } from '#server/db/schema'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'
import { parseProofOperatorCommand } from '#server/proofs/proof-operator-commands'
import type { ProofStorage } from '#server/proofs/proof-storage'
import { storeSupportAttachment } from '#server/support/support-service'
import { createTestClock, signIn } from '#server/test/accounts'
import { createTestApp } from '#server/test/app'
import {
  applyTestChange,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
  type TestMerchant,
} from '#server/test/cashback'
import { createMemoryProofStorage, createPng, smallJpeg, smallWebp } from '#server/test/proofs'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
let keyCounter = 0
const newKey = () => `proof-ops-test-key-${Date.now()}-${(keyCounter += 1)}`

/** When the operator decides (the shoppers' clocks start at 2026-11-15T03:00:00Z). */
const reviewTime = new Date('2026-11-16T08:00:00Z')

/** The CLI path: parse the arguments as `npm run ops` does, then run against the database. */
async function runOps(database: Database, storage: ProofStorage, argumentList: string[]): Promise<string> {
  const parsed = parseOperatorCommand(argumentList)
  if (!parsed.success) throw new Error(parsed.message)
  return runOperatorCommand(parsed.command, database, {
    actor: 'tester',
    now: () => reviewTime,
    proofStorage: storage,
  })
}

/** A signed-in buyer who sends proofs through the app into an inspectable memory storage. */
async function shopper(database: Database, merchant: TestMerchant, email: string) {
  const clock = createTestClock()
  const storage = createMemoryProofStorage()
  const app = createTestApp(database, {
    accounts: createDemoAccountsConfig(database, pino({ level: 'silent' }), clock.now),
    proofStorage: storage,
  })
  const { cookie, buyer } = await signIn(app, email)
  const buyerId = buyer.buyerId
  const proofsPath = (transactionId: string) => `/api/cashback/${buyerId}/transactions/${transactionId}/proofs`
  const upload = async (transactionId: string, bytes: Uint8Array, contentType = 'image/jpeg'): Promise<Proof> => {
    const response = await app.request(proofsPath(transactionId), {
      method: 'POST',
      body: bytes,
      headers: { 'Content-Type': contentType, 'Idempotency-Key': newKey(), Cookie: cookie },
    })
    expect(response.status, await response.clone().text()).toBe(201)
    return v.parse(proofSchema, await response.json())
  }
  const remove = async (transactionId: string, proofId: string) => {
    const response = await app.request(`${proofsPath(transactionId)}/${proofId}`, {
      method: 'DELETE',
      headers: { 'Idempotency-Key': newKey(), Cookie: cookie },
    })
    expect(response.status, await response.clone().text()).toBe(200)
  }
  /** A ฿1,000 purchase (฿50 cashback) the network rejected with "Item returned". */
  const rejectedTransaction = async () => {
    const now = clock.now()
    const record = await recordTestPurchase(database, {
      buyerId,
      merchantId: merchant.id,
      purchaseAmount: 100_000,
      now,
    })
    await applyTestChange(database, {
      transactionId: record.id,
      event: {
        kind: 'network_update',
        status: 'REJECTED',
        reasonCode: 'item_returned',
        rejectionReason: 'Item returned',
      },
      now,
    })
    return record.id
  }
  const run = (argumentList: string[]) => runOps(database, storage, argumentList)
  return { clock, storage, buyerId, upload, remove, rejectedTransaction, run }
}

async function proofRows(database: Database, transactionId: string) {
  return database
    .select()
    .from(proofs)
    .where(eq(proofs.transactionId, transactionId))
    .orderBy(asc(proofs.createdAt), asc(proofs.id))
}

async function transactionRow(database: Database, transactionId: string) {
  const [row] = await database.select().from(cashbackTransactions).where(eq(cashbackTransactions.id, transactionId))
  if (row === undefined) throw new Error(`no transaction ${transactionId}`)
  return row
}

/** The transaction's proof reviews in the audit log, oldest first. */
async function proofAuditEntries(database: Database, transactionId: string) {
  const rows = await database
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.subjectId, transactionId))
    .orderBy(asc(operatorAuditLog.id))
  return rows.map(({ action, actor, subjectType, reason, before, after, createdAt }) => ({
    action,
    actor,
    subjectType,
    reason,
    before,
    after,
    createdAt,
  }))
}

describe('parseProofOperatorCommand', () => {
  it.each([
    [['proofs', 'pending'], { action: 'pending', limit: 20 }],
    [['proofs', 'pending', '--limit', '1'], { action: 'pending', limit: 1 }],
    [['proofs', 'pending', '--limit=500'], { action: 'pending', limit: 500 }],
    [['proofs', 'pending', '--limit', '42'], { action: 'pending', limit: 42 }],
    [['proofs', 'show', 'ABCDEF0123'], { action: 'show', transactionId: 'abcdef0123', saveDirectory: undefined }],
    [
      ['proofs', 'show', ' AbC ', '--save', '/tmp/proofs'],
      { action: 'show', transactionId: 'abc', saveDirectory: '/tmp/proofs' },
    ],
    [['proofs', 'show', 'abc', '--save=out/dir'], { action: 'show', transactionId: 'abc', saveDirectory: 'out/dir' }],
    [['proofs', 'approve', 'ABC'], { action: 'approve', transactionId: 'abc' }],
    [
      ['proofs', 'reject', 'ABC', '--code', 'unreadable', '--reason', 'The receipt is blurred'],
      { action: 'reject', transactionId: 'abc', reasonCode: 'unreadable', note: 'The receipt is blurred' },
    ],
    [
      ['proofs', 'reject', 'abc', '--reason=  Another shop  ', '--code=not_this_purchase'],
      { action: 'reject', transactionId: 'abc', reasonCode: 'not_this_purchase', note: 'Another shop' },
    ],
    // The note is for operators and may be left out; the code may not.
    [
      ['proofs', 'reject', 'abc', '--code', ' edited '],
      { action: 'reject', transactionId: 'abc', reasonCode: 'edited', note: undefined },
    ],
  ])('accepts %o', (argumentList, command) => {
    expect(parseProofOperatorCommand(argumentList)).toEqual({ name: 'proofs', ...command })
  })

  it.each([
    [['proofs']],
    [['proof', 'pending']],
    [['proofs', 'list']],
    [['proofs', 'pending', '--limit', '0']],
    [['proofs', 'pending', '--limit', '501']],
    [['proofs', 'pending', '--limit', '-1']],
    [['proofs', 'pending', '--limit', 'many']],
    [['proofs', 'pending', '--limit', '1.5']],
    [['proofs', 'pending', '--limit=']],
    [['proofs', 'pending', '--limit']],
    [['proofs', 'pending', '--limit', '5', '--limit', '6']],
    [['proofs', 'pending', 'extra']],
    [['proofs', 'pending', '--all']],
    [['proofs', 'show']],
    [['proofs', 'show', '   ']],
    [['proofs', 'show', '--save', '/tmp/proofs']],
    [['proofs', 'show', 'abc', '--save']],
    [['proofs', 'show', 'abc', '--save=']],
    [['proofs', 'show', 'abc', '--save', '  ']],
    [['proofs', 'show', 'abc', '--force']],
    [['proofs', 'show', 'abc', 'def']],
    [['proofs', 'approve']],
    [['proofs', 'approve', 'abc', '--reason', 'Looks right']],
    [['proofs', 'approve', 'abc', 'def']],
    [['proofs', 'reject', 'abc']],
    [['proofs', 'reject', 'abc', '--reason', 'Blurry']],
    [['proofs', 'reject', 'abc', '--code']],
    [['proofs', 'reject', 'abc', '--code', '']],
    [['proofs', 'reject', 'abc', '--code=']],
    [['proofs', 'reject', 'abc', '--code', 'blurry']],
    [['proofs', 'reject', 'abc', '--code', 'item_returned']],
    [['proofs', 'reject', 'abc', '--code', 'Unreadable']],
    [['proofs', 'reject', 'abc', '--code', 'unreadable', '--code', 'edited']],
    [['proofs', 'reject', 'abc', '--code', 'unreadable', '--reason']],
    [['proofs', 'reject', 'abc', '--code', 'unreadable', '--reason', '']],
    [['proofs', 'reject', 'abc', '--code', 'unreadable', '--reason', '   ']],
    [['proofs', 'reject', 'abc', '--code', 'unreadable', '--reason=']],
    [['proofs', 'reject', 'abc', '--code', 'unreadable', '--reason', 'x', '--reason', 'y']],
    [['proofs', 'reject', 'abc', '--code', 'unreadable', '--flagged']],
    [['proofs', 'reject', '--code', 'unreadable']],
    [['proofs', 'delete', 'abc']],
  ])('refuses %o', (argumentList) => {
    expect(parseProofOperatorCommand(argumentList)).toBeUndefined()
  })
})

describe('parseOperatorCommand with proofs commands', () => {
  it('passes the proofs commands through', () => {
    expect(parseOperatorCommand(['proofs', 'pending', '--limit', '3'])).toEqual({
      success: true,
      command: { name: 'proofs', action: 'pending', limit: 3 },
    })
    expect(parseOperatorCommand(['proofs', 'reject', 'ABC', '--code', 'unreadable', '--reason', 'Blurry'])).toEqual({
      success: true,
      command: { name: 'proofs', action: 'reject', transactionId: 'abc', reasonCode: 'unreadable', note: 'Blurry' },
    })
  })

  it.each([
    [['proofs', 'reject', 'abc']],
    [['proofs', 'reject', 'abc', '--reason', 'Blurry']],
    [['proofs', 'reject', 'abc', '--code', 'blurry']],
    [['proofs', 'pending', '--limit', '501']],
    [['proofs', 'show', 'abc', '--open']],
  ])('refuses %o with the usage text, which lists the proofs commands', (argumentList) => {
    const parsed = parseOperatorCommand(argumentList)
    expect(parsed.success).toBe(false)
    if (!parsed.success) {
      expect(parsed.message).toContain('Usage: npm run ops -- <command>')
      expect(parsed.message).toContain('proofs pending [--limit N]')
      expect(parsed.message).toContain('proofs reject <transactionId> --code <proof code> [--reason "<note>"]')
      expect(parsed.message).toContain(
        '<proof code> is why a proof picture is not enough: unreadable, order_details_missing, not_this_purchase, ' +
          'not_an_order, edited, other.',
      )
    }
  })
})

describe('proofs commands', () => {
  const { database, merchant } = useTestDatabaseWithMerchant()
  let saveRoot: string
  beforeAll(async () => {
    saveRoot = await mkdtemp(path.join(tmpdir(), 'proof-operator-commands-'))
  })
  afterAll(() => rm(saveRoot, { recursive: true, force: true }))

  // First in this block: the database has no proofs yet.
  it('lists the transactions with pending proofs oldest first, and says when there are none', async () => {
    const storage = createMemoryProofStorage()
    expect(await runOps(database(), storage, ['proofs', 'pending'])).toBe('no proofs waiting for review')

    const a = await shopper(database(), merchant(), 'proofs.ops.pending.a@example.com')
    const b = await shopper(database(), merchant(), 'proofs.ops.pending.b@example.com')
    const start = a.clock.now().getTime()
    const at = (seconds: number) => new Date(start + seconds * 1_000)
    const twoProofs = await a.rejectedTransaction()
    const oneProof = await a.rejectedTransaction()
    const onlyDeleted = await a.rejectedTransaction()
    const onlyReviewed = await a.rejectedTransaction()
    const ofB = await b.rejectedTransaction()

    // The oldest proofs are deleted or already reviewed: they must not count.
    a.clock.set(at(0))
    const deleted = await a.upload(onlyDeleted, smallJpeg)
    await a.remove(onlyDeleted, deleted._id)
    a.clock.set(at(0.5))
    await a.upload(onlyReviewed, smallJpeg)
    await a.run(['proofs', 'reject', onlyReviewed, '--code', 'not_an_order', '--reason', 'Not a receipt'])
    a.clock.set(at(1))
    await a.upload(twoProofs, smallJpeg)
    b.clock.set(at(1.5))
    await b.upload(ofB, smallJpeg)
    a.clock.set(at(2))
    await a.upload(oneProof, smallJpeg)
    a.clock.set(at(3))
    await a.upload(twoProofs, createPng(4, 4), 'image/png')

    const line = (seconds: number, transactionId: string, pending: number, buyerId: string) =>
      `  ${at(seconds).toISOString()}  ${transactionId}  ${pending} pending  buyer ${buyerId}`
    expect((await runOps(database(), storage, ['proofs', 'pending'])).split('\n')).toEqual([
      'transactions with proofs waiting for review (oldest first, at most 20):',
      line(1, twoProofs, 2, a.buyerId),
      line(1.5, ofB, 1, b.buyerId),
      line(2, oneProof, 1, a.buyerId),
    ])
    expect((await runOps(database(), storage, ['proofs', 'pending', '--limit', '2'])).split('\n')).toEqual([
      'transactions with proofs waiting for review (oldest first, at most 2):',
      line(1, twoProofs, 2, a.buyerId),
      line(1.5, ofB, 1, b.buyerId),
    ])

    // Decided transactions leave the list.
    await a.run(['proofs', 'approve', twoProofs])
    await b.run(['proofs', 'reject', ofB, '--code', 'not_this_purchase'])
    expect((await runOps(database(), storage, ['proofs', 'pending'])).split('\n')).toEqual([
      'transactions with proofs waiting for review (oldest first, at most 20):',
      line(2, oneProof, 1, a.buyerId),
    ])
    await a.run(['proofs', 'reject', oneProof, '--code', 'unreadable', '--reason', 'Blurry'])
    expect(await runOps(database(), storage, ['proofs', 'pending'])).toBe('no proofs waiting for review')
  })

  it('shows the proofs of a transaction and saves the stored pictures, never deleted ones', async () => {
    const email = 'proofs.ops.show@example.com'
    const a = await shopper(database(), merchant(), email)
    const transactionId = await a.rejectedTransaction()
    a.clock.advance(1_000)
    const jpeg = await a.upload(transactionId, smallJpeg)
    a.clock.advance(1_000)
    const png = createPng(40, 30)
    const removed = await a.upload(transactionId, png, 'image/png')
    a.clock.advance(1_000)
    const webp = await a.upload(transactionId, smallWebp, 'image/webp')
    a.clock.advance(1_000)
    const deletedAt = a.clock.now()
    await a.remove(transactionId, removed._id)

    // What is stored (and shown) is the re-encoded JPEG the upload answered with, not what was sent.
    const proofLine = (proof: Proof, state: string, size: string, rest = '') =>
      `  ${proof._id}  ${state.padEnd(9)}  ${proof.contentType}  ${size}  ${proof.byteSize} bytes  ` +
      `sha256 ${proof.sha256}  sent ${proof.createdAt}${rest}`
    const header = `transaction ${transactionId}: REJECTED (item_returned: Item returned), cashback THB 50.00, buyer ${email}`

    // Into a folder that does not exist yet; the id as typed in upper case.
    const saveDirectory = path.join(saveRoot, 'show', 'nested')
    const shown = await a.run(['proofs', 'show', transactionId.toUpperCase(), '--save', saveDirectory])
    const jpegFile = path.join(saveDirectory, `${jpeg._id}.jpeg`)
    const webpFile = path.join(saveDirectory, `${webp._id}.jpeg`)
    expect(shown.split('\n')).toEqual([
      header,
      proofLine(jpeg, 'pending', '3x2', `  saved ${jpegFile}`),
      proofLine(removed, `deleted ${deletedAt.toISOString()}`, '40x30'),
      proofLine(webp, 'pending', '3x2', `  saved ${webpFile}`),
    ])
    expect((await readdir(saveDirectory)).sort()).toEqual([`${jpeg._id}.jpeg`, `${webp._id}.jpeg`].sort())
    expect(sha256(await readFile(jpegFile))).toBe(jpeg.sha256)
    expect(sha256(await readFile(webpFile))).toBe(webp.sha256)

    // Without --save nothing is written and nothing says so.
    const plain = await a.run(['proofs', 'show', transactionId])
    expect(plain.split('\n')).toEqual([
      header,
      proofLine(jpeg, 'pending', '3x2'),
      proofLine(removed, `deleted ${deletedAt.toISOString()}`, '40x30'),
      proofLine(webp, 'pending', '3x2'),
    ])

    // A picture gone from the storage is reported, not written.
    a.storage.objects.delete(`${a.buyerId}/${webp._id}`)
    const missingDirectory = path.join(saveRoot, 'missing')
    const missing = await a.run(['proofs', 'show', transactionId, `--save=${missingDirectory}`])
    expect(missing.split('\n')[3]).toBe(proofLine(webp, 'pending', '3x2', '  (picture missing from storage)'))
    expect(await readdir(missingDirectory)).toEqual([`${jpeg._id}.jpeg`])

    // After a review: the decision, who made it, when, the code the shopper is shown and the note.
    await a.run(['proofs', 'reject', transactionId, '--code', 'unreadable', '--reason', 'The receipt is blurred'])
    const reviewed = ` reviewed ${reviewTime.toISOString()} by operator:tester (unreadable: The receipt is blurred)`
    expect((await a.run(['proofs', 'show', transactionId])).split('\n')).toEqual([
      header,
      proofLine(jpeg, 'rejected', '3x2', ` ${reviewed}`),
      proofLine(removed, `deleted ${deletedAt.toISOString()}`, '40x30'),
      proofLine(webp, 'rejected', '3x2', ` ${reviewed}`),
    ])
  })

  it('shows a transaction without proofs, and refuses an unknown one', async () => {
    const email = 'proofs.ops.none@example.com'
    const a = await shopper(database(), merchant(), email)
    const transactionId = await a.rejectedTransaction()
    expect(await a.run(['proofs', 'show', transactionId])).toBe(
      `transaction ${transactionId}: REJECTED (item_returned: Item returned), cashback THB 50.00, buyer ${email}\n  no proofs`,
    )
    await expect(a.run(['proofs', 'show', 'nosuchtransaction'])).rejects.toThrow('No transaction "nosuchtransaction"')
  })

  it('approves the pending proofs and with them the rejected transaction, once', async () => {
    const a = await shopper(database(), merchant(), 'proofs.ops.approve@example.com')
    const transactionId = await a.rejectedTransaction()
    a.clock.advance(1_000)
    await a.upload(transactionId, smallJpeg)
    a.clock.advance(1_000)
    await a.upload(transactionId, smallWebp, 'image/webp')
    expect((await transactionRow(database(), transactionId)).status).toBe('REJECTED')

    const sent = await proofRows(database(), transactionId)
    expect(await a.run(['proofs', 'approve', transactionId.toUpperCase()])).toBe(
      `2 proofs of ${transactionId} approved; the transaction is approved`,
    )
    const transaction = await transactionRow(database(), transactionId)
    expect(transaction).toMatchObject({ status: 'APPROVED', rejectionReason: null, appealApprovedAt: reviewTime })
    expect(
      (await proofRows(database(), transactionId)).map((proof) => [
        proof.status,
        proof.reviewedBy,
        proof.reviewedAt,
        proof.rejectionReason,
      ]),
    ).toEqual([
      ['approved', 'operator:tester', reviewTime, null],
      ['approved', 'operator:tester', reviewTime, null],
    ])
    const events = await database()
      .select()
      .from(cashbackTransactionEvents)
      .where(eq(cashbackTransactionEvents.transactionId, transactionId))
      .orderBy(asc(cashbackTransactionEvents.id))
    expect(events.at(-1)).toMatchObject({
      kind: 'APPROVED',
      isAppealApproval: true,
      actor: 'operator:tester',
      createdAt: reviewTime,
    })

    // Nothing pending any more: a second approval changes nothing.
    await expect(a.run(['proofs', 'approve', transactionId])).rejects.toThrow(
      `Transaction ${transactionId} has no proof waiting for review`,
    )
    expect((await transactionRow(database(), transactionId)).status).toBe('APPROVED')

    // One entry, as the console writes it, as cli:<user>; the refused second approval wrote none.
    expect(await proofAuditEntries(database(), transactionId)).toEqual([
      {
        action: 'proof.approved',
        actor: 'cli:tester',
        subjectType: 'proof',
        reason: null,
        before: {
          transactionStatus: 'REJECTED',
          proofs: sent.map((proof) => ({ id: proof.id, status: 'pending' })),
        },
        after: {
          transactionStatus: 'APPROVED',
          effect: 'appeal_approved',
          proofs: sent.map((proof) => ({ id: proof.id, status: 'approved' })),
        },
        createdAt: reviewTime,
      },
    ])
  })

  it('refuses to approve a rejected transaction without pending proofs, leaving it rejected', async () => {
    const a = await shopper(database(), merchant(), 'proofs.ops.approve.none@example.com')
    const transactionId = await a.rejectedTransaction()
    await expect(a.run(['proofs', 'approve', transactionId])).rejects.toThrow(
      `Transaction ${transactionId} has no proof waiting for review`,
    )
    // A deleted proof is not waiting for review either.
    const deleted = await a.upload(transactionId, smallJpeg)
    await a.remove(transactionId, deleted._id)
    await expect(a.run(['proofs', 'approve', transactionId])).rejects.toThrow(/has no proof waiting for review/)
    expect(await transactionRow(database(), transactionId)).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Item returned',
      appealApprovedAt: null,
    })
    expect(await proofAuditEntries(database(), transactionId)).toEqual([])
  })

  it('rejects the pending proofs with the code and the note; the transaction stays rejected', async () => {
    const a = await shopper(database(), merchant(), 'proofs.ops.reject@example.com')
    const transactionId = await a.rejectedTransaction()
    a.clock.advance(1_000)
    const deleted = await a.upload(transactionId, smallWebp, 'image/webp')
    await a.remove(transactionId, deleted._id)
    a.clock.advance(1_000)
    const pending = await a.upload(transactionId, smallJpeg)

    expect(
      await a.run([
        'proofs',
        'reject',
        transactionId,
        '--code',
        'unreadable',
        '--reason',
        '  The receipt is blurred  ',
      ]),
    ).toBe(`1 proof of ${transactionId} rejected (unreadable: The receipt is blurred)`)
    const rows = await proofRows(database(), transactionId)
    expect(
      rows.map((proof) => [
        proof.id,
        proof.status,
        proof.rejectionReasonCode,
        proof.rejectionReason,
        proof.reviewedBy,
        proof.reviewedAt,
      ]),
    ).toEqual([
      // The deleted one was not decided.
      [deleted._id, 'pending', null, null, null, null],
      [pending._id, 'rejected', 'unreadable', 'The receipt is blurred', 'operator:tester', reviewTime],
    ])
    expect(await transactionRow(database(), transactionId)).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Item returned',
      appealApprovedAt: null,
    })
    await expect(a.run(['proofs', 'reject', transactionId, '--code', 'other'])).rejects.toThrow(
      `Transaction ${transactionId} has no proof waiting for review`,
    )
    // The rejection is one entry (naming only the proof it decided); the refused repeat none.
    const rejection = {
      action: 'proof.rejected',
      actor: 'cli:tester',
      subjectType: 'proof',
      reason: 'The receipt is blurred',
      before: { transactionStatus: 'REJECTED', proofs: [{ id: pending._id, status: 'pending' }] },
      after: {
        transactionStatus: 'REJECTED',
        effect: 'none',
        rejectionReasonCode: 'unreadable',
        proofs: [{ id: pending._id, status: 'rejected' }],
      },
      createdAt: reviewTime,
    }
    expect(await proofAuditEntries(database(), transactionId)).toEqual([rejection])

    // The shopper may send another, which the operator can then approve.
    a.clock.advance(1_000)
    await a.upload(transactionId, smallJpeg)
    expect(await a.run(['proofs', 'approve', transactionId])).toBe(
      `1 proof of ${transactionId} approved; the transaction is approved`,
    )
    expect((await proofRows(database(), transactionId)).map((proof) => proof.status)).toEqual([
      'pending',
      'rejected',
      'approved',
    ])
    expect((await transactionRow(database(), transactionId)).status).toBe('APPROVED')
    const [, , resent] = await proofRows(database(), transactionId)
    expect(await proofAuditEntries(database(), transactionId)).toEqual([
      rejection,
      expect.objectContaining({
        action: 'proof.approved',
        reason: null,
        after: {
          transactionStatus: 'APPROVED',
          effect: 'appeal_approved',
          proofs: [{ id: resent?.id, status: 'approved' }],
        },
      }),
    ])
  })

  it('rejects without a note: the shopper is told the code, operators and the audit have no words', async () => {
    const a = await shopper(database(), merchant(), 'proofs.ops.reject.no-note@example.com')
    const transactionId = await a.rejectedTransaction()
    const pending = await a.upload(transactionId, smallJpeg)
    expect(await a.run(['proofs', 'reject', transactionId, '--code', 'edited'])).toBe(
      `1 proof of ${transactionId} rejected (edited)`,
    )
    expect(
      (await proofRows(database(), transactionId)).map((proof) => [
        proof.status,
        proof.rejectionReasonCode,
        proof.rejectionReason,
      ]),
    ).toEqual([['rejected', 'edited', null]])
    expect(await proofAuditEntries(database(), transactionId)).toEqual([
      expect.objectContaining({
        action: 'proof.rejected',
        reason: null,
        after: expect.objectContaining({
          rejectionReasonCode: 'edited',
          proofs: [{ id: pending._id, status: 'rejected' }],
        }),
      }),
    ])
    expect((await a.run(['proofs', 'show', transactionId])).split('\n')[1]).toMatch(/ \(edited\)$/)
  })

  it('needs the proof storage', async () => {
    await expect(
      runOperatorCommand({ name: 'proofs', action: 'pending', limit: 20 }, database(), { actor: 'tester' }),
    ).rejects.toThrow('proofs commands need the proof storage')
  })
})

describe('proofs orphans', () => {
  const { database: orphanDatabase, merchant } = useTestDatabaseWithMerchant()

  it('parses its options', () => {
    expect(parseProofOperatorCommand(['proofs', 'orphans'])).toEqual({
      name: 'proofs',
      action: 'orphans',
      isDeleting: false,
      olderThanHours: 24,
    })
    expect(parseProofOperatorCommand(['proofs', 'orphans', '--delete', '--older-than-hours', '2'])).toMatchObject({
      isDeleting: true,
      olderThanHours: 2,
    })
    for (const refused of [['--older-than-hours', '0'], ['--older-than-hours', 'x'], ['--everything']]) {
      expect(parseProofOperatorCommand(['proofs', 'orphans', ...refused])).toBeUndefined()
    }
  })

  it('finds pictures no live proof keeps, older than the cutoff, and removes them with --delete', async () => {
    const database = orphanDatabase()
    const a = await shopper(database, merchant(), 'proofs.orphans@example.com')
    const transactionId = await a.rejectedTransaction()
    const kept = await a.upload(transactionId, smallJpeg)
    const deleted = await a.upload(transactionId, smallWebp, 'image/webp')
    await a.remove(transactionId, deleted._id)
    // The removal of the deleted proof's bytes failed, and a stored upload's row never committed.
    const deletedKey = `${a.buyerId}/${deleted._id}`
    const neverCommitted = `${a.buyerId}/${'c'.repeat(24)}`
    await a.storage.put(deletedKey, new Uint8Array(smallWebp), 'image/webp')
    await a.storage.put(neverCommitted, new Uint8Array(smallJpeg), 'image/jpeg')
    // The support chat keeps its pictures in the same storage: they are not orphans.
    const chatPicture = await database.transaction((tx) =>
      storeSupportAttachment(tx, a.storage, {
        buyerId: a.buyerId,
        bytes: new Uint8Array(smallJpeg),
        contentType: 'image/jpeg',
        width: 3,
        height: 2,
        sha256: sha256(smallJpeg),
        now: new Date(),
      }),
    )
    const chatKey = `${a.buyerId}/${chatPicture.id}`

    const run = (argumentList: string[], hoursLater: number) => {
      const parsed = parseOperatorCommand(argumentList)
      if (!parsed.success) throw new Error(parsed.message)
      return runOperatorCommand(parsed.command, database, {
        actor: 'tester',
        now: () => new Date(Date.now() + hoursLater * 60 * 60 * 1000),
        proofStorage: a.storage,
      })
    }
    // Just stored: maybe an upload in progress, so not yet.
    expect(await run(['proofs', 'orphans'], 1)).toBe('no unreferenced pictures older than 24 h')
    const listed = await run(['proofs', 'orphans'], 25)
    expect(listed.split('\n')[0]).toBe('2 unreferenced pictures older than 24 h (remove with --delete):')
    expect(listed.split('\n').slice(1).sort()).toEqual([`  ${deletedKey}`, `  ${neverCommitted}`].sort())
    expect(a.storage.objects.size).toBe(4)

    await run(['proofs', 'orphans', '--delete'], 25)
    expect([...a.storage.objects.keys()].sort()).toEqual([`${a.buyerId}/${kept._id}`, chatKey].sort())
    expect(await run(['proofs', 'orphans'], 25)).toBe('no unreferenced pictures older than 24 h')
  })
})
