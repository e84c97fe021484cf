import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { invalidTextReason } from '../validation/text.ts'
import { signInCodeRequestSchema, signInRequestSchema } from './auth.ts'
import { buyerIdSchema } from './buyer.ts'
import { cashbackTransactionIdSchema, cashbackTransactionListQuerySchema, idempotencyKeySchema } from './cashback.ts'
import { catalogueIdSchema, comparisonKeySchema, merchantListQuerySchema, productListQuerySchema } from './catalogue.ts'
import { postbackBodySchema, postbackNetworkSchema, postbackQuerySchema } from './postback.ts'
import { createProfileSchema, profileFieldErrors } from './profile.ts'
import { proofIdSchema } from './proof.ts'
import { withdrawalFieldErrors, withdrawalIdSchema, withdrawalListQuerySchema } from './withdrawal.ts'

/** Every text field the API reads goes through the one rule of domain/validation/text.ts. */

const unsafeValues = ['\u0000', '12\u0000', '\uD800', 'a\uDC00', '\uDBFF\uDBFF']

/** The first issue message at `field` when `input` is parsed. */
function firstIssueAt(schema: v.GenericSchema, input: Record<string, unknown>, field: string): string | undefined {
  const result = v.safeParse(schema, input)
  return result.issues?.find((issue) => v.getDotPath(issue) === field)?.message
}

const postbackFields = {
  conversion_id: 'C-1',
  click_id: 'abc',
  order_id: 'O-1',
  status: 'pending',
  sale_amount: '10.00',
  payout: '1.00',
  reason: 'fine',
  order_time: '2026-11-15T03:00:00Z',
}

const objectSchemas: [string, v.GenericSchema, Record<string, unknown>][] = [
  ['sign-in code request', signInCodeRequestSchema, { identifier: 'a@example.com' }],
  ['sign-in request', signInRequestSchema, { identifier: 'a@example.com', code: '123456' }],
  [
    'profile',
    createProfileSchema({ now: () => new Date('2026-11-15T03:00:00Z') }),
    {
      firstName: 'Som',
      lastName: 'Jai',
      age: '30',
      gender: 'male',
      email: 'a@example.com',
      phone: '0812345678',
      birthDate: '1996-01-01',
      phoneOrIdNumber: '0812345678',
    },
  ],
  ['merchant list query', merchantListQuerySchema, { limit: '1', skip: '0', search: 'shoe', filter: '{}' }],
  ['product list query', productListQuerySchema, { limit: '1', skip: '0', search: 'shoe', filter: '{}' }],
  [
    'transaction list query',
    cashbackTransactionListQuerySchema,
    { select: '_id', filter: '{}', limit: '1', skip: '0' },
  ],
  ['withdrawal list query', withdrawalListQuerySchema, { limit: '1', skip: '0' }],
  ['postback body', postbackBodySchema, { ...postbackFields, timestamp: 1 }],
  ['postback query', postbackQuerySchema, { ...postbackFields, token: 'secret' }],
]

describe('the text rule in the contracts', () => {
  it.each(objectSchemas)('refuses unsafe text in every string field of the %s', (_, schema, valid) => {
    const parsed = v.safeParse(schema, valid)
    expect(parsed.success).toBe(true)
    // Only the fields the schema reads (another may be dropped from a contract).
    const fieldsRead = Object.keys(v.parse(v.record(v.string(), v.unknown()), parsed.output))
    for (const [field, value] of Object.entries(valid)) {
      if (typeof value !== 'string' || !fieldsRead.includes(field) || field === 'status') continue
      for (const unsafe of unsafeValues) {
        expect(firstIssueAt(schema, { ...valid, [field]: unsafe }, field), `${field}=${JSON.stringify(unsafe)}`).toBe(
          invalidTextReason,
        )
      }
    }
  })

  it.each([
    ['buyer id', buyerIdSchema],
    ['catalogue id', catalogueIdSchema],
    ['transaction id', cashbackTransactionIdSchema],
    ['proof id', proofIdSchema],
    ['withdrawal id', withdrawalIdSchema],
    ['comparison key', comparisonKeySchema],
    ['idempotency key', idempotencyKeySchema],
    ['postback network', postbackNetworkSchema],
  ] as const)('refuses unsafe text in a %s first', (_, schema) => {
    for (const unsafe of unsafeValues) expect(v.safeParse(schema, unsafe).issues?.[0]?.message).toBe(invalidTextReason)
  })

  it('names the field in the form reasons the client shows', () => {
    expect(profileFieldErrors({ firstName: 'So\u0000m' }).firstName).toBe('invalid_text')
    expect(profileFieldErrors({ lastName: '\uD800' }).lastName).toBe('invalid_text')
    const withdrawal = { target: 'bank', amount: 10_000, bank: 'KBANK', accountNumber: '1234567890' }
    const errors = withdrawalFieldErrors({
      ...withdrawal,
      accountName: 'a\uDC00',
      branchName: '\u0000',
      phoneOrIdNumber: '08123\u00004567',
    })
    expect(errors).toEqual({ accountName: 'invalid_text', branchName: 'invalid_text', phoneOrIdNumber: 'invalid_text' })
  })
})
