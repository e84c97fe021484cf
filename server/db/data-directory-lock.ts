import { readFile, rm, writeFile } from 'node:fs/promises'

/**
 * PGlite has no cross-process locking: two processes opening the same data directory both
 * succeed and silently diverge, losing writes. A pid file stops a second process (a second
 * server, or `npm run ops` while the server runs) before it opens the directory.
 */
export class DataDirectoryInUseError extends Error {
  override name = 'DataDirectoryInUseError'
}

export type DataDirectoryLock = { release(): Promise<void> }

function isProcessAlive(processId: number): boolean {
  try {
    process.kill(processId, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user, so it is alive.
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
}

function isAlreadyExistsError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST'
}

async function readLockOwner(lockPath: string): Promise<number | undefined> {
  const content = await readFile(lockPath, 'utf8').catch(() => '')
  const processId = Number.parseInt(content, 10)
  return Number.isSafeInteger(processId) && processId > 0 ? processId : undefined
}

/** Locks this process holds: the pid in the file cannot tell two openers in one process apart. */
const heldLockPaths = new Set<string>()

function inUseError(lockPath: string, owner: number): DataDirectoryInUseError {
  return new DataDirectoryInUseError(
    `The embedded database is in use by process ${owner} (${lockPath}). Stop that process first, ` +
      'or set DATABASE_URL to share a PostgreSQL server between processes.',
  )
}

async function createLockFile(lockPath: string): Promise<DataDirectoryLock> {
  // `wx` fails if the file exists, so of two racing processes exactly one wins.
  await writeFile(lockPath, String(process.pid), { flag: 'wx' })
  heldLockPaths.add(lockPath)
  return {
    release: async () => {
      heldLockPaths.delete(lockPath)
      await rm(lockPath, { force: true })
    },
  }
}

export async function acquireDataDirectoryLock(lockPath: string): Promise<DataDirectoryLock> {
  if (heldLockPaths.has(lockPath)) throw inUseError(lockPath, process.pid)
  try {
    return await createLockFile(lockPath)
  } catch (error) {
    if (!isAlreadyExistsError(error)) throw error
  }
  const owner = await readLockOwner(lockPath)
  // Our own pid in a file we do not hold means an earlier run with the same pid (common as pid 1
  // in a container) stopped without releasing it.
  if (owner !== undefined && owner !== process.pid && isProcessAlive(owner)) throw inUseError(lockPath, owner)
  await rm(lockPath, { force: true })
  return createLockFile(lockPath)
}
