import { Agent, createServer, request, type Server } from 'node:http'
import { once } from 'node:events'

/**
 * A small HTTP proxy on 127.0.0.1 that hands each request to the next backend in turn, as a load
 * balancer in front of N server processes does (`npm run bench:catalogue -- --processes N`).
 * Keep-alive to the backends, so the proxy adds a hop, not a connection per request.
 */
export async function startRoundRobinProxy(backendPorts: number[]): Promise<{ port: number; close(): Promise<void> }> {
  if (backendPorts.length === 0) throw new Error('startRoundRobinProxy: no backends')
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  let next = 0
  const server: Server = createServer((incoming, outgoing) => {
    const port = backendPorts[next % backendPorts.length]
    next += 1
    const forwarded = request(
      { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502)
      outgoing.end()
    })
    incoming.pipe(forwarded)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('No TCP address')
  return {
    port: address.port,
    close: async () => {
      server.closeAllConnections()
      server.close()
      agent.destroy()
      await once(server, 'close')
    },
  }
}
