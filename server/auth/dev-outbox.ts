import { desc, eq, sql } from 'drizzle-orm'
import type { DevOutboxMessageKind } from '#domain/contracts/auth'
import type { Database } from '#server/db/database'
import { devOutboxMessages } from '#server/db/schema'

/**
 * The dev outbox: account messages as `GET /api/dev/outbox` shows them, in demo and test mode
 * only (production has none, so nothing is written). Kept in the database, not in a process's
 * memory: behind a load balancer the code asked for through one process is read through another.
 */

export type DevOutboxEntry = {
  /** The canonical identifier (see `parseSignInIdentifier`). */
  to: string
  kind: DevOutboxMessageKind
  code: string | null
  text: string
  sentAt: Date
}

export type DevOutbox = {
  record(entry: DevOutboxEntry): Promise<void>
  /** Newest first. */
  messagesTo(identifier: string): Promise<DevOutboxEntry[]>
}

/** Messages older than this are deleted as new ones arrive (by the database's clock). */
export const devOutboxRetentionHours = 24

/** Messages kept per address; older ones are deleted as new ones arrive. */
export const devOutboxMessagesPerAddress = 50

export function createDevOutbox(database: Database): DevOutbox {
  return {
    async record(entry) {
      await database.insert(devOutboxMessages).values({
        recipient: entry.to,
        kind: entry.kind,
        code: entry.code,
        text: entry.text,
        sentAt: entry.sentAt,
      })
      // Rows another process is deleting right now are left to it (skip locked), so two
      // processes pruning at once never wait on, or deadlock with, each other.
      await database.execute(sql`
        delete from ${devOutboxMessages} where id in (
          select id from ${devOutboxMessages}
          where recorded_at < now() - make_interval(hours => ${devOutboxRetentionHours})
             or (recipient = ${entry.to} and id < (
               select id from ${devOutboxMessages} where recipient = ${entry.to}
               order by id desc offset ${devOutboxMessagesPerAddress - 1} limit 1))
          for update skip locked)`)
    },
    async messagesTo(identifier) {
      const rows = await database
        .select()
        .from(devOutboxMessages)
        .where(eq(devOutboxMessages.recipient, identifier))
        .orderBy(desc(devOutboxMessages.id))
        .limit(devOutboxMessagesPerAddress)
      return rows.map((row) => ({
        to: row.recipient,
        kind: row.kind,
        code: row.code,
        text: row.text,
        sentAt: row.sentAt,
      }))
    },
  }
}
