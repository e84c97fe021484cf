import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { cachedResponse } from '#server/static/client-files'

/**
 * The `Cache-Control` of public answers a money form must not take stale (fixed rates, bank
 * holidays): a browser keeps its copy but asks every time, and an unchanged answer is a bodiless
 * 304 against the `ETag`.
 */
export const revalidatedCacheControl = 'no-cache'

export type JsonEntity = { json: string; entityTag: string }

/** The body and its tag, made from the value alone: every process tags the same answer alike, so any one can answer 304. */
export function toJsonEntity(value: unknown): JsonEntity {
  const json = JSON.stringify(value)
  return { json, entityTag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` }
}

/** `entity` as a 200 (`revalidatedCacheControl`), or a 304 when the request's `If-None-Match` names it. */
export function respondWithJsonEntity(c: Context, entity: JsonEntity): Response | Promise<Response> {
  return cachedResponse(c, {
    body: () => Promise.resolve(entity.json),
    contentType: 'application/json',
    cacheControl: revalidatedCacheControl,
    entityTag: entity.entityTag,
  })
}
