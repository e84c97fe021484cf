/**
 * `npm run build:server`: compiles server/ and domain/ to plain JavaScript, so production runs
 * `node dist/server/main.js` with neither tsx nor any devDependency, and signals reach the server
 * itself. `--out-dir <dir>` builds elsewhere (the production-start test builds its own copy).
 *
 * The output keeps the source layout and gets a package.json of its own whose `imports` map
 * `#server/*` and `#domain/*` to the compiled files: Node resolves `#` imports from the nearest
 * package.json, and bare imports (hono, pg, …) from the node_modules above it.
 */
import { spawnSync } from 'node:child_process'
import { cp, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'

const repositoryRoot = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'dist' } } })
const outDirectory = path.resolve(repositoryRoot, values['out-dir'])

// Stale files of a deleted module must not linger in the build (the client build owns dist/client).
await rm(path.join(outDirectory, 'server'), { recursive: true, force: true })
await rm(path.join(outDirectory, 'domain'), { recursive: true, force: true })

// Emit only: types are `npm run typecheck`'s job (tsconfig.node.json covers the same files), and
// skipping the check halves the build.
const compile = spawnSync(
  path.join(repositoryRoot, 'node_modules/.bin/tsc'),
  ['-p', 'tsconfig.server.json', '--outDir', outDirectory, '--noCheck'],
  { cwd: repositoryRoot, stdio: 'inherit' },
)
if (compile.status !== 0) process.exit(compile.status ?? 1)

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
  `${JSON.stringify(
    {
      private: true,
      type: 'module',
      imports: { '#server/*': './server/*.js', '#domain/*': './domain/*.js' },
    },
    null,
    2,
  )}\n`,
)
console.log(`compiled the server to ${path.relative(repositoryRoot, outDirectory) || '.'}/server`)
