import { and, asc, count, eq, isNotNull, lt, sql } from 'drizzle-orm'
import { estimateCashback } from '#domain/cashback-estimate'
import type { PurchaseOutcome } from '#domain/cashback/rating'
import type { RejectionReasonCode } from '#domain/cashback/rejection-reasons'
import type { TransactionEvent } from '#domain/cashback/transaction-state'
import type { Satang } from '#domain/money'
import { changeTransaction, recordPurchase, type TransactionRecord } from '#server/cashback/transaction-changes'
import type { Database } from '#server/db/database'
import { buyers, buyerStatusEvents, cashbackTransactions, merchants, notifications } from '#server/db/schema'

/**
 * Demo accounts (demo mode only), documented in the README. Sign in with the email or the phone
 * and read the code from `GET /api/dev/outbox?to=…` (or the server log).
 */
export const demoBuyer = {
  /** "demobuyer001" in hex. */
  id: '64656d6f6275796572303031',
  email: 'demo@ngernkhuen.test',
  phone: '0812345678',
  firstName: 'สมชาย',
  lastName: 'ใจดี',
  /** Somchai Jaidee; names are stored as the buyer typed them. */
  englishName: 'Somchai Jaidee',
  /** What the seeded history works out to: 24 approved purchases and 1 returned. */
  ratingBasisPoints: 9600,
} as const

/** A suspended account, so the /ban screen can be seen (and tested) without operator commands. */
export const suspendedDemoBuyer = {
  /** "demobanned01" in hex. */
  id: '64656d6f62616e6e65643031',
  email: 'suspended@ngernkhuen.test',
  phone: '0898765432',
  reason: 'Demo: frequent cancellations',
} as const

const dayMilliseconds = 24 * 60 * 60 * 1000

/** Held while seeding, so processes starting together on one PostgreSQL seed once between them. */
const demoSeedAdvisoryLockKey = 7_210_004

/** How far back a freshly seeded demo account goes: enough for a full year on the wallet chart. */
const demoHistoryDays = 330

/** `64656d6f7478` ("demotx") and a counter, 24 hex characters. */
function demoTransactionId(index: number): string {
  return `64656d6f7478${String(index + 1).padStart(12, '0')}`
}

const archivedCount = 21

/**
 * The demo buyer's transactions, by what the app shows of them (client e2e tests open these).
 * Their history, wallet credits and the 96 % rating come from the same code paths real
 * purchases take (server/cashback/transaction-changes.ts).
 */
export const demoTransactionIds = {
  tracking: demoTransactionId(0),
  /** Pending on the 1-day path (the rating earns it): released by the release job a day later. */
  pendingOneDay: demoTransactionId(1),
  /** Pending with cashback above the 1-day limit of `maxForRating`. */
  pendingLarge: demoTransactionId(2),
  /** Approved and waiting for Accept: the count the app shows as a badge. */
  approvedNotAccepted: [demoTransactionId(3), demoTransactionId(4)],
  /** Accepted (in the wallet), not archived. */
  accepted: demoTransactionId(5),
  /** Rejected as `demoRejectionReasonCode`: the shopper is asked for proof. */
  rejected: demoTransactionId(6),
  /** Cancelled by the shopper: does not count in the rating. */
  cancelledByShopper: demoTransactionId(7),
  /** Older purchases, accepted and claimed. */
  archived: Array.from({ length: archivedCount }, (_, index) => demoTransactionId(8 + index)),
} as const

export const demoRejectionReasonCode = 'item_returned' satisfies RejectionReasonCode
/** The network's own words of that rejection, as operators see them. */
export const demoRejectionNote = 'Item returned'

type Step =
  | { kind: 'pending'; afterDays: number }
  | { kind: 'approve'; afterDays: number }
  | { kind: 'reject'; afterDays: number; reasonCode: RejectionReasonCode; note: string }
  | { kind: 'cancel'; afterDays: number; reasonCode: RejectionReasonCode; outcome: PurchaseOutcome; note: string }
  | { kind: 'accept'; afterDays: number }
  | { kind: 'archive'; afterDays: number }

type DemoPurchase = {
  id: string
  orderDaysAgo: number
  purchaseAmount: Satang
  /** Days after the order, in order. */
  steps: Step[]
  /** Picks the top merchant whose cashback on this amount is largest (a purchase above the 1-day limit). */
  isLargest?: boolean
}

/** A purchase that went all the way: pending, approved, accepted, claimed. */
function claimedSteps(): Step[] {
  return [
    { kind: 'pending', afterDays: 2 },
    { kind: 'approve', afterDays: 24 },
    { kind: 'accept', afterDays: 25 },
    { kind: 'archive', afterDays: 26 },
  ]
}

/** ฿12,900: at a generous merchant, cashback above the 1-day limit of `maxForRating`. */
const largePurchaseAmount: Satang = 1_290_000

const archivedAmounts: Satang[] = [
  45_900, 129_000, 89_900, 259_000, 34_900, 159_000, 72_900, 199_000, 54_900, 119_000, 389_000, 64_900, 99_000, 149_000,
  229_000, 39_900, 179_000, 84_900, 299_000, 49_900, 139_000,
]

/** Oldest first, so the rating each purchase sees when it turns pending grows as it would have. */
const demoPurchases: DemoPurchase[] = [
  ...archivedAmounts.map((purchaseAmount, index): DemoPurchase => ({
    id: demoTransactionIds.archived[index] ?? demoTransactionId(8 + index),
    // One purchase about every two weeks, from 320 days ago to 40 days ago.
    orderDaysAgo: 320 - index * 14,
    purchaseAmount,
    steps: claimedSteps(),
  })),
  {
    id: demoTransactionIds.rejected,
    orderDaysAgo: 95,
    purchaseAmount: 249_000,
    steps: [
      { kind: 'pending', afterDays: 2 },
      { kind: 'reject', afterDays: 18, reasonCode: demoRejectionReasonCode, note: demoRejectionNote },
    ],
  },
  {
    id: demoTransactionIds.cancelledByShopper,
    orderDaysAgo: 62,
    purchaseAmount: 159_000,
    steps: [
      {
        kind: 'cancel',
        afterDays: 1,
        reasonCode: 'order_cancelled',
        outcome: 'cancelled_by_shopper',
        note: 'The shopper cancelled the order',
      },
    ],
  },
  {
    id: demoTransactionIds.accepted,
    orderDaysAgo: 30,
    purchaseAmount: 189_000,
    steps: [
      { kind: 'pending', afterDays: 2 },
      { kind: 'approve', afterDays: 20 },
      { kind: 'accept', afterDays: 21 },
    ],
  },
  {
    id: demoTransactionIds.approvedNotAccepted[0],
    orderDaysAgo: 21,
    purchaseAmount: 129_000,
    steps: [
      { kind: 'pending', afterDays: 2 },
      { kind: 'approve', afterDays: 16 },
    ],
  },
  {
    id: demoTransactionIds.approvedNotAccepted[1],
    orderDaysAgo: 14,
    purchaseAmount: 69_900,
    steps: [
      { kind: 'pending', afterDays: 1 },
      { kind: 'approve', afterDays: 9 },
    ],
  },
  {
    id: demoTransactionIds.pendingLarge,
    orderDaysAgo: 9,
    purchaseAmount: largePurchaseAmount,
    steps: [{ kind: 'pending', afterDays: 3 }],
    isLargest: true,
  },
  {
    id: demoTransactionIds.pendingOneDay,
    orderDaysAgo: 3,
    purchaseAmount: 89_000,
    // Pending a few hours ago: its 1-day release is still ahead.
    steps: [{ kind: 'pending', afterDays: 2.85 }],
  },
  { id: demoTransactionIds.tracking, orderDaysAgo: 1, purchaseAmount: 59_000, steps: [] },
]

type Merchant = { id: string; rateBasisPoints: number; maxPerOrder: number | null }

type ScheduledStep = { at: Date; order: number; run: () => Promise<void> }

/**
 * The demo buyer's history, written through `recordPurchase` and `changeTransaction` in time
 * order, so the history, the ledger, the release paths and the rating agree as they would for a
 * real shopper. `scale` squeezes the timeline for an account younger than the history.
 */
async function seedDemoHistory(tx: Database, topMerchants: Merchant[], now: Date, scale: number): Promise<number> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * scale * dayMilliseconds)
  const largest = [...topMerchants].sort(
    (left, right) => estimateCashback(largePurchaseAmount, right) - estimateCashback(largePurchaseAmount, left),
  )[0]
  const steps: ScheduledStep[] = []
  const records = new Map<string, TransactionRecord>()
  const actor = 'demo seed'

  async function change(
    id: string,
    event: TransactionEvent,
    time: Date,
    extra: Partial<{ note: string; ratingOutcome: PurchaseOutcome; isEarlyRelease: boolean }> = {},
  ) {
    const result = await changeTransaction(tx, { transactionId: id, event, actor, now: time, ...extra })
    if (!result.ok) throw new Error(`demo seed: ${event.kind} on ${id} refused (${result.code})`)
    records.set(id, result.record)
  }

  demoPurchases.forEach((purchase, index) => {
    const merchant = purchase.isLargest === true ? largest : topMerchants[index % topMerchants.length]
    if (merchant === undefined) throw new Error('demo seed: no merchants')
    const orderDate = at(purchase.orderDaysAgo)
    steps.push({
      at: new Date(orderDate.getTime() + 10 * 60 * 1000),
      order: index,
      run: async () => {
        const record = await recordPurchase(tx, {
          transactionId: purchase.id,
          buyerId: demoBuyer.id,
          clickId: null,
          merchantId: merchant.id,
          productId: null,
          orderId: `DEMO-${String(index + 1).padStart(6, '0')}`,
          orderDate,
          purchaseAmount: purchase.purchaseAmount,
          actor,
          now: new Date(orderDate.getTime() + 10 * 60 * 1000),
        })
        records.set(purchase.id, record)
      },
    })
    for (const step of purchase.steps) {
      const time = at(purchase.orderDaysAgo - step.afterDays)
      steps.push({
        at: time,
        order: index,
        run: async () => {
          switch (step.kind) {
            case 'pending':
              return change(purchase.id, { kind: 'network_update', status: 'PENDING' }, time)
            case 'approve': {
              // A purchase on the 1-day path was approved by the release job a day after it
              // turned pending, unless the network was quicker.
              const record = records.get(purchase.id)
              const releaseAt = record?.releasePath === 'one_day' ? record.releaseAt : null
              const isEarlyRelease = releaseAt !== null && releaseAt < time
              return change(
                purchase.id,
                { kind: 'network_update', status: 'APPROVED' },
                isEarlyRelease ? releaseAt : time,
                {
                  isEarlyRelease,
                },
              )
            }
            case 'reject':
              return change(
                purchase.id,
                { kind: 'network_update', status: 'REJECTED', reasonCode: step.reasonCode, rejectionReason: step.note },
                time,
                { ratingOutcome: 'returned' },
              )
            case 'cancel':
              return change(
                purchase.id,
                { kind: 'network_update', status: 'CANCELLED', reasonCode: step.reasonCode },
                time,
                {
                  ratingOutcome: step.outcome,
                  note: step.note,
                },
              )
            case 'accept':
              return change(purchase.id, { kind: 'accept' }, time)
            case 'archive':
              return change(purchase.id, { kind: 'archive' }, time)
          }
        },
      })
    }
  })

  steps.sort((left, right) => left.at.getTime() - right.at.getTime() || left.order - right.order)
  for (const step of steps) await step.run()
  return demoPurchases.length
}

async function insertDemoBuyers(tx: Database, createdAt: Date): Promise<void> {
  await tx.insert(buyers).values([
    {
      id: demoBuyer.id,
      email: demoBuyer.email,
      phone: demoBuyer.phone,
      firstName: demoBuyer.firstName,
      lastName: demoBuyer.lastName,
      age: 34,
      gender: 'male',
      birthDate: '1992-03-01',
      // Rewritten from the seeded purchases; this is what they work out to.
      ratingBasisPoints: demoBuyer.ratingBasisPoints,
      termsAcceptedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    },
    {
      id: suspendedDemoBuyer.id,
      email: suspendedDemoBuyer.email,
      phone: suspendedDemoBuyer.phone,
      firstName: 'สมหญิง',
      lastName: 'ทดสอบ',
      ratingBasisPoints: 4000,
      status: 'suspended',
      suspendedReason: suspendedDemoBuyer.reason,
      termsAcceptedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    },
  ])
  await tx.insert(buyerStatusEvents).values({
    buyerId: suspendedDemoBuyer.id,
    status: 'suspended',
    reason: suspendedDemoBuyer.reason,
    actor: 'demo seed',
  })
}

export type DemoBuyersSeedResult = {
  /** The demo accounts were created. */
  seeded: boolean
  /** Transactions written for the demo buyer (0 when it already had some, or no catalogue exists). */
  transactionCount: number
}

/**
 * Creates the demo accounts when missing, and the demo buyer's purchase history when it has none
 * (data directories from before migration 0003 lost theirs). The history needs the catalogue
 * (seed it first); without merchants only the accounts are created. The suspended account keeps
 * whatever it has.
 */
export async function seedDemoBuyersIfMissing(
  database: Database,
  now: Date = new Date(),
): Promise<DemoBuyersSeedResult> {
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${demoSeedAdvisoryLockKey})`)
    const [existing] = await tx.select({ createdAt: buyers.createdAt }).from(buyers).where(eq(buyers.id, demoBuyer.id))
    const createdAt = existing?.createdAt ?? new Date(now.getTime() - demoHistoryDays * dayMilliseconds)
    if (existing === undefined) await insertDemoBuyers(tx, createdAt)

    const [owned] = await tx
      .select({ count: count() })
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.buyerId, demoBuyer.id))
    const topMerchants = await tx
      .select({
        id: merchants.id,
        rateBasisPoints: merchants.cashbackRateBasisPoints,
        maxPerOrder: merchants.cashbackMaxPerOrder,
      })
      .from(merchants)
      .where(isNotNull(merchants.topRank))
      .orderBy(asc(merchants.topRank))
      .limit(12)
    if ((owned?.count ?? 0) > 0 || topMerchants.length === 0) {
      return { seeded: existing === undefined, transactionCount: 0 }
    }
    // An older account keeps its sign-up date: its history is squeezed in after it.
    const accountDays = (now.getTime() - createdAt.getTime()) / dayMilliseconds
    const scale = Math.min(1, Math.max(accountDays - 1, 1) / demoHistoryDays)
    const transactionCount = await seedDemoHistory(tx, topMerchants, now, scale)
    // The history told the buyer of each approval as it happened; a real shopper has read all but
    // the last days' news by now.
    await tx
      .update(notifications)
      .set({ readAt: sql`${notifications.createdAt}` })
      .where(
        and(
          eq(notifications.buyerId, demoBuyer.id),
          lt(notifications.createdAt, new Date(now.getTime() - 7 * dayMilliseconds)),
        ),
      )
    return { seeded: existing === undefined, transactionCount }
  })
}
