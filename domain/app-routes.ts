/**
 * The locale-free paths the web app renders. The server uses this list to answer a cold load of
 * an unknown path with HTTP 404 (the app still renders its not-found screen); a unit test keeps it
 * equal to the router's generated route tree, so a route added on one side and not the other fails.
 * `$name` is a required segment, `{-$name}` an optional one.
 */
export const appRoutePatterns = [
  '/',
  '/auth',
  '/ban',
  '/cashback',
  '/cashback/$id',
  '/chat-support',
  '/home',
  '/howto',
  '/maintenance',
  '/merchants',
  '/merchants/$id',
  '/notfound',
  '/notifications',
  '/paste-link',
  '/products',
  '/products/$id',
  '/profile',
  '/profile/edit/{-$id}',
  '/promotions',
  '/promotions/bonus-new-user',
  '/promotions/special-cashback',
  '/promotions/vip-member',
  '/rating',
  '/search',
  '/share-target',
  '/support',
  '/tutorial',
  '/tutorial/detail/{-$id}',
  '/unauthorized',
  '/wallet',
  '/withdraw-bank-promptpay',
  '/withdraw-success',
  '/withdraw-truemoney',
  '/withdrawal',
] as const

export type AppRoutePattern = (typeof appRoutePatterns)[number]

function segmentsMatch(patternSegments: string[], pathSegments: string[]): boolean {
  const [pattern, ...restPattern] = patternSegments
  if (pattern === undefined) return pathSegments.length === 0
  const isOptional = pattern.startsWith('{-$') && pattern.endsWith('}')
  const [segment, ...restPath] = pathSegments
  if (isOptional) {
    return segmentsMatch(restPattern, pathSegments) || (segment !== undefined && segmentsMatch(restPattern, restPath))
  }
  if (segment === undefined) return false
  if (pattern.startsWith('$')) return segmentsMatch(restPattern, restPath)
  return pattern === segment && segmentsMatch(restPattern, restPath)
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '')
}

/** The pattern of `appRoutePatterns` a locale-free path (no query, a trailing slash allowed) matches. */
export function matchAppRoute(localeFreePath: string): AppRoutePattern | undefined {
  const pathSegments = splitPath(localeFreePath)
  return appRoutePatterns.find((pattern) => segmentsMatch(splitPath(pattern), pathSegments))
}

/** Whether a locale-free path (no query, a trailing slash allowed) is one the app renders. */
export function isAppPath(localeFreePath: string): boolean {
  return matchAppRoute(localeFreePath) !== undefined
}
