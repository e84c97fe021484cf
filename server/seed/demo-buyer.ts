import { eq } from 'drizzle-orm'
import type { CashbackStatus } from '#domain/contracts/buyer'
import type { Database } from '#server/db/database'
import { buyers, buyerStatusEvents, cashbackTransactions } from '#server/db/schema'

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

/** History in every state, newest first; two approved and not yet accepted (the count the app shows). */
const demoTransactions: { status: CashbackStatus; accepted: boolean; archived: boolean; daysAgo: number }[] = [
  { status: 'TRACKING', accepted: false, archived: false, daysAgo: 1 },
  { status: 'PENDING', accepted: false, archived: false, daysAgo: 3 },
  { status: 'PENDING', accepted: false, archived: false, daysAgo: 9 },
  { status: 'APPROVED', accepted: false, archived: false, daysAgo: 14 },
  { status: 'APPROVED', accepted: false, archived: false, daysAgo: 21 },
  { status: 'APPROVED', accepted: true, archived: false, daysAgo: 35 },
  { status: 'APPROVED', accepted: true, archived: true, daysAgo: 60 },
  { status: 'REJECTED', accepted: false, archived: false, daysAgo: 40 },
  { status: 'CANCELLED', accepted: false, archived: false, daysAgo: 50 },
]

/** `64656d6f7478` ("demotx") and a counter, 24 hex characters. */
function demoTransactionId(index: number): string {
  return `64656d6f7478${String(index + 1).padStart(12, '0')}`
}

export async function seedDemoBuyersIfMissing(
  database: Database,
  now: Date = new Date(),
): Promise<{ seeded: boolean }> {
  const [existing] = await database.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, demoBuyer.id))
  if (existing !== undefined) return { seeded: false }
  await database.transaction(async (transaction) => {
    const createdAt = new Date(now.getTime() - 90 * dayMilliseconds)
    await transaction.insert(buyers).values([
      {
        id: demoBuyer.id,
        email: demoBuyer.email,
        phone: demoBuyer.phone,
        firstName: demoBuyer.firstName,
        lastName: demoBuyer.lastName,
        age: 34,
        gender: 'male',
        birthDate: '1992-03-01',
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
    await transaction.insert(buyerStatusEvents).values({
      buyerId: suspendedDemoBuyer.id,
      status: 'suspended',
      reason: suspendedDemoBuyer.reason,
      actor: 'demo seed',
    })
    await transaction.insert(cashbackTransactions).values(
      demoTransactions.map((transactionSeed, index) => ({
        id: demoTransactionId(index),
        buyerId: demoBuyer.id,
        status: transactionSeed.status,
        accepted: transactionSeed.accepted,
        archived: transactionSeed.archived,
        createdAt: new Date(now.getTime() - transactionSeed.daysAgo * dayMilliseconds),
      })),
    )
  })
  return { seeded: true }
}
