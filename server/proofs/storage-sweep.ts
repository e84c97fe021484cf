import { parseNamedOptions } from '#server/operator-formatting'
import type { ProofStorage } from '#server/proofs/proof-storage'

/**
 * The sweep of stored files no row names any more, shared by `proofs orphans` (proofs and the
 * support chat's pictures, server/proofs/proof-operator-commands.ts) and `catalogue pictures
 * orphans` (server/pictures/picture-sweep.ts): both list one storage, keep what is young, ask the
 * database in slices which of the rest a row names, and list or remove the others. What "a row
 * names it" means is each caller's own (`findKept`).
 */

export type SweepOptions = { isDeleting: boolean; olderThanHours: number }

/**
 * Younger files may belong to work whose row is not committed yet (a proof's upload; a catalogue
 * picture whose sizes are stored before its row is marked made, a lease of 5 minutes at most).
 */
const defaultSweepAgeHours = 24

/** Keys asked about in one query: a bucket may hold many files, and a query takes only so many parameters. */
const sweepSliceSize = 500

/** `[--delete] [--older-than-hours N]`, in any order; `undefined` for anything else. */
export function parseSweepOptions(rest: readonly string[]): SweepOptions | undefined {
  const isDeleting = rest.includes('--delete')
  const options = parseNamedOptions(
    rest.filter((argument) => argument !== '--delete'),
    ['--older-than-hours'],
  )
  const hoursText = options?.get('--older-than-hours') ?? String(defaultSweepAgeHours)
  if (options === undefined || !/^\d+$/.test(hoursText)) return undefined
  const olderThanHours = Number(hoursText)
  return olderThanHours >= 1 ? { isDeleting, olderThanHours } : undefined
}

/**
 * Lists (and with `isDeleting` removes) the files of `storage` older than the cutoff whose key
 * `isCandidate` accepts and `findKept` does not return; says what it found, as `noun`s.
 */
export async function sweepUnreferencedFiles(
  storage: ProofStorage,
  options: SweepOptions & {
    now: Date
    noun: string
    isCandidate?: (key: string) => boolean
    /** Which of these keys (at most a slice's) a row still names. */
    findKept: (keys: string[]) => Promise<Iterable<string>>
  },
): Promise<string> {
  const { isDeleting, olderThanHours, now, noun, isCandidate = () => true, findKept } = options
  const cutoff = now.getTime() - olderThanHours * 60 * 60 * 1000
  const candidates: string[] = []
  for await (const stored of storage.list()) {
    if (isCandidate(stored.key) && stored.modifiedAt.getTime() < cutoff) candidates.push(stored.key)
  }
  const kept = new Set<string>()
  for (let start = 0; start < candidates.length; start += sweepSliceSize) {
    for (const key of await findKept(candidates.slice(start, start + sweepSliceSize))) kept.add(key)
  }
  const orphans = candidates.filter((key) => !kept.has(key))
  if (orphans.length === 0) return `no unreferenced ${noun}s older than ${olderThanHours} h`
  if (isDeleting) {
    for (const key of orphans) await storage.delete(key)
  }
  return [
    `${orphans.length} unreferenced ${noun}${orphans.length === 1 ? '' : 's'} older than ${olderThanHours} h` +
      (isDeleting ? ', removed:' : ' (remove with --delete):'),
    ...orphans.map((key) => `  ${key}`),
  ].join('\n')
}
