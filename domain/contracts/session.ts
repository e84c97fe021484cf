import * as v from 'valibot'
import { buyerSchema } from './buyer.ts'

/**
 * `GET /api/auth/session` → 200: the signed-in buyer (401 `unauthenticated` without a session).
 * Apart from the sign-in contracts (./auth.ts): every page asks for the session, and the shopper
 * app's first load carries this schema without the sign-in form's identifier rules.
 */
export const sessionResponseSchema = v.object({
  buyer: buyerSchema,
})
export type SessionResponse = v.InferOutput<typeof sessionResponseSchema>
