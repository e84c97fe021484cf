import { spawnSync } from 'node:child_process'
import { inArray } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantListResponseSchema } from '#domain/contracts/catalogue'
import { affiliateSubIdParameter } from '#server/clicks/click-records'
import { clicks } from '#server/db/schema'
import type { ServerProcess } from '#server/test/child-processes'
import { testDatabaseUrl } from '#server/test/database'
import { signalServer, signInDemoBuyer, startServerPair, type ServerPair } from '#server/test/server-pair'

/**
 * Stopping the cluster needs its `pg_ctl` and data directory, and stops it for everyone using it:
 * `.ci/run` sets these for a run of this file alone (after the API suite). `TEST_PG_CTL` is a
 * command (`runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl` as root).
 */
const pgControlCommand = process.env['TEST_PG_CTL']?.trim().split(/\s+/) ?? []
const pgDataDirectory = process.env['TEST_PG_DATA']?.trim() ?? ''
const canStopTheServer = testDatabaseUrl !== undefined && pgControlCommand.length > 0 && pgDataDirectory !== ''

function runPgControl(argumentList: string[]) {
  const [binary = '', ...prefix] = pgControlCommand
  return spawnSync(binary, [...prefix, '-D', pgDataDirectory, ...argumentList], { encoding: 'utf8' })
}

function controlPostgres(action: 'stop' | 'restart'): void {
  // `restart` of a stopped cluster starts it with the options of its last start (postmaster.opts).
  const options = action === 'stop' ? ['-m', 'fast'] : ['-l', `${pgDataDirectory}/server.log`]
  const result = runPgControl(['-w', ...options, action])
  // `restart` warns on stderr that the cluster was not running, which is the point here.
  expect(result.status, result.stderr + result.stdout).toBe(0)
}

/** How long the database stays down: the scenario (a restart for an upgrade), not a wait for a state. */
const outageMilliseconds = 3_000

type ServerName = 'first' | 'second'

type Outcome = {
  server: ServerName
  status: number | 'no answer'
  /** The error code and `Retry-After` of an answer that was not the redirect. */
  code?: string
  /** When the request was sent, and (for no answer) when it failed. */
  at: number
  endedAt?: number
  /** The click the redirect acknowledged. */
  clickId?: string
}

/**
 * The database going away under a write load (a failover, a restart for an upgrade): while it is
 * down every request answers 503 `database_unavailable`, never a 500; both processes write again
 * within seconds of its return; then one process is killed outright, and no write either process
 * acknowledged is missing from the database.
 *
 * The write is a tracked-link click (`GET /go/{merchant}` as the signed-in demo buyer): one new row
 * per request, acknowledged by the redirect that carries the row's id, and no rate limit.
 */
describe.skipIf(!canStopTheServer)('PostgreSQL stopped and started under a write load through two processes', () => {
  let pair: ServerPair
  let cookie: string
  let merchantId: string

  beforeAll(async () => {
    // While the server is down, one of the thousands of connects to its port may be given that very
    // port as its own and connect to itself; the restarted server then cannot bind it.
    const port = Number(new URL(testDatabaseUrl ?? '').port || 5432)
    if (port >= 32768 && port <= 60999) throw new Error(`Run PostgreSQL below the ephemeral ports, not on ${port}`)
    pair = await startServerPair(testDatabaseUrl ?? '')
    ;({ cookie } = await signInDemoBuyer(pair.first))
    const list = v.parse(
      merchantListResponseSchema,
      await (await fetch(`${pair.first.baseUrl}/cws-api/merchants`)).json(),
    )
    merchantId = list.data[0]?._id ?? ''
  }, 120_000)
  afterAll(async () => {
    // Whatever happened above, the cluster is left running for whatever comes next.
    try {
      if (canStopTheServer && runPgControl(['status']).status !== 0) controlPostgres('restart')
    } finally {
      await pair.dispose()
    }
  })

  it('answers 503 (never 500) while it is gone, writes again within 5 s of its return, and loses no acknowledged write', async () => {
    const outcomes: Outcome[] = []
    let isLoading = true

    async function writeOnce(name: ServerName, server: ServerProcess): Promise<void> {
      const at = performance.now()
      try {
        const response = await fetch(`${server.baseUrl}/go/${merchantId}`, {
          headers: { Cookie: cookie },
          redirect: 'manual',
          signal: AbortSignal.timeout(15_000),
        })
        const outcome: Outcome = { server: name, status: response.status, at }
        if (response.status === 302) {
          const location = new URL(response.headers.get('Location') ?? '', 'http://x.invalid')
          outcome.clickId = location.searchParams.get(affiliateSubIdParameter) ?? undefined
          await response.body?.cancel()
        } else {
          const body: unknown = await response.json().catch(() => undefined)
          const error = (body as { error?: { code?: string } } | undefined)?.error
          outcome.code = `${error?.code ?? 'no code'} Retry-After=${response.headers.get('Retry-After') ?? 'none'}`
        }
        outcomes.push(outcome)
      } catch {
        outcomes.push({ server: name, status: 'no answer', at, endedAt: performance.now() })
        // A killed process refuses at once: do not spin on it.
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }

    // Four clients per process, each sending its next write when the last one was answered.
    const clients = (['first', 'second'] as const).flatMap((name) =>
      Array.from({ length: 4 }, async () => {
        while (isLoading) await writeOnce(name, pair[name])
      }),
    )

    const count = (name: ServerName, status: Outcome['status'], since = 0) =>
      outcomes.filter((outcome) => outcome.server === name && outcome.status === status && outcome.at >= since).length
    const waitFor = async (condition: () => boolean, what: string) => {
      const deadline = performance.now() + 30_000
      while (!condition()) {
        if (performance.now() > deadline) throw new Error(`gave up waiting for ${what}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    const describeOutcome = (outcome: Outcome) =>
      `${outcome.server} ${outcome.status}${outcome.code === undefined ? '' : ` ${outcome.code}`}`
    const tally = (list: Outcome[]) => {
      const counts: Record<string, number> = {}
      for (const outcome of list) counts[describeOutcome(outcome)] = (counts[describeOutcome(outcome)] ?? 0) + 1
      return counts
    }

    try {
      await waitFor(() => count('first', 302) >= 20 && count('second', 302) >= 20, 'writes before the outage')

      const stoppedAt = performance.now()
      controlPostgres('stop')
      const stopped = performance.now()
      // Down for a few seconds, and at least until both processes have answered a good number of
      // requests without it (whatever they answered: that is what is checked below).
      const answered = (name: ServerName) =>
        outcomes.filter((outcome) => outcome.server === name && outcome.at >= stopped && outcome.status !== 302).length
      await waitFor(
        () => performance.now() - stopped >= outageMilliseconds && answered('first') >= 50 && answered('second') >= 50,
        'answers while it is down',
      )
      controlPostgres('restart')
      const backAt = performance.now()
      await waitFor(
        () => count('first', 302, backAt) > 0 && count('second', 302, backAt) > 0,
        'writes after its return',
      )
      const firstWriteAfterReturn = (name: ServerName) =>
        Math.min(
          ...outcomes
            .filter((outcome) => outcome.server === name && outcome.status === 302 && outcome.at >= backAt)
            .map((outcome) => outcome.at),
        ) - backAt

      // Then one process dies without a chance to finish anything.
      const killedAt = performance.now()
      signalServer(pair.first, 'SIGKILL')
      await waitFor(
        () => count('second', 302, killedAt) >= 20 && count('first', 'no answer', killedAt) > 0,
        'writes after the kill',
      )
      isLoading = false
      await Promise.all(clients)

      console.info(
        `down ${(backAt - stoppedAt).toFixed(0)} ms:`,
        tally(outcomes.filter((outcome) => outcome.at >= stoppedAt && outcome.at < backAt)),
      )
      console.info('every request:', tally(outcomes))
      console.info(
        `first write after the return: ${firstWriteAfterReturn('first').toFixed(0)} ms (first process), ` +
          `${firstWriteAfterReturn('second').toFixed(0)} ms (second)`,
      )

      // Redirects (writes) before the stop and after the return, 503 database_unavailable with
      // Retry-After in between, never a 500, on either process; no answer only from the killed one.
      const unexpected = outcomes.filter(
        (outcome) =>
          !(outcome.status === 302) &&
          !(outcome.status === 503 && outcome.code === 'database_unavailable Retry-After=5') &&
          !(outcome.status === 'no answer' && outcome.server === 'first' && (outcome.endedAt ?? 0) >= killedAt),
      )
      expect(tally(unexpected)).toEqual({})
      expect(firstWriteAfterReturn('first')).toBeLessThan(5_000)
      expect(firstWriteAfterReturn('second')).toBeLessThan(5_000)

      // Every write a process acknowledged is in the database, the killed one's included.
      const acknowledged = new Set(
        outcomes.flatMap((outcome) => (outcome.clickId === undefined ? [] : [outcome.clickId])),
      )
      const stored = await pair.database.connection.database
        .select({ id: clicks.id })
        .from(clicks)
        .where(inArray(clicks.id, [...acknowledged]))
      console.info(`acknowledged ${acknowledged.size} writes, ${stored.length} of them in the database`)
      expect(stored.length).toBe(acknowledged.size)
    } finally {
      isLoading = false
      await Promise.allSettled(clients)
    }
  }, 60_000)
})
