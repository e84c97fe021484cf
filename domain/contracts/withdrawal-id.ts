import * as v from 'valibot'
import { textSchema } from '../validation/text.ts'

/**
 * A withdrawal's `_id`, in a module of its own: the withdraw-success route checks its search with
 * it, and that check ships with the app's entry, which should not carry the whole withdrawal contract.
 */
export const withdrawalIdSchema = v.pipe(textSchema(), v.regex(/^[0-9a-f]{24}$/, 'Expected a 24-character hex id'))
