import { existsSync, readFileSync } from 'node:fs'
import { cp, rm } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  carryPreviousGenerations,
  generationsManifestName,
  keptGenerations,
  readGenerations,
  type ClientGeneration,
} from '#server/static/client-generations'
import { createClientBuild, writeClientFiles, type ClientFixture } from '#server/test/client-fixture'

const builds: ClientFixture[] = []
afterEach(async () => {
  await Promise.all(builds.splice(0).map((build) => build.dispose()))
})

/** A release's vite output: its own shell naming its own entry chunk, plus one lazy chunk. */
async function release(name: string, extraFiles: Record<string, string> = {}) {
  const build = await createClientBuild({
    'index.html': `<!doctype html><script type="module" src="/assets/index-${name}.js"></script>`,
    'sw.js': `// precache of ${name}\n`,
    'manifest.webmanifest': '{"name":"NgernKhuen"}\n',
    [`assets/index-${name}.js`]: `import('./home-${name}.js')\n`,
    [`assets/home-${name}.js`]: `export const release = '${name}'\n`,
    ...extraFiles,
  })
  builds.push(build)
  return build.directory
}

const day = 24 * 60 * 60 * 1000
const firstDeploy = new Date('2026-11-02T03:00:00Z')
const later = (days: number) => new Date(firstDeploy.getTime() + days * day)

function read(directory: string, file: string) {
  return readFileSync(path.join(directory, file), 'utf8')
}

describe('a build keeps the files of the builds it replaces', () => {
  it('copies the previous build’s hashed files in and lists both generations', async () => {
    const previous = await release('aaaa', { 'assets/shared-1111.css': 'body{}\n' })
    const next = await release('bbbb', { 'assets/shared-1111.css': 'body{}\n' })

    const result = carryPreviousGenerations({ outputDirectory: next, previousDirectory: previous, now: firstDeploy })

    expect(read(next, 'assets/home-aaaa.js')).toBe("export const release = 'aaaa'\n")
    expect(read(next, 'assets/index-aaaa.js')).toBe("import('./home-aaaa.js')\n")
    expect(read(next, 'assets/home-bbbb.js')).toBe("export const release = 'bbbb'\n")
    expect(result.carriedFiles).toBe(2)
    const [current, carried] = result.manifest.generations
    expect(current?.files).toEqual(['assets/home-bbbb.js', 'assets/index-bbbb.js', 'assets/shared-1111.css'])
    expect(carried?.files).toEqual(['assets/home-aaaa.js', 'assets/index-aaaa.js', 'assets/shared-1111.css'])
    expect(JSON.parse(read(next, generationsManifestName))).toEqual(result.manifest)
  })

  it('writes the previous release’s shell beside the new build, with every generation’s files', async () => {
    const previous = await release('aaaa')
    const next = await release('bbbb')

    const { previousShellDirectory } = carryPreviousGenerations({
      outputDirectory: next,
      previousDirectory: previous,
      now: firstDeploy,
    })

    expect(previousShellDirectory).toBe(`${next}-previous`)
    const shell = previousShellDirectory ?? ''
    expect(read(shell, 'index.html')).toBe(read(previous, 'index.html'))
    expect(read(shell, 'sw.js')).toBe('// precache of aaaa\n')
    expect(read(shell, 'assets/home-aaaa.js')).toBe("export const release = 'aaaa'\n")
    expect(read(shell, 'assets/home-bbbb.js')).toBe("export const release = 'bbbb'\n")
    expect(existsSync(path.join(shell, generationsManifestName))).toBe(false)
  })

  it('keeps a chain of releases, three back, each as long as it was replaced within 14 days', async () => {
    const names = ['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee']
    let previous: string | undefined
    for (const [index, name] of names.entries()) {
      const next = await release(name)
      carryPreviousGenerations({ outputDirectory: next, previousDirectory: previous, now: later(index) })
      previous = next
    }
    const newest = previous ?? ''

    const lazyChunks = readGenerations(newest, later(10)).map((generation) => generation.files[0])
    expect(lazyChunks).toEqual([
      'assets/home-eeee.js',
      'assets/home-dddd.js',
      'assets/home-cccc.js',
      'assets/home-bbbb.js',
    ])
    expect(existsSync(path.join(newest, 'assets/home-bbbb.js'))).toBe(true)
    expect(existsSync(path.join(newest, 'assets/home-aaaa.js'))).toBe(false)
  })

  it('treats the same source built again as the same generation', async () => {
    const previous = await release('aaaa')
    const first = await release('bbbb')
    carryPreviousGenerations({ outputDirectory: first, previousDirectory: previous, now: firstDeploy })
    const again = await release('bbbb')

    const { manifest } = carryPreviousGenerations({ outputDirectory: again, previousDirectory: first, now: later(1) })

    expect(manifest.generations.map((generation) => generation.files[0])).toEqual([
      'assets/home-bbbb.js',
      'assets/home-aaaa.js',
    ])
    expect(existsSync(path.join(again, 'assets/home-aaaa.js'))).toBe(true)
  })

  it('keeps the previous release’s shell when a build is made again in place', async () => {
    const previous = await release('aaaa')
    const built = await release('bbbb')
    carryPreviousGenerations({ outputDirectory: built, previousDirectory: previous, now: firstDeploy })
    // What the build step does in place: the old output is copied aside, then replaced by the new.
    const aside = await release('bbbb')
    await cp(built, aside, { recursive: true })
    await rm(path.join(built, 'assets'), { recursive: true })
    await writeClientFiles(built, {
      'assets/index-bbbb.js': "import('./home-bbbb.js')\n",
      'assets/home-bbbb.js': "export const release = 'bbbb'\n",
    })

    const { previousShellDirectory } = carryPreviousGenerations({
      outputDirectory: built,
      previousDirectory: aside,
      now: later(1),
    })

    expect(read(previousShellDirectory ?? '', 'sw.js')).toBe('// precache of aaaa\n')
    expect(existsSync(path.join(built, 'assets/home-aaaa.js'))).toBe(true)
  })

  it('starts a chain from a build made before manifests existed, and from none', async () => {
    const next = await release('bbbb')
    const { manifest, previousShellDirectory } = carryPreviousGenerations({
      outputDirectory: next,
      previousDirectory: undefined,
      now: firstDeploy,
    })
    expect(manifest.generations).toHaveLength(1)
    expect(previousShellDirectory).toBeUndefined()
    expect(existsSync(`${next}-previous`)).toBe(false)
  })
})

describe('which previous generations are kept', () => {
  const generation = (name: string, builtAt: Date): ClientGeneration => ({
    id: name,
    builtAt: builtAt.toISOString(),
    files: [`assets/${name}.js`],
  })
  const retention = { previousGenerations: 3, replacedWithinDays: 14 }

  it('always keeps the build being replaced, however old', () => {
    const running = generation('running', later(-400))
    expect(keptGenerations([running], firstDeploy, retention)).toEqual([running])
  })

  it('drops a build replaced more than 14 days ago, and every older one', () => {
    const previous = [
      generation('replaced-now', later(-20)),
      generation('replaced-20-days-ago', later(-30)),
      generation('older', later(-40)),
    ]
    expect(keptGenerations(previous, firstDeploy, retention).map((kept) => kept.id)).toEqual(['replaced-now'])
  })

  it('keeps at most three previous builds', () => {
    const previous = [1, 2, 3, 4, 5].map((daysAgo) => generation(`minus-${daysAgo}`, later(-daysAgo)))
    expect(keptGenerations(previous, firstDeploy, retention).map((kept) => kept.id)).toEqual([
      'minus-1',
      'minus-2',
      'minus-3',
    ])
  })
})
