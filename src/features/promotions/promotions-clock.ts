import type { PromotionsSnapshot } from '#domain/promotions/promotion-states'

/**
 * The moment the campaign states are read at: the device's clock, but never earlier than the
 * latest moment the server recorded. A phone whose clock is a few minutes behind would otherwise
 * show a membership joined a second ago as not started yet (joinable again), and a bonus just
 * received as in the future.
 */
export function readPromotionsClock(snapshot: PromotionsSnapshot, deviceNow: Date): Date {
  const recorded = [
    snapshot.premium?.joinedAt,
    snapshot.specialCashback?.joinedAt,
    snapshot.specialCashback?.endedAt ?? undefined,
    snapshot.newUserBonus.receivedAt ?? undefined,
  ]
  const latest = Math.max(deviceNow.getTime(), ...recorded.map((date) => date?.getTime() ?? 0))
  return latest === deviceNow.getTime() ? deviceNow : new Date(latest)
}
