import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * A rolling deploy runs two releases side by side behind one load balancer, so a page of either
 * may ask any process for its hashed files (docs/decisions/010-rolling-deploys.md). Each build
 * therefore keeps the hashed files of the builds it replaces (a few generations, listed in
 * `asset-generations.json` so the set stays bounded), and writes the previous release's shell
 * beside its own (`<client>-previous`) for the first phase of a two-phase rollout.
 *
 * Build-time code (vite.config.ts runs it after the client build); the server only needs the
 * manifest's name, to keep it out of the files it serves.
 */

export const generationsManifestName = 'asset-generations.json'

export type ClientGeneration = {
  /** A hash of the build's index.html: two builds of the same source get the same id. */
  id: string
  /** ISO time the build was made. */
  builtAt: string
  /** Paths relative to the client directory, e.g. `assets/home-B8at2YnO.js`. */
  files: string[]
}

/** Newest first: the first generation is the build in this directory. */
export type GenerationsManifest = { generations: ClientGeneration[] }

export type GenerationRetention = {
  /** How many builds before this one keep their files (the one it replaces always does). */
  previousGenerations: number
  /** A build replaced longer ago than this is dropped, however few generations are kept. */
  replacedWithinDays: number
}

export const defaultGenerationRetention: GenerationRetention = { previousGenerations: 3, replacedWithinDays: 14 }

const dayMilliseconds = 24 * 60 * 60 * 1000

/** The previous release's shell, for a process started in the first phase of a rollout. */
export function previousShellDirectoryOf(clientDirectory: string): string {
  return `${path.resolve(clientDirectory)}-previous`
}

function isBuiltClient(directory: string): boolean {
  return existsSync(path.join(directory, 'index.html'))
}

function listHashedFiles(clientDirectory: string): string[] {
  const assetsDirectory = path.join(clientDirectory, 'assets')
  if (!existsSync(assetsDirectory)) return []
  return readdirSync(assetsDirectory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(clientDirectory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}

/** Names a client build by its `index.html`, which names every file the build made. */
export function buildIdOf(clientDirectory: string): string {
  const html = readFileSync(path.join(clientDirectory, 'index.html'))
  return createHash('sha256').update(html).digest('base64url').slice(0, 16)
}

function isGeneration(value: unknown): value is ClientGeneration {
  if (typeof value !== 'object' || value === null) return false
  const { id, builtAt, files } = value as Record<string, unknown>
  return (
    typeof id === 'string' &&
    typeof builtAt === 'string' &&
    !Number.isNaN(Date.parse(builtAt)) &&
    Array.isArray(files) &&
    files.every((file) => typeof file === 'string' && file.startsWith('assets/') && !file.includes('..'))
  )
}

/**
 * The generations a built client directory holds. A build made before manifests existed (or with
 * a damaged one) counts as one generation of the files it has, built when its index.html was.
 */
export function readGenerations(clientDirectory: string, now: Date): ClientGeneration[] {
  const manifestPath = path.join(clientDirectory, generationsManifestName)
  if (existsSync(manifestPath)) {
    try {
      const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'))
      const generations: unknown =
        typeof manifest === 'object' && manifest !== null
          ? (manifest as Record<string, unknown>).generations
          : undefined
      if (Array.isArray(generations) && generations.length > 0 && generations.every(isGeneration)) return generations
    } catch {
      // Unreadable: fall back to what the directory holds.
    }
  }
  return [{ id: buildIdOf(clientDirectory), builtAt: now.toISOString(), files: listHashedFiles(clientDirectory) }]
}

/**
 * Which previous generations stay: always the one being replaced (its processes are still serving
 * pages while this build rolls out), then older ones while they are few and recently replaced. A
 * generation was replaced when the next newer one was built.
 */
export function keptGenerations(
  previous: ClientGeneration[],
  now: Date,
  retention: GenerationRetention,
): ClientGeneration[] {
  const kept: ClientGeneration[] = []
  for (const [index, generation] of previous.entries()) {
    const replacedAt = index === 0 ? now : new Date(previous[index - 1]?.builtAt ?? now)
    const isRecent = now.getTime() - replacedAt.getTime() <= retention.replacedWithinDays * dayMilliseconds
    if (index > 0 && (index >= retention.previousGenerations || !isRecent)) break
    kept.push(generation)
  }
  return kept
}

export type CarryResult = { manifest: GenerationsManifest; carriedFiles: number; previousShellDirectory?: string }

/**
 * Completes a fresh client build in `outputDirectory`: copies in the hashed files of the kept
 * previous generations from `previousDirectory` (a built client, with or without a manifest),
 * writes the manifest, and writes the previous release's shell with every kept file to
 * `<outputDirectory>-previous`. Run it after the service worker's precache list is made, so the
 * carried files are served but never precached.
 */
export function carryPreviousGenerations(options: {
  outputDirectory: string
  previousDirectory: string | undefined
  now: Date
  retention?: GenerationRetention
}): CarryResult {
  const { outputDirectory, previousDirectory, now } = options
  const retention = options.retention ?? defaultGenerationRetention
  const current: ClientGeneration = {
    id: buildIdOf(outputDirectory),
    builtAt: now.toISOString(),
    files: listHashedFiles(outputDirectory),
  }
  const previousShellDirectory = previousShellDirectoryOf(outputDirectory)
  const hasPrevious = previousDirectory !== undefined && isBuiltClient(previousDirectory)
  const previousGenerations = hasPrevious ? readGenerations(previousDirectory, now) : []
  // The same source built again is the same generation, not an older one, and the release
  // before it keeps its place as the previous shell.
  const isRebuild = previousGenerations[0]?.id === current.id
  const previous = previousGenerations.filter((generation) => generation.id !== current.id)
  if (!isRebuild) rmSync(previousShellDirectory, { recursive: true, force: true })
  const currentFiles = new Set(current.files)
  let carriedFiles = 0
  const kept = keptGenerations(previous, now, retention).map((generation) => {
    const available = generation.files.filter((file) => {
      if (currentFiles.has(file)) return true
      const source = path.join(previousDirectory ?? '', file)
      const target = path.join(outputDirectory, file)
      if (!existsSync(source)) return false
      if (!existsSync(target)) {
        // Same bytes and modification time as on the old processes, so the same ETag.
        cpSync(source, target, { preserveTimestamps: true })
        carriedFiles += 1
      }
      return true
    })
    return { ...generation, files: available }
  })

  const manifest: GenerationsManifest = { generations: [current, ...kept] }
  writeFileSync(path.join(outputDirectory, generationsManifestName), `${JSON.stringify(manifest, null, 2)}\n`)
  if (isRebuild) {
    return existsSync(previousShellDirectory)
      ? { manifest, carriedFiles, previousShellDirectory }
      : { manifest, carriedFiles }
  }
  if (!hasPrevious) return { manifest, carriedFiles }

  // Phase one of a rollout serves the release being replaced (its shell, service worker and
  // manifest) from the new processes, with the new build's files already in place.
  cpSync(previousDirectory, previousShellDirectory, {
    recursive: true,
    preserveTimestamps: true,
    filter: (source) => {
      const relative = path.relative(previousDirectory, source).split(path.sep)
      return relative[0] !== 'assets' && relative[0] !== generationsManifestName
    },
  })
  cpSync(path.join(outputDirectory, 'assets'), path.join(previousShellDirectory, 'assets'), {
    recursive: true,
    preserveTimestamps: true,
  })
  return { manifest, carriedFiles, previousShellDirectory }
}
