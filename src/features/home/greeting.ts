/** Thailand keeps UTC+7 all year (no daylight saving), so its hour needs no time-zone data. */
const thailandUtcOffsetHours = 7

export type GreetingPeriod = 'morning' | 'afternoon' | 'evening'

/**
 * Morning until noon, afternoon until 6 pm, evening after: by the clock in Thailand. Plain
 * arithmetic rather than `Intl` with `Asia/Bangkok`: the home screen's first render would
 * otherwise load the time-zone data (tens of milliseconds on a phone) for one greeting.
 */
export function greetingPeriod(now: Date): GreetingPeriod {
  const hour = (now.getUTCHours() + thailandUtcOffsetHours) % 24
  if (hour >= 4 && hour < 12) return 'morning'
  if (hour >= 12 && hour < 18) return 'afternoon'
  return 'evening'
}
