import type { Server } from 'node:http'
import type { Logger } from '#server/logger'

/** Whether this process has been told to stop; `GET /api/health` answers 503 from then on. */
export type ShutdownState = {
  isShuttingDown(): boolean
  /**
   * Runs `listener` when the drain starts: responses that never end by themselves (the support
   * chat's event streams) end then, so the drain does not wait for its deadline and their clients
   * reconnect to a process that stays.
   */
  onDrain?(listener: () => void): void
}

export function createShutdownState(): ShutdownState & { markShuttingDown(): void; startDrain(): void } {
  let isShuttingDown = false
  const drainListeners: (() => void)[] = []
  return {
    isShuttingDown: () => isShuttingDown,
    markShuttingDown: () => {
      isShuttingDown = true
    },
    onDrain: (listener) => void drainListeners.push(listener),
    startDrain: () => {
      for (const listener of drainListeners.splice(0)) listener()
    },
  }
}

/**
 * Stop in this order, so a load balancer can ride through it and no request and no committed
 * write is lost:
 * 1. the pre-stop window (`preStopMilliseconds`, SIGTERM only): `/api/health` answers 503
 *    `shutting_down`, so the balancer's next probes take the process out of rotation, while
 *    every request it still sends is served as usual (with `Connection: close`, so its kept-alive
 *    connections end by themselves instead of being cut later). Stopping to listen at once made
 *    the balancer's requests fail until its probes noticed (579 refused connections in 2 s);
 * 2. stop accepting connections, end the event streams (`onDrain`) and drop idle keep-alive ones,
 * 3. let in-flight requests finish (up to `drainTimeoutMilliseconds`, then cut them),
 * 4. close the database (PGlite flushes and shuts down its data directory cleanly) once the
 *    background jobs, told to stop at the start, have finished their round,
 * 5. exit: 0 when everything drained, 1 when requests had to be cut or closing failed.
 * SIGINT (Ctrl-C in a terminal) skips the window: nobody balances load onto a terminal.
 * A repeated signal does not cut the window or the drain short: Ctrl-C and `kill` of a process
 * group reach the server twice (directly and relayed by npm), and that second copy is not an
 * operator asking to hurry. The window and the drain deadline bound the wait; SIGKILL is there for
 * an operator who will not wait.
 */
export function installGracefulShutdown(options: {
  server: Server
  state: ReturnType<typeof createShutdownState>
  closeDatabase: () => Promise<void>
  /** Stops scheduled work (server/jobs/repeating-job.ts); resolves when its current round is done. */
  stopBackgroundJobs?: () => Promise<void>
  logger: Logger
  preStopMilliseconds: number
  drainTimeoutMilliseconds: number
}): void {
  const { server, state, closeDatabase, stopBackgroundJobs = async () => {}, logger } = options
  const { drainTimeoutMilliseconds } = options

  // Before the app's own listener: the header must be set before the response is written.
  server.prependListener('request', (_request, response) => {
    if (state.isShuttingDown()) response.setHeader('Connection', 'close')
  })

  async function shutDown(signal: NodeJS.Signals): Promise<void> {
    if (state.isShuttingDown()) {
      logger.info({ signal }, 'already shutting down: the drain goes on')
      return
    }
    state.markShuttingDown()
    const preStopMilliseconds = signal === 'SIGINT' ? 0 : options.preStopMilliseconds
    const jobsStopped = stopBackgroundJobs()

    if (preStopMilliseconds > 0) {
      logger.info({ signal, preStopMilliseconds }, 'shutting down: health answers 503, still serving')
      await new Promise((resolve) => setTimeout(resolve, preStopMilliseconds))
    }
    logger.info({ signal, drainTimeoutMilliseconds }, 'shutting down: draining in-flight requests')

    // An object, not a `let`: the deadline's callback sets it, which control-flow analysis cannot see.
    const drain = { forced: false }
    const drained = new Promise<void>((resolve) => server.close(() => resolve()))
    state.startDrain()
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
