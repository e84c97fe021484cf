import { randomBytes } from 'node:crypto'

/**
 * A new record's id: 24 lowercase hex characters, the `_id` shape of spec section 3, shared by
 * buyers, purchases, withdrawals, clicks, proofs, chat messages and the catalogue. Random, not
 * time-ordered: ids travel through networks (a click id) and in links, so none may be guessed.
 */
export function createRecordId(): string {
  return randomBytes(12).toString('hex')
}
