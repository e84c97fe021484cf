import * as v from 'valibot'

/** `GET /api/health`: load balancers poll it; 200 only when the database answers. */
export const healthResponseSchema = v.object({
  status: v.literal('ok'),
  database: v.literal('ok'),
})

export type HealthResponse = v.InferOutput<typeof healthResponseSchema>
