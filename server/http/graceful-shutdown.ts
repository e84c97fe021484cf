import type { Server } from 'node:http'
import type { Logger } from '#server/logger'

/**
 * Stop in this order, so no request and no committed write is lost:
 * 1. stop accepting connections and drop idle keep-alive ones,
 * 2. let in-flight requests finish (up to `drainTimeoutMilliseconds`, then cut them),
 * 3. close the database (PGlite flushes and shuts down its data directory cleanly) once the
 *    background jobs, told to stop at the start, have finished their round,
 * 4. exit: 0 when everything drained, 1 when requests had to be cut or closing failed.
 * A repeated signal does not cut the drain short: Ctrl-C and `kill` of a process group reach the
 * server twice (directly and relayed by npm), and that second copy is not an operator asking to
 * hurry. The drain deadline bounds the wait; SIGKILL is there for an operator who will not wait.
 */
export function installGracefulShutdown(options: {
  server: Server
  closeDatabase: () => Promise<void>
  /** Stops scheduled work (the cashback release job); resolves when its current round is done. */
  stopBackgroundJobs?: () => Promise<void>
  logger: Logger
  drainTimeoutMilliseconds: number
}): void {
  const { server, closeDatabase, stopBackgroundJobs = async () => {}, logger, drainTimeoutMilliseconds } = options
  let shuttingDown = false

  async function shutDown(signal: NodeJS.Signals): Promise<void> {
    if (shuttingDown) {
      logger.info({ signal }, 'already shutting down: the drain goes on')
      return
    }
    shuttingDown = true
    logger.info({ signal, drainTimeoutMilliseconds }, 'shutting down: draining in-flight requests')

    const jobsStopped = stopBackgroundJobs()
    // An object, not a `let`: the deadline's callback sets it, which control-flow analysis cannot see.
    const drain = { forced: false }
    const drained = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections()
    // A keep-alive connection becomes idle once its in-flight response is sent; close it then
    // instead of waiting for the client to hang up.
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100)
    const drainDeadline = setTimeout(() => {
      drain.forced = true
      logger.warn('drain timeout: closing the remaining connections')
      server.closeAllConnections()
    }, drainTimeoutMilliseconds)
    await drained
    clearInterval(idleSweep)
    clearTimeout(drainDeadline)

    try {
      await jobsStopped
      await closeDatabase()
    } catch (error) {
      logger.error({ err: error }, 'closing the database failed')
      process.exit(1)
    }
    logger.info({ forced: drain.forced }, 'shutdown complete')
    process.exit(drain.forced ? 1 : 0)
  }

  process.on('SIGTERM', (signal) => void shutDown(signal))
  process.on('SIGINT', (signal) => void shutDown(signal))
}
