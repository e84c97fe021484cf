import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { appealSchema, proofSchema } from './proof.ts'

describe('proof reason codes on the wire', () => {
  const refused = {
    _id: '0123456789abcdef01234567',
    status: 'rejected',
    createdAt: '2026-11-15T03:00:00.000Z',
    reviewedAt: '2026-11-16T03:00:00.000Z',
    contentType: 'image/jpeg',
    byteSize: 1_000,
    width: 3,
    height: 2,
    sha256: 'a'.repeat(64),
    imageUrl: '/api/cashback/b/transactions/t/proofs/p/image',
  }

  it('reads a reply from before reason codes (a saved response, an older server) without them', () => {
    expect(v.parse(proofSchema, { ...refused, rejectionReason: 'Blurry' })).toMatchObject({
      rejectionReasonCode: null,
    })
    expect(v.parse(appealSchema, { status: 'rejected', rejectionReason: 'Blurry', canUpload: true })).toMatchObject({
      rejectionReasonCode: null,
    })
  })

  it('reads a code this app does not know yet as other, so a new reason never breaks the page', () => {
    expect(v.parse(proofSchema, { ...refused, rejectionReasonCode: 'screenshot_too_old' })).toMatchObject({
      rejectionReasonCode: 'other',
    })
    expect(
      v.parse(appealSchema, { status: 'rejected', rejectionReasonCode: 'screenshot_too_old', canUpload: true }),
    ).toMatchObject({ rejectionReasonCode: 'other' })
  })

  it('keeps the retired free-text field optional, so the next release can drop it', () => {
    expect(v.parse(proofSchema, { ...refused, rejectionReasonCode: 'unreadable' })).toMatchObject({
      rejectionReasonCode: 'unreadable',
      rejectionReason: null,
    })
    expect(v.parse(appealSchema.entries.rejectionReason, undefined)).toBeNull()
  })
})
