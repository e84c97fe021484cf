import * as v from 'valibot'

/**
 * `GET /api/status`: the app calls it when it starts. During maintenance the endpoint answers
 * 503 with the `maintenance` error code instead, like every other API endpoint except health.
 */
export const statusResponseSchema = v.object({
  maintenance: v.boolean(),
})

export type StatusResponse = v.InferOutput<typeof statusResponseSchema>
