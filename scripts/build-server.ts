/**
 * `npm run build:server`: compiles server/ and domain/ to plain JavaScript, so production runs
 * `node dist/server/main.js` with neither tsx nor any devDependency, and signals reach the server
 * itself. `--out-dir <dir>` builds elsewhere (the production-start test builds its own copy).
 *
 * Rolldown compiles module by module (`preserveModules`): the output keeps the source layout, so
 * files read next to a module (migrations, the demo feeds) are found as in the sources, and a
 * stack trace names the same file. `#server/*` and `#domain/*` become relative imports; bare
 * imports (hono, pg, …) stay imports of the node_modules above `dist`, except drizzle-orm's.
 *
 * drizzle-orm is compiled in (under `dist/vendor`) because of how Node 24 loads it: for every one
 * of its ~300 modules Node parses the package's 179 KB package.json (its exports map) again, about
 * 160 MB of garbage at every start of every process. That lifted a 100,000-product import to
 * 372 MB against issue 19's 300 MB budget; compiled in, the CLI starts in 86 MB instead of 386 MB.
 */
import { cp, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'rolldown'

const repositoryRoot = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'dist' } } })
const outDirectory = path.resolve(repositoryRoot, values['out-dir'])

const compiledInPackages = ['drizzle-orm']
const isCompiledIn = (id: string) =>
  /^[.#/]/.test(id) || compiledInPackages.some((name) => id === name || id.startsWith(`${name}/`))

// Stale files of a deleted module must not linger in the build (the client build owns dist/client).
for (const folder of ['server', 'domain', 'vendor', '_virtual']) {
  await rm(path.join(outDirectory, folder), { recursive: true, force: true })
}

// Emit only: types are `npm run typecheck`'s job (tsconfig.server.json covers the same files).
await build({
  cwd: repositoryRoot,
  input: {
    'server/main': 'server/main.ts',
    'server/ops': 'server/ops.ts',
    // Started as a worker thread by path (feed-imports.ts), so no import reaches it.
    'server/catalogue/feeds/feed-import-worker': 'server/catalogue/feeds/feed-import-worker.ts',
  },
  platform: 'node',
  tsconfig: 'tsconfig.server.json',
  external: (id) => !isCompiledIn(id),
  logLevel: 'warn',
  output: {
    dir: outDirectory,
    format: 'esm',
    sourcemap: true,
    preserveModules: true,
    preserveModulesRoot: repositoryRoot,
    // A folder named node_modules inside dist would be searched by every bare import below it.
    entryFileNames: (chunk) => `${chunk.name.replace(/^node_modules\//, 'vendor/')}.js`,
  },
})

// SQL migrations are read at run time next to the compiled database module, and a demo start
// imports the demo networks' files next to the compiled seed.
await cp(path.join(repositoryRoot, 'server/db/migrations'), path.join(outDirectory, 'server/db/migrations'), {
  recursive: true,
})
await cp(
  path.join(repositoryRoot, 'server/seed/demo-feeds/files'),
  path.join(outDirectory, 'server/seed/demo-feeds/files'),
  { recursive: true },
)
await mkdir(outDirectory, { recursive: true })
await writeFile(
  path.join(outDirectory, 'package.json'),
  `${JSON.stringify({ private: true, type: 'module' }, null, 2)}\n`,
)
console.log(`compiled the server to ${path.relative(repositoryRoot, outDirectory) || '.'}/server`)
