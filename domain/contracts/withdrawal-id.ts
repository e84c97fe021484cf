import { recordIdSchema } from '../validation/record-id.ts'

/**
 * A withdrawal's `_id`, in a module of its own: the withdraw-success route checks its search with
 * it, and that check ships with the app's entry, which should not carry the whole withdrawal contract.
 */
export const withdrawalIdSchema = recordIdSchema
