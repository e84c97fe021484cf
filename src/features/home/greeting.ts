import { displayTimeZone } from '#domain/dates'

export type GreetingPeriod = 'morning' | 'afternoon' | 'evening'

/** Morning until noon, afternoon until 6 pm, evening after: by the clock in Thailand. */
export function greetingPeriod(now: Date): GreetingPeriod {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: displayTimeZone, hour: 'numeric', hourCycle: 'h23' }).format(now),
  )
  if (hour >= 4 && hour < 12) return 'morning'
  if (hour >= 12 && hour < 18) return 'afternoon'
  return 'evening'
}
