import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** The shape of a `vite build` output, small enough to assert on. */
export const fixtureIndexHtml =
  '<!doctype html>\n<html lang="th">\n<head><meta charset="utf-8"><title>NgernKhuen</title></head>\n' +
  '<body><div id="root"></div><script type="module" src="/assets/index-3f9a1c2b.js"></script></body>\n</html>\n'

/** Larger than the compression threshold, so compression can be observed. */
export const fixtureScript = `console.log(${JSON.stringify('เงินคืน '.repeat(400))})\n`

export type ClientFixture = { directory: string; dispose(): Promise<void> }

export async function createClientFixture(): Promise<ClientFixture> {
  return createClientBuild({
    'index.html': fixtureIndexHtml,
    'assets/index-3f9a1c2b.js': fixtureScript,
    'assets/index-77d0e1aa.css': 'body{margin:0}\n',
    'sw.js': "self.addEventListener('fetch', () => {})\n",
    'registerSW.js': "navigator.serviceWorker.register('/sw.js')\n",
    'manifest.webmanifest': '{"name":"NgernKhuen"}\n',
    'icons/icon-192.png': 'not really a png',
  })
}

/** A client build of the given files (path → content) in a folder of its own. */
export async function createClientBuild(files: Record<string, string>): Promise<ClientFixture> {
  const directory = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-client-'))
  await writeClientFiles(directory, files)
  // The build step writes `<client>-previous` beside it.
  const dispose = async () => {
    await rm(directory, { recursive: true, force: true })
    await rm(`${directory}-previous`, { recursive: true, force: true })
  }
  return { directory, dispose }
}

export async function writeClientFiles(directory: string, files: Record<string, string>): Promise<void> {
  for (const [relativePath, content] of Object.entries(files)) {
    const filePath = path.join(directory, relativePath)
    await mkdir(path.dirname(filePath), { recursive: true })
    await writeFile(filePath, content)
  }
}
