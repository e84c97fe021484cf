/**
 * Serves a built bare-stack reference (scripts/bench/bare-stack) for scripts/bench/first-screen.ts:
 * `tsx scripts/bench/bare-stack-server.ts <client directory> <port>`. It answers files through the
 * real server's own code (file table, cache headers, ETags, compression middleware), so whatever
 * the app's server does to a file, the reference gets the same, and only the app differs. The
 * page shell is the built index.html as it is: how the app's server adapts its shell per page is
 * the app's, not the stack's. A child process of its own, as the app's server is, so neither
 * shares an event loop with Lighthouse.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { compressionMiddleware } from '#server/http/compression'
import { cachedResponse, loadClientFiles, serveClientFile } from '#server/static/client-files'

const [clientDirectory, portText] = process.argv.slice(2)
if (clientDirectory === undefined || portText === undefined) {
  throw new Error('usage: bare-stack-server.ts <client directory> <port>')
}
const indexPath = path.join(clientDirectory, 'index.html')
if (!existsSync(indexPath)) throw new Error(`${clientDirectory} holds no built client (no index.html)`)
const shell = readFileSync(indexPath, 'utf8')
const shellEntityTag = `"${createHash('sha256').update(shell).digest('base64url').slice(0, 27)}"`
const { files } = loadClientFiles(clientDirectory)

const app = new Hono()
app.use(compressionMiddleware())
app.get('*', (c) => {
  const file = files.get(c.req.path)
  if (file !== undefined) return serveClientFile(c, file)
  // Every other path is a page: the shell, as the app's server answers a page load.
  return cachedResponse(c, {
    body: () => Promise.resolve(shell),
    contentType: 'text/html; charset=utf-8',
    cacheControl: 'no-cache',
    entityTag: shellEntityTag,
  })
})

const requestListener = getRequestListener(app.fetch)
const server = createServer((incoming, outgoing) => void requestListener(incoming, outgoing))
server.listen(Number(portText), '127.0.0.1', () => {
  console.log(`bare stack listening on http://127.0.0.1:${portText}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
