import type { AppRoutePattern } from '../app-routes.ts'
import type { CashbackTab } from '../contracts/cashback-basics.ts'
import type { LocalizedText } from './help-text.ts'

/** The app's screens a help step may open (locale-free; the app links them in the page's language). */
export const helpScreens = [
  '/merchants',
  '/search',
  '/cashback',
  '/wallet',
  '/withdrawal',
  '/rating',
  '/promotions',
  '/profile',
  '/support',
] as const satisfies readonly AppRoutePattern[]
export type HelpScreen = (typeof helpScreens)[number]

/**
 * A link from a step to the screen where it is done; `/cashback` may open one of its tabs, and
 * `chat` is the support chat (/chat-support, the chat's own screen).
 */
export type HelpLink =
  { screen: Exclude<HelpScreen, '/cashback'> } | { screen: '/cashback'; tab?: CashbackTab } | { screen: 'chat' }

/**
 * The drawings the help pages show: each is a small picture of our own screens or of the idea,
 * drawn in the design's colours (src/features/help/components/help-illustrations.tsx), with no
 * words in it, so one drawing serves both languages.
 */
export const helpIllustrations = [
  'merchant-list',
  'shop-now',
  'checkout',
  'status-timeline',
  'accept-cashback',
  'wallet',
  'ad-blocker',
  'last-click',
  'same-browser',
  'fresh-cart',
  'full-payment',
  'chat',
  'rejected-purchase',
  'proof-photos',
  'proof-review',
  'payout-methods',
  'withdraw-form',
  'fee-summary',
  'payout-date',
  'points',
  'rating-gauge',
  'rating-moves',
  'one-day',
  'negative-wallet',
  'new-user-gift',
  'double-cashback',
  'special-stairs',
  'premium',
  'referral',
] as const
export type HelpIllustration = (typeof helpIllustrations)[number]

/** One step of a tutorial or of the how-to. */
export type HelpStep = {
  title: LocalizedText
  body: LocalizedText
  illustration: HelpIllustration
  link?: HelpLink
}
