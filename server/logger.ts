import { pino, type Logger } from 'pino'
import type { LogLevel } from '#server/env'

export type { Logger }

/**
 * One JSON object per line, so any log collector can parse it without configuration. The server
 * logs to stdout; command-line tools log to stderr to keep stdout for their actual output.
 */
export function createLogger(level: LogLevel, stream: 'stdout' | 'stderr' = 'stdout'): Logger {
  return pino(
    { level, base: { service: 'ngernkhuen' }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination(stream === 'stdout' ? 1 : 2),
  )
}
