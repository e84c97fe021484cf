import { queryOptions } from '@tanstack/react-query'
import { linkResolutionSchema, type ResolveLinkRequest } from '#domain/contracts/links'
import { requestJson } from '../../../lib/api-client'

/** Query keys of paste-a-link; invalidate by prefix (`linkKeys.all`). */
export const linkKeys = {
  all: ['links'] as const,
  resolution: (text: string) => [...linkKeys.all, 'resolution', text] as const,
}

/**
 * What a pasted or shared text's link is to us (`POST /api/links/resolve`, a read that takes a
 * body: the text may be long). Kept a few minutes, so the way back from sign-in or the shop shows
 * it at once; never saved on the phone (a lookup is worth nothing offline, and its answer ages).
 */
export function linkResolutionQueryOptions(text: string) {
  return queryOptions({
    queryKey: linkKeys.resolution(text),
    queryFn: () =>
      requestJson('api/links/resolve', linkResolutionSchema, {
        method: 'POST',
        json: { text } satisfies ResolveLinkRequest,
      }),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
    // Offline, the lookup fails at once and says so, rather than waiting unseen for the network.
    networkMode: 'always',
    meta: { persist: false },
  })
}
