/**
 * The top bar's rules (spec section 2), written once. Paths are locale-free (`/en` stripped).
 */

/** Screens where the shopper must not wander off: no back arrow, no home icon. */
const pathsWithoutNavigation = ['/ban', '/auth']

/**
 * Promotion sub-pages that are steps of a sequence, so back goes one step rather than home.
 * `/promotions/special-cashback` is the stair-sequence (Special Cashback) page the promotions
 * issue adds; the spec names the page but not its path.
 */
const promotionStepPaths = ['/promotions/special-cashback', '/promotions/vip-member']

function normalize(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

function isWithin(path: string, section: string): boolean {
  return path === section || path.startsWith(`${section}/`)
}

export function topBarControls(
  localeFreePath: string,
  isBuyerLoaded: boolean,
): { showBack: boolean; showHome: boolean } {
  const path = normalize(localeFreePath)
  if (pathsWithoutNavigation.some((section) => isWithin(path, section))) return { showBack: false, showHome: false }
  return { showBack: isBuyerLoaded, showHome: true }
}

/** The chat keeps its composer where the bottom navigation would be, as chat apps do. */
const pathsWithoutBottomNavigation = ['/chat-support']

/** The bottom navigation: hidden where the top bar hides its own (ban, sign-in), and in the chat. */
export function showsBottomNavigation(localeFreePath: string): boolean {
  const path = normalize(localeFreePath)
  return (
    topBarControls(path, false).showHome && !pathsWithoutBottomNavigation.some((section) => isWithin(path, section))
  )
}

export type BackAction = { kind: 'history' } | { kind: 'home' }

/**
 * Where back leads. A page opened straight from a link (no in-app history) goes home instead of
 * leaving the app.
 */
export function backAction(localeFreePath: string, canGoBack: boolean): BackAction {
  const path = normalize(localeFreePath)
  if (path === '/profile') return { kind: 'home' }
  if (isWithin(path, '/promotions') && !promotionStepPaths.some((step) => isWithin(path, step))) {
    return { kind: 'home' }
  }
  return canGoBack ? { kind: 'history' } : { kind: 'home' }
}
