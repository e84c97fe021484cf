import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { findFreePort } from '#server/test/child-processes'

/**
 * A throwaway PostgreSQL 15 cluster for benchmarks: a temporary directory, a free port on
 * 127.0.0.1, no Unix socket, trust authentication, a UTF-8 locale (Thai trigrams need it, see
 * docs/decisions/004). As root the binaries run as the `postgres` user (`runuser`), as `.ci/run`
 * does. `stop` stops the server and deletes the directory; it is safe to call more than once.
 */
export type PostgresCluster = { databaseUrl: string; stop: () => Promise<void> }

const binaries = process.env['BENCH_PG_BIN']?.trim() || '/usr/lib/postgresql/15/bin'

async function run(command: string, argumentList: string[]): Promise<void> {
  const asRoot = process.getuid?.() === 0
  const child = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', command, ...argumentList], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(command, argumentList, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (exitCode !== 0) throw new Error(`${path.basename(command)} failed (${String(exitCode)}):\n${output}`)
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const directory = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-bench-pg-'))
  const dataDirectory = path.join(directory, 'data')
  let started = false
  const stop = async () => {
    if (started) {
      started = false
      await run(path.join(binaries, 'pg_ctl'), ['-D', dataDirectory, '-m', 'fast', '-w', 'stop']).catch(
        (error: unknown) => process.stderr.write(`Stopping PostgreSQL: ${String(error)}\n`),
      )
    }
    await rm(directory, { recursive: true, force: true })
  }
  try {
    if (process.getuid?.() === 0) {
      const { uid, gid } = await postgresUser()
      await chown(directory, uid, gid)
    }
    await run(path.join(binaries, 'initdb'), [
      '-D',
      dataDirectory,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ])
    const port = await findFreePort()
    started = true
    await run(path.join(binaries, 'pg_ctl'), [
      '-D',
      dataDirectory,
      '-l',
      path.join(directory, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=50`,
      'start',
    ])
    return { databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const child = spawn('id', ['postgres'], { stdio: ['ignore', 'pipe', 'ignore'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  await once(child, 'exit')
  const uid = /uid=(\d+)/.exec(output)?.[1]
  const gid = /gid=(\d+)/.exec(output)?.[1]
  if (uid === undefined || gid === undefined) {
    throw new Error('No postgres user: create it (`useradd --system --no-create-home postgres`)')
  }
  return { uid: Number(uid), gid: Number(gid) }
}
