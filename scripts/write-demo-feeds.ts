import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { defaultDemoSeed, demoCatalogueSize, generateDemoCatalogue } from '#server/seed/demo-catalogue'
import { demoFeedFiles } from '#server/seed/demo-feeds/demo-feed-files'
import { demoFeedDirectory } from '#server/seed/seed-demo-catalogue'

/**
 * `npm run demo:feeds`: writes the demo networks' files from the demo generator into
 * server/seed/demo-feeds/files (committed; a test fails when they differ from the generator).
 */
const files = demoFeedFiles(generateDemoCatalogue(demoCatalogueSize, defaultDemoSeed))
await rm(demoFeedDirectory, { recursive: true, force: true })
for (const [relativePath, content] of files) {
  const file = path.join(demoFeedDirectory, relativePath)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, content)
}
process.stdout.write(`wrote ${files.size} files to ${path.relative(process.cwd(), demoFeedDirectory)}\n`)
