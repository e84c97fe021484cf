import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { operatorAuditLog } from '#server/db/schema'
import { demoBuyer, demoTransactionIds, seedDemoBuyersIfMissing } from '#server/seed/demo-buyer'
import { seedDemoOperatorsIfMissing } from '#server/seed/demo-operators'
import { seedDemoSupportConversationIfMissing } from '#server/seed/demo-support'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import {
  findConversationByBuyer,
  readConsoleConversation,
  readShopperConversation,
  readSupportMessagePage,
} from '#server/support/support-queries'
import { createTestDatabase } from '#server/test/database'

describe("the demo buyer's support conversation", () => {
  it('is a closed, read conversation with one agent answer about the rejected purchase, seeded once', async () => {
    const seedDatabase = await createTestDatabase()
    try {
      const { database } = seedDatabase.connection
      const now = new Date('2026-11-15T03:00:00Z')
      await seedCatalogueIfEmpty(database, { size: { merchantCount: 30, productCount: 30 } })
      expect(await seedDemoSupportConversationIfMissing(database, now)).toBe(false) // no demo agent yet
      await seedDemoBuyersIfMissing(database, now)
      await seedDemoOperatorsIfMissing(database, now)
      expect(await seedDemoSupportConversationIfMissing(database, now)).toBe(true)
      expect(await seedDemoSupportConversationIfMissing(database, now)).toBe(false)

      const conversation = await findConversationByBuyer(database, demoBuyer.id)
      const page = await readSupportMessagePage(database, conversation, { limit: 30 }, { kind: 'console' })
      expect(page.data.map((message) => [message.sequence, message.author, message.agentName])).toEqual([
        [1, 'shopper', null],
        [2, 'agent', 'สมหญิง'],
        [3, 'shopper', null],
      ])
      expect(page.data[0]?.transaction?.id).toBe(demoTransactionIds.rejected)
      expect(page.data.every((message) => new Date(message.createdAt) < now)).toBe(true)
      expect(await readShopperConversation(database, demoBuyer.id)).toMatchObject({
        status: 'closed',
        lastSequence: 3,
        unreadCount: 0,
        agentReadSequence: 3,
      })
      expect(await readConsoleConversation(database, conversation?.id ?? '')).toMatchObject({
        unreadByAgentCount: 0,
        shopperReadSequence: 3,
        buyerLabel: 'สมชาย ใจดี',
      })
      const audit = await database
        .select({ action: operatorAuditLog.action })
        .from(operatorAuditLog)
        .where(eq(operatorAuditLog.subjectId, conversation?.id ?? ''))
      expect(audit.map((entry) => entry.action).sort()).toEqual([
        'support_conversation.closed',
        'support_conversation.replied',
      ])
    } finally {
      await seedDatabase.dispose()
    }
  })
})
