import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import sharp from 'sharp'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { cashbackTransactionDetailSchema, cashbackTransactionListResponseSchema } from '#domain/contracts/cashback'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import type { ProofRejectionReasonCode } from '#domain/cashback/proof-rejection-reasons'
import { maxProofImageBytes, proofSchema, type Proof } from '#domain/contracts/proof'
import { releaseDueCashback } from '#server/cashback/release-job'
import { createDemoAccountsConfig } from '#server/auth/accounts-config'
import { proofs } from '#server/db/schema'
import { runOperatorCommand } from '#server/operator-commands'
import type { ProofOperatorCommand } from '#server/proofs/proof-operator-commands'
import { signIn, createTestClock } from '#server/test/accounts'
import { createTestApp, readErrorBody } from '#server/test/app'
import {
  applyTestChange,
  changeTestTransaction,
  recordApprovedPurchase,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import {
  createCutJpeg,
  createJpegWithLocation,
  createMemoryProofStorage,
  createPng,
  createPngClaimingSize,
  smallJpeg,
  smallWebp,
} from '#server/test/proofs'
import { giveTestBalance, ledgerEntriesOf } from '#server/test/withdrawals'

const { database, merchant } = useTestDatabaseWithMerchant()

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
let keyCounter = 0
const newKey = () => `proof-test-key-${Date.now()}-${(keyCounter += 1)}`

/** A signed-in buyer on an app with an inspectable proof storage. */
async function shopper(email: string) {
  const clock = createTestClock()
  const storage = createMemoryProofStorage()
  const app = createTestApp(database(), {
    accounts: createDemoAccountsConfig(database(), pino({ level: 'silent' }), clock.now),
    proofStorage: storage,
  })
  const { cookie, buyer } = await signIn(app, email)
  const buyerId = buyer.buyerId
  const transactionsPath = `/api/cashback/${buyerId}/transactions`
  const proofsPath = (transactionId: string) => `${transactionsPath}/${transactionId}/proofs`
  const upload = (
    transactionId: string,
    bytes: Uint8Array,
    /** `null`: no `Content-Type` header; `asCookie` `null`: anonymous. */
    contentType: string | null = 'image/jpeg',
    key: string = newKey(),
    asCookie: string | null = cookie,
  ) =>
    app.request(proofsPath(transactionId), {
      method: 'POST',
      body: bytes,
      headers: {
        ...(contentType === null ? {} : { 'Content-Type': contentType }),
        'Idempotency-Key': key,
        ...(asCookie === null ? {} : { Cookie: asCookie }),
      },
    })
  const remove = (transactionId: string, proofId: string, key: string = newKey()) =>
    app.request(`${proofsPath(transactionId)}/${proofId}`, {
      method: 'DELETE',
      headers: { 'Idempotency-Key': key, Cookie: cookie },
    })
  const get = (path: string, asCookie: string | null = cookie) =>
    app.request(path, { headers: asCookie === null ? {} : { Cookie: asCookie } })
  const detail = async (transactionId: string) => {
    const response = await get(`${transactionsPath}/${transactionId}`)
    expect(response.status).toBe(200)
    return v.parse(cashbackTransactionDetailSchema, await response.json())
  }
  /** A purchase the network rejected; `credited` first accepts it (so the rejection reverses the credit). */
  const rejectedTransaction = async (options: { credited?: boolean } = {}) => {
    const now = clock.now()
    const record = options.credited
      ? await giveTestBalance(database(), { buyerId, merchant: merchant(), amount: 5_000, now })
      : await recordTestPurchase(database(), { buyerId, merchantId: merchant().id, purchaseAmount: 100_000, now })
    await applyTestChange(database(), {
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
  return { app, clock, storage, cookie, buyerId, transactionsPath, upload, remove, get, detail, rejectedTransaction }
}

async function readProof(response: Response): Promise<Proof> {
  expect(response.status, await response.clone().text()).toBe(201)
  return v.parse(proofSchema, await response.json())
}

async function expectRefusal(response: Response, status: number, code: string) {
  const body = await readErrorBody(response)
  expect(response.status, JSON.stringify(body)).toBe(status)
  expect(body.error.code).toBe(code)
}

/** An operator's review, through the ops command. */
function review(
  transactionId: string,
  decision: { action: 'approve' } | { action: 'reject'; reasonCode: ProofRejectionReasonCode; note?: string },
  now?: Date,
) {
  const command: ProofOperatorCommand =
    decision.action === 'approve'
      ? { name: 'proofs', action: 'approve', transactionId }
      : { name: 'proofs', action: 'reject', transactionId, reasonCode: decision.reasonCode, note: decision.note }
  return runOperatorCommand(command, database(), {
    actor: 'tester',
    proofStorage: createMemoryProofStorage(),
    ...(now === undefined ? {} : { now: () => now }),
  })
}

describe('proof uploads', () => {
  it('takes JPEG, PNG and WebP pictures checked by their content, stores them as JPEG, and serves them to the owner', async () => {
    const a = await shopper('proofs.formats@example.com')
    const transactionId = await a.rejectedTransaction()
    const png = createPng(40, 30)
    const sent = [
      { bytes: smallJpeg, type: 'image/jpeg', width: 3, height: 2 },
      { bytes: png, type: 'image/png', width: 40, height: 30 },
      { bytes: smallWebp, type: 'image/webp', width: 3, height: 2 },
    ]
    for (const picture of sent) {
      a.clock.advance(1_000)
      const proof = await readProof(await a.upload(transactionId, picture.bytes, picture.type))
      expect(proof).toMatchObject({
        status: 'pending',
        contentType: 'image/jpeg',
        width: picture.width,
        height: picture.height,
        reviewedAt: null,
        rejectionReasonCode: null,
        rejectionReason: null,
      })
      const image = await a.get(proof.imageUrl)
      expect(image.status).toBe(200)
      expect(image.headers.get('Content-Type')).toBe('image/jpeg')
      expect(image.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable')
      expect(image.headers.get('X-Content-Type-Options')).toBe('nosniff')
      // The row describes the bytes served, which decode to the picture sent.
      const served = new Uint8Array(await image.arrayBuffer())
      expect(served.byteLength).toBe(proof.byteSize)
      expect(sha256(served)).toBe(proof.sha256)
      expect(await sharp(served).metadata()).toMatchObject({
        format: 'jpeg',
        width: picture.width,
        height: picture.height,
      })
    }
    const detail = await a.detail(transactionId)
    expect(detail.proofs.map((proof) => proof.contentType)).toEqual(['image/jpeg', 'image/jpeg', 'image/jpeg'])
    expect(detail.appeal).toEqual({
      status: 'pending',
      rejectionReasonCode: null,
      rejectionReason: null,
      canUpload: true,
    })
    expect(detail.appealStatus).toBe('pending')
    const list = v.parse(
      cashbackTransactionListResponseSchema,
      await (await a.get(`${a.transactionsPath}?select=_id+appealStatus`)).json(),
    )
    expect(list.data.find((item) => item._id === transactionId)).toEqual({
      _id: transactionId,
      appealStatus: 'pending',
    })
  })

  it('takes at most 5 per transaction, also when 10 arrive at once', async () => {
    const a = await shopper('proofs.limit@example.com')
    const sequential = await a.rejectedTransaction()
    for (let index = 0; index < 5; index += 1) await readProof(await a.upload(sequential, smallJpeg))
    await expectRefusal(await a.upload(sequential, smallJpeg), 409, 'proof_limit_reached')
    expect((await a.detail(sequential)).appeal.canUpload).toBe(false)

    const parallel = await a.rejectedTransaction()
    const responses = await Promise.all(Array.from({ length: 10 }, async () => a.upload(parallel, smallJpeg)))
    const statuses = responses.map((response) => response.status).sort()
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409])
    expect((await a.detail(parallel)).proofs).toHaveLength(5)
    expect(a.storage.objects.size).toBe(10)
  })

  it('refuses what is not a whole picture of the declared type, and what is too large, storing nothing', async () => {
    const a = await shopper('proofs.content@example.com')
    const transactionId = await a.rejectedTransaction()
    const text = new TextEncoder().encode('This is not a picture, whatever its name says.')
    await expectRefusal(await a.upload(transactionId, text, 'image/jpeg'), 415, 'proof_not_image')
    await expectRefusal(await a.upload(transactionId, createPng(4, 4), 'image/jpeg'), 415, 'proof_not_image')
    await expectRefusal(
      await a.upload(transactionId, smallJpeg.subarray(0, smallJpeg.length - 20)),
      415,
      'proof_not_image',
    )
    await expectRefusal(await a.upload(transactionId, new Uint8Array(0)), 415, 'proof_not_image')
    await expectRefusal(await a.upload(transactionId, smallJpeg, null), 415, 'proof_not_image')
    await expectRefusal(await a.upload(transactionId, smallJpeg, 'application/pdf'), 415, 'proof_not_image')
    await expectRefusal(await a.upload(transactionId, createPng(8_001, 1), 'image/png'), 415, 'proof_not_image')
    const oversized = new Uint8Array(maxProofImageBytes + 1)
    oversized.set(smallJpeg)
    await expectRefusal(await a.upload(transactionId, oversized), 413, 'proof_too_large')
    expect(a.storage.objects.size).toBe(0)
    expect((await a.detail(transactionId)).proofs).toEqual([])
  })

  it("answers 401 anonymous, 403 under another buyer's id, 404 for another buyer's transaction or picture", async () => {
    const a = await shopper('proofs.access.a@example.com')
    const b = await shopper('proofs.access.b@example.com')
    const ofA = await a.rejectedTransaction()
    const proof = await readProof(await a.upload(ofA, smallJpeg))

    await expectRefusal(await a.upload(ofA, smallJpeg, 'image/jpeg', newKey(), null), 401, 'unauthenticated')
    // B under A's path, and B with A's transaction under B's own path.
    await expectRefusal(await a.upload(ofA, smallJpeg, 'image/jpeg', newKey(), b.cookie), 403, 'forbidden')
    await expectRefusal(await b.upload(ofA, smallJpeg), 404, 'transaction_not_found')
    await expectRefusal(await b.get(proof.imageUrl), 403, 'forbidden')
    await expectRefusal(await b.get(`${b.transactionsPath}/${ofA}/proofs/${proof._id}/image`), 404, 'proof_not_found')
    await expectRefusal(await b.remove(ofA, proof._id), 404, 'transaction_not_found')
    await expectRefusal(await a.get(proof.imageUrl, null), 401, 'unauthenticated')
    await expectRefusal(await a.upload('not-an-id', smallJpeg), 404, 'transaction_not_found')
    await expectRefusal(await a.get(`${a.transactionsPath}/${ofA}/proofs/nope/image`), 404, 'proof_not_found')
    expect(b.storage.objects.size).toBe(0)
  })

  it('takes proofs only for a rejected transaction', async () => {
    const a = await shopper('proofs.state@example.com')
    const pending = await recordTestPurchase(database(), {
      buyerId: a.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 50_000,
      now: a.clock.now(),
    })
    await expectRefusal(await a.upload(pending.id, smallJpeg), 409, 'proof_not_allowed')
    expect((await a.detail(pending.id)).appeal).toEqual({
      status: null,
      rejectionReasonCode: null,
      rejectionReason: null,
      canUpload: false,
    })
  })

  it('answers a replayed key with the first result, and refuses the key for other bytes', async () => {
    const a = await shopper('proofs.replay@example.com')
    const transactionId = await a.rejectedTransaction()
    const key = newKey()
    const first = await readProof(await a.upload(transactionId, smallJpeg, 'image/jpeg', key))
    const replays = await Promise.all(
      Array.from({ length: 5 }, async () => a.upload(transactionId, smallJpeg, 'image/jpeg', key)),
    )
    for (const replay of replays) expect((await readProof(replay))._id).toBe(first._id)
    await expectRefusal(await a.upload(transactionId, smallWebp, 'image/webp', key), 422, 'idempotency_key_reused')
    expect((await a.detail(transactionId)).proofs).toHaveLength(1)
    expect(a.storage.objects.size).toBe(1)
  })
})

describe('what the server keeps of a picture', () => {
  /** The one picture in the storage, and what sharp reads of it. */
  async function storedPicture(storage: { objects: Map<string, Uint8Array<ArrayBuffer>> }) {
    expect(storage.objects.size).toBe(1)
    const [bytes] = [...storage.objects.values()]
    if (bytes === undefined) throw new Error('nothing stored')
    return { bytes, metadata: await sharp(bytes).metadata() }
  }

  it('stores a camera JPEG upright, without its EXIF (GPS position, make), and the row describes the stored bytes', async () => {
    const a = await shopper('proofs.exif@example.com')
    const transactionId = await a.rejectedTransaction()
    const photo = await createJpegWithLocation()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const proof = await readProof(await a.upload(transactionId, photo, 'image/jpeg'))
    const { bytes, metadata } = await storedPicture(a.storage)
    expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    expect(Buffer.from(bytes).includes('PhoneCam')).toBe(false)
    expect(proof).toMatchObject({
      contentType: 'image/jpeg',
      width: 20,
      height: 40,
      byteSize: bytes.byteLength,
      sha256: sha256(bytes),
    })
  })

  it('stores a WebP as a JPEG', async () => {
    const a = await shopper('proofs.webp@example.com')
    const transactionId = await a.rejectedTransaction()
    const proof = await readProof(await a.upload(transactionId, smallWebp, 'image/webp'))
    const { bytes, metadata } = await storedPicture(a.storage)
    expect(metadata).toMatchObject({ format: 'jpeg', width: 3, height: 2 })
    expect(proof).toMatchObject({ contentType: 'image/jpeg', byteSize: bytes.byteLength, sha256: sha256(bytes) })
    const image = await a.get(proof.imageUrl)
    expect(image.headers.get('Content-Type')).toBe('image/jpeg')
  })

  it('puts a transparent PNG (a screenshot) on white, not black', async () => {
    const a = await shopper('proofs.alpha@example.com')
    const transactionId = await a.rejectedTransaction()
    const transparent = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    await readProof(await a.upload(transactionId, transparent, 'image/png'))
    const { bytes } = await storedPicture(a.storage)
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
    expect(Math.min(...data)).toBeGreaterThan(245)
  })

  it('refuses a decompression bomb before decoding it: 8000×8000 pixels in a small PNG, or in 68 bytes', async () => {
    const a = await shopper('proofs.bomb@example.com')
    const transactionId = await a.rejectedTransaction()
    const bomb = createPng(8_000, 8_000)
    expect(bomb.length).toBeLessThan(100_000)
    await expectRefusal(await a.upload(transactionId, bomb, 'image/png'), 413, 'proof_too_many_pixels')
    const claim = createPngClaimingSize(8_000, 8_000)
    expect(claim.length).toBe(68)
    await expectRefusal(await a.upload(transactionId, claim, 'image/png'), 413, 'proof_too_many_pixels')
    expect(a.storage.objects.size).toBe(0)
  })

  it("decodes nothing for a transaction that is not the buyer's: the 404 comes first", async () => {
    const a = await shopper('proofs.made-up@example.com')
    // A picture that would be refused if it were decoded: only the ownership check can answer 404.
    const claim = createPngClaimingSize(8_000, 8_000)
    await expectRefusal(await a.upload('0123456789abcdef01234567', claim, 'image/png'), 404, 'transaction_not_found')
  })

  it('refuses a picture whose data is missing or cut, however whole its structure looks', async () => {
    const a = await shopper('proofs.corrupt@example.com')
    const transactionId = await a.rejectedTransaction()
    await expectRefusal(
      await a.upload(transactionId, createPngClaimingSize(2_000, 2_000), 'image/png'),
      415,
      'proof_not_image',
    )
    await expectRefusal(await a.upload(transactionId, await createCutJpeg(), 'image/jpeg'), 415, 'proof_not_image')
    expect(a.storage.objects.size).toBe(0)
  })
})

describe('deleting proofs', () => {
  it('deletes a pending proof and its picture, once; an approved proof stays', async () => {
    const a = await shopper('proofs.delete@example.com')
    const transactionId = await a.rejectedTransaction()
    const kept = await readProof(await a.upload(transactionId, smallJpeg))
    const deleted = await readProof(await a.upload(transactionId, createPng(2, 2), 'image/png'))
    const key = newKey()
    const response = await a.remove(transactionId, deleted._id, key)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ deleted: true, proofId: deleted._id })
    expect((await a.remove(transactionId, deleted._id, key)).status).toBe(200)
    await expectRefusal(await a.remove(transactionId, deleted._id), 404, 'proof_not_found')
    await expectRefusal(await a.get(deleted.imageUrl), 404, 'proof_not_found')
    expect([...a.storage.objects.keys()]).toEqual([`${a.buyerId}/${kept._id}`])
    expect((await a.detail(transactionId)).proofs.map((proof) => proof._id)).toEqual([kept._id])

    await review(transactionId, { action: 'approve' })
    await expectRefusal(await a.remove(transactionId, kept._id), 409, 'proof_not_deletable')
  })
})

describe('the review of an appeal', () => {
  it("tells the shopper why proofs were refused by the code, never the operator's note, and lets them send others", async () => {
    const a = await shopper('proofs.refused@example.com')
    const transactionId = await a.rejectedTransaction()
    const refused = await readProof(await a.upload(transactionId, smallJpeg))
    const note = 'ใบเสร็จเบลอ อ่านเลขคำสั่งซื้อไม่ออก'
    expect(await review(transactionId, { action: 'reject', reasonCode: 'unreadable', note })).toMatch(
      /1 proof .* rejected/,
    )
    // The operator's words are not anywhere in what the shopper's app receives.
    const raw = await (await a.get(`${a.transactionsPath}/${transactionId}`)).text()
    expect(raw).not.toContain(note)
    const detail = await a.detail(transactionId)
    expect(detail.appeal).toEqual({
      status: 'rejected',
      rejectionReasonCode: 'unreadable',
      rejectionReason: null,
      canUpload: true,
    })
    expect(detail.proofs[0]).toMatchObject({
      status: 'rejected',
      rejectionReasonCode: 'unreadable',
      rejectionReason: null,
    })
    expect(detail.status).toBe('REJECTED')
    // Nothing pending: a second review has nothing to decide.
    await expect(review(transactionId, { action: 'approve' })).rejects.toThrow(/no proof waiting for review/)

    expect((await a.remove(transactionId, refused._id)).status).toBe(200)
    await readProof(await a.upload(transactionId, smallWebp, 'image/webp'))
    expect((await a.detail(transactionId)).appeal).toMatchObject({ status: 'pending', rejectionReasonCode: null })
  })

  it("tells the last refusal's code, never the operator's note", async () => {
    const a = await shopper('proofs.refused-twice@example.com')
    const transactionId = await a.rejectedTransaction()
    await readProof(await a.upload(transactionId, smallJpeg))
    await review(transactionId, { action: 'reject', reasonCode: 'unreadable' })
    a.clock.advance(1_000)
    await readProof(await a.upload(transactionId, smallJpeg))
    await review(transactionId, { action: 'reject', reasonCode: 'not_this_purchase' }, new Date(Date.now() + 60_000))
    const detail = await a.detail(transactionId)
    expect(detail.appeal).toMatchObject({ status: 'rejected', rejectionReasonCode: 'not_this_purchase' })
    expect(detail.proofs.map((proof) => proof.rejectionReasonCode)).toEqual(['unreadable', 'not_this_purchase'])

    // The operator's words are a note for operators: the shopper reads the reason of the code.
    await database().update(proofs).set({ rejectionReason: 'Blurry' }).where(eq(proofs.transactionId, transactionId))
    const withNote = await a.detail(transactionId)
    expect(withNote.appeal).toMatchObject({ rejectionReasonCode: 'not_this_purchase', rejectionReason: null })
    expect(withNote.proofs.map((proof) => [proof.rejectionReasonCode, proof.rejectionReason])).toEqual([
      ['unreadable', null],
      ['not_this_purchase', null],
    ])
  })

  it('approves a never-credited transaction on appeal: the shopper accepts its cashback as usual', async () => {
    const a = await shopper('proofs.approved@example.com')
    const transactionId = await a.rejectedTransaction()
    await readProof(await a.upload(transactionId, smallJpeg))
    await review(transactionId, { action: 'approve' })
    const detail = await a.detail(transactionId)
    expect(detail).toMatchObject({
      status: 'APPROVED',
      accepted: false,
      rejectionReason: null,
      appealStatus: 'approved',
    })
    expect(detail.appeal).toEqual({
      status: 'approved',
      rejectionReasonCode: null,
      rejectionReason: null,
      canUpload: false,
    })
    expect(detail.history.at(-1)).toMatchObject({ kind: 'APPROVED', isAppealApproval: true })
    await expectRefusal(await a.upload(transactionId, smallJpeg), 409, 'proof_not_allowed')
    const accept = await a.app.request(`${a.transactionsPath}/${transactionId}/accept`, {
      method: 'POST',
      headers: { Cookie: a.cookie, 'Idempotency-Key': newKey() },
    })
    expect(accept.status).toBe(200)
    expect((await ledgerEntriesOf(database(), a.buyerId)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['cashback_credit', 5_000],
    ])
  })

  it('gives a reversed credit back once, and the network cannot undo the decision', async () => {
    const a = await shopper('proofs.reinstated@example.com')
    const transactionId = await a.rejectedTransaction({ credited: true })
    await readProof(await a.upload(transactionId, smallJpeg))
    await review(transactionId, { action: 'approve' })
    expect(await a.detail(transactionId)).toMatchObject({ status: 'APPROVED', accepted: true })
    // A replayed rejection postback (networks retry) is refused by the state machine.
    const replay = await changeTestTransaction(database(), {
      transactionId,
      event: {
        kind: 'network_update',
        status: 'REJECTED',
        reasonCode: 'item_returned',
        rejectionReason: 'Item returned',
      },
      now: a.clock.now(),
    })
    expect(replay).toEqual({ ok: false, code: 'invalid_transition' })
    expect((await ledgerEntriesOf(database(), a.buyerId)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['cashback_credit', 5_000],
      ['cashback_reversal', -5_000],
      ['cashback_reinstatement', 5_000],
    ])
    const wallet = await (await a.get(`/api/buyers/${a.buyerId}/wallet`)).json()
    expect(wallet).toMatchObject({ balance: 5_000, cashback: 5_000, cashbackItems: 1 })
  })
})

describe('1-day cashback with a proof of purchase', () => {
  const dayMilliseconds = 24 * 60 * 60 * 1000

  /** A shopper whose rating earns 1-day cashback (3 approved purchases), with a pending purchase. */
  async function eligibleShopper(email: string, cashbackAmount: number) {
    const a = await shopper(email)
    for (let index = 0; index < 3; index += 1) {
      await recordApprovedPurchase(database(), {
        buyerId: a.buyerId,
        merchantId: merchant().id,
        purchaseAmount: 10_000,
        now: a.clock.now(),
      })
    }
    // The test merchant pays 5 %.
    const recorded = await recordTestPurchase(database(), {
      buyerId: a.buyerId,
      merchantId: merchant().id,
      purchaseAmount: cashbackAmount * 20,
      now: a.clock.now(),
    })
    const pending = await applyTestChange(database(), {
      transactionId: recorded.id,
      event: { kind: 'network_update', status: 'PENDING' },
      now: a.clock.now(),
    })
    return { ...a, transactionId: pending.id, pendingAt: a.clock.now() }
  }

  it('takes a proof for a pending purchase above maxForRating, and its approval releases it 1 day after pending', async () => {
    const a = await eligibleShopper('proofs.one-day@example.com', defaultFixedRates.maxForRating + 1)
    const before = await a.detail(a.transactionId)
    expect(before).toMatchObject({ status: 'PENDING', releasePath: 'one_day_with_proof', appealStatus: null })
    expect(before.appeal).toEqual({ status: null, rejectionReasonCode: null, rejectionReason: null, canUpload: true })

    await readProof(await a.upload(a.transactionId, smallJpeg))
    expect((await a.detail(a.transactionId)).appeal.status).toBe('pending')
    // Reviewed 2 hours after the purchase became pending: released 1 day after pending.
    const reviewedAt = new Date(a.pendingAt.getTime() + 2 * 60 * 60 * 1000)
    const releaseAt = new Date(a.pendingAt.getTime() + dayMilliseconds)
    expect(await review(a.transactionId, { action: 'approve' }, reviewedAt)).toMatch(/1-day cashback is released at/)
    const scheduled = await a.detail(a.transactionId)
    expect(scheduled).toMatchObject({
      status: 'PENDING',
      appealStatus: 'approved',
      expectedAt: releaseAt.toISOString(),
    })
    expect(scheduled.appeal).toEqual({
      status: 'approved',
      rejectionReasonCode: null,
      rejectionReason: null,
      canUpload: false,
    })
    // One approved proof is enough: no more are taken.
    await expectRefusal(await a.upload(a.transactionId, smallJpeg), 409, 'proof_not_allowed')

    await releaseDueCashback(database(), new Date(releaseAt.getTime() - 1))
    expect((await a.detail(a.transactionId)).status).toBe('PENDING')
    expect((await releaseDueCashback(database(), releaseAt)).released).toBeGreaterThanOrEqual(1)
    const released = await a.detail(a.transactionId)
    expect(released).toMatchObject({ status: 'APPROVED', accepted: false })
    expect(released.history.at(-1)).toMatchObject({ kind: 'APPROVED', isEarlyRelease: true, isAppealApproval: false })
  })

  it('releases at once when the proof is approved more than a day after pending', async () => {
    const a = await eligibleShopper('proofs.one-day-late@example.com', defaultFixedRates.maxForRating + 1)
    await readProof(await a.upload(a.transactionId, smallJpeg))
    const reviewedAt = new Date(a.pendingAt.getTime() + 3 * dayMilliseconds)
    await review(a.transactionId, { action: 'approve' }, reviewedAt)
    expect((await a.detail(a.transactionId)).expectedAt).toBe(reviewedAt.toISOString())
    await releaseDueCashback(database(), reviewedAt)
    expect((await a.detail(a.transactionId)).status).toBe('APPROVED')
  })

  it('keeps the standard wait when the proof is refused, and takes others', async () => {
    const a = await eligibleShopper('proofs.one-day-refused@example.com', defaultFixedRates.maxForRating + 1)
    await readProof(await a.upload(a.transactionId, smallJpeg))
    await review(a.transactionId, { action: 'reject', reasonCode: 'not_this_purchase', note: 'Not this order' })
    const detail = await a.detail(a.transactionId)
    expect(detail.appeal).toEqual({
      status: 'rejected',
      rejectionReasonCode: 'not_this_purchase',
      rejectionReason: null,
      canUpload: true,
    })
    await releaseDueCashback(database(), new Date(a.pendingAt.getTime() + 30 * dayMilliseconds))
    expect((await a.detail(a.transactionId)).status).toBe('PENDING')
  })

  it('takes no proof for a purchase on the 1-day or the standard path', async () => {
    const oneDay = await eligibleShopper('proofs.one-day-small@example.com', defaultFixedRates.maxForRating)
    expect((await oneDay.detail(oneDay.transactionId)).appeal.canUpload).toBe(false)
    await expectRefusal(await oneDay.upload(oneDay.transactionId, smallJpeg), 409, 'proof_not_allowed')
    const standard = await eligibleShopper('proofs.one-day-large@example.com', defaultFixedRates.maxForProof + 1)
    await expectRefusal(await standard.upload(standard.transactionId, smallJpeg), 409, 'proof_not_allowed')
  })

  it('a rejection after release asks for an appeal with 5 places of its own: the 1-day proofs are not part of it', async () => {
    const a = await eligibleShopper('proofs.one-day-then-rejected@example.com', defaultFixedRates.maxForRating + 1)
    for (let index = 0; index < 5; index += 1) await readProof(await a.upload(a.transactionId, smallJpeg))
    await review(a.transactionId, { action: 'approve' }, a.pendingAt)
    await releaseDueCashback(database(), new Date(a.pendingAt.getTime() + dayMilliseconds))
    await applyTestChange(database(), {
      transactionId: a.transactionId,
      event: {
        kind: 'network_update',
        status: 'REJECTED',
        reasonCode: 'item_returned',
        rejectionReason: 'Item returned',
      },
      now: new Date(a.pendingAt.getTime() + 10 * dayMilliseconds),
    })
    const detail = await a.detail(a.transactionId)
    expect(detail).toMatchObject({ status: 'REJECTED', appealStatus: null })
    expect(detail.appeal).toEqual({ status: null, rejectionReasonCode: null, rejectionReason: null, canUpload: true })
    expect(detail.proofs.map((proof) => proof.status)).toEqual(Array(5).fill('approved'))
    for (let index = 0; index < 5; index += 1) {
      await readProof(await a.upload(a.transactionId, smallWebp, 'image/webp'))
    }
    await expectRefusal(await a.upload(a.transactionId, smallJpeg), 409, 'proof_limit_reached')
    expect((await a.detail(a.transactionId)).appeal).toEqual({
      status: 'pending',
      rejectionReasonCode: null,
      rejectionReason: null,
      canUpload: false,
    })
    await review(a.transactionId, { action: 'approve' })
    expect(await a.detail(a.transactionId)).toMatchObject({ status: 'APPROVED', appealStatus: 'approved' })
  })
})
