import * as v from 'valibot'

/**
 * `GET /api/health`: load balancers poll it; 200 only when the database answers and takes a
 * write. 503 `unavailable` when it does not answer, 503 `database_unwritable` when it answers but
 * a write fails (a full disk, a read-only database).
 */
export const healthResponseSchema = v.object({
  status: v.literal('ok'),
  database: v.literal('ok'),
})

export type HealthResponse = v.InferOutput<typeof healthResponseSchema>
