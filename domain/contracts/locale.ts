import * as v from 'valibot'
import { localeSchema } from '../locale.ts'

/** `PUT /api/locale`: remembers the shopper's language in a cookie the server reads on cold loads. */
export const localeRequestSchema = v.object({
  locale: localeSchema,
})

export type LocaleRequest = v.InferOutput<typeof localeRequestSchema>

export const localeResponseSchema = v.object({
  locale: localeSchema,
})

export type LocaleResponse = v.InferOutput<typeof localeResponseSchema>
