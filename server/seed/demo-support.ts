import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/database'
import { cashbackTransactions, operators, supportConversations } from '#server/db/schema'
import { demoBuyer, demoTransactionIds } from '#server/seed/demo-buyer'
import { demoOperators } from '#server/seed/demo-operators'
import {
  changeConversationStatus,
  markReadByAgent,
  markReadByShopper,
  writeAgentReply,
  writeShopperMessage,
} from '#server/support/support-service'

/**
 * The demo buyer's past support conversation (demo mode only): they asked about the purchase
 * rejected as returned, the demo support agent explained how to appeal with a proof, they thanked
 * her, both read everything and she closed it. Written through the chat's own service functions
 * (sequences, read markers, audit entries), so the shopper's chat and the console show it as they
 * would a real one. Nothing unread: the demo's chat bubble starts without a badge.
 */

/** Held while seeding, so processes starting together on one PostgreSQL write it once. */
const demoSupportSeedAdvisoryLockKey = 7_210_005

const minute = 60 * 1000
const day = 24 * 60 * minute

/** `true` when the conversation was written; needs the demo buyer and the demo support operator. */
export async function seedDemoSupportConversationIfMissing(database: Database, now = new Date()): Promise<boolean> {
  const supportEmail = demoOperators.find((operator) => operator.role === 'support')?.email
  if (supportEmail === undefined) return false
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${demoSupportSeedAdvisoryLockKey})`)
    const [agent] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.email, supportEmail))
    const [existing] = await tx
      .select({ id: supportConversations.id })
      .from(supportConversations)
      .where(eq(supportConversations.buyerId, demoBuyer.id))
    if (agent === undefined || existing !== undefined) return false
    const [rejected] = await tx
      .select({ id: cashbackTransactions.id })
      .from(cashbackTransactions)
      .where(
        and(eq(cashbackTransactions.id, demoTransactionIds.rejected), eq(cashbackTransactions.buyerId, demoBuyer.id)),
      )

    const askedAt = new Date(now.getTime() - 6 * day)
    const at = (minutes: number) => new Date(askedAt.getTime() + minutes * minute)
    await writeShopperMessage(tx, {
      buyerId: demoBuyer.id,
      text: 'สวัสดีครับ คำสั่งซื้อนี้ขึ้นว่าถูกปฏิเสธเพราะสินค้าถูกคืน แต่ผมได้รับของแล้วและไม่ได้คืนเลยครับ ' + 'ต้องทำยังไงถึงจะได้เงินคืนครับ',
      transactionId: rejected?.id ?? null,
      attachmentIds: [],
      now: askedAt,
    })
    const [conversation] = await tx
      .select({ id: supportConversations.id })
      .from(supportConversations)
      .where(eq(supportConversations.buyerId, demoBuyer.id))
    if (conversation === undefined) throw new Error('demo seed: the support conversation was not made')
    const answer = await writeAgentReply(tx, {
      conversationId: conversation.id,
      operatorId: agent.id,
      text:
        'สวัสดีค่ะคุณสมชาย ขออภัยในความไม่สะดวกนะคะ ร้านค้าแจ้งกลับมาว่าคำสั่งซื้อนี้มีการคืนสินค้า ' +
        'หากคุณได้รับสินค้าครบแล้ว สามารถยื่นอุทธรณ์ได้ที่หน้ารายละเอียดคำสั่งซื้อนี้ในแอป ' +
        'โดยแนบรูปหลักฐาน เช่น หน้าคำสั่งซื้อที่ขึ้นว่าจัดส่งสำเร็จ หรือใบเสร็จ (ได้สูงสุด 5 รูป) ' +
        'ทีมงานจะตรวจสอบและแจ้งผลในแอปค่ะ',
      now: at(24),
    })
    await markReadByShopper(tx, { buyerId: demoBuyer.id, sequence: answer.sequence, now: at(31) })
    const thanks = await writeShopperMessage(tx, {
      buyerId: demoBuyer.id,
      text: 'เข้าใจแล้วครับ เดี๋ยวส่งรูปหน้าคำสั่งซื้อไปครับ ขอบคุณมากครับ',
      transactionId: null,
      attachmentIds: [],
      now: at(33),
    })
    await markReadByAgent(tx, { conversationId: conversation.id, sequence: thanks.sequence, now: at(40) })
    await changeConversationStatus(tx, {
      conversationId: conversation.id,
      status: 'closed',
      operatorId: agent.id,
      now: at(41),
    })
    return true
  })
}
