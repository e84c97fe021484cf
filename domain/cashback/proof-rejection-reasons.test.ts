import { describe, expect, it } from 'vitest'
import { findProofRejectionNextStep, proofRejectionReasonCodes } from './proof-rejection-reasons.ts'

describe('proof rejection reasons', () => {
  it('asks for a better picture when one answers the reason, and sends the rest to the chat', () => {
    expect(
      Object.fromEntries(proofRejectionReasonCodes.map((code) => [code, findProofRejectionNextStep(code)])),
    ).toEqual({
      unreadable: 'send_new_picture',
      order_details_missing: 'send_new_picture',
      not_this_purchase: 'send_new_picture',
      not_an_order: 'send_new_picture',
      edited: 'chat_with_support',
      other: 'chat_with_support',
    })
  })
})
