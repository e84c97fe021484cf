import * as v from 'valibot'
import { textSchema } from './text.ts'

/**
 * The id of a record (a buyer, a purchase, a withdrawal, a proof, a chat message, a catalogue
 * item…): 24 lower-case hex characters, as server/db/record-id.ts makes them. The contracts name
 * it for what it identifies (`buyerIdSchema`, `proofIdSchema`…); there is one rule.
 */
export const recordIdSchema = v.pipe(textSchema(), v.regex(/^[0-9a-f]{24}$/, 'Expected a 24-character hex id'))
