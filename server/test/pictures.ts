import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import type { FetchPolicy } from '#server/pictures/fetch-picture'
import { maxPictureBytes } from '#server/pictures/fetch-picture'
import { isPublicAddress } from '#server/pictures/public-address'

/**
 * Test-only: the picture worker may fetch from the test's own server on 127.0.0.1 over plain
 * http. Production's policy (`publicInternetPolicy`) refuses both; nothing outside the tests
 * builds this one, and no setting of the server can.
 */
export const localTestFetchPolicy: FetchPolicy = {
  allowsPlainHttp: true,
  isAllowedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
}

export type PictureServer = {
  /** `http://127.0.0.1:<port>` */
  origin: string
  port: number
  /** Requests per path and query, to prove a picture was fetched once. */
  hits: Map<string, number>
  close(): Promise<void>
}

/** A product photo: 800×600, a gradient and a shape, as a JPEG. */
export async function productPhotoJpeg(width = 800, height = 600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#fbefd2"/><stop offset="1" stop-color="#2f6fd6"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="30%" fill="#e03a3e"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()
}

/** A logo: 300×100 with transparent corners, as a PNG. */
export async function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100">
    <rect x="10" y="10" width="280" height="80" rx="30" fill="#27395f"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

type Route = { status?: number; contentType?: string; headers?: Record<string, string>; body?: Buffer | string }

/**
 * Serves pictures (and things that are not) on 127.0.0.1 like a merchant's server would:
 * `/photo.jpg`, `/other.jpg`, `/logo.png`, `/not-a-picture.jpg` (HTML labelled image/jpeg),
 * `/page.html`, `/huge.jpg` (more than the size cap, without a declared length), `/missing.jpg`
 * (404), `/busy.jpg` (503), `/redirect.jpg` (to `/other.jpg`), `/to-metadata.jpg` (to the cloud
 * metadata address), `/redirect-loop.jpg`.
 */
export async function startPictureServer(): Promise<PictureServer> {
  const photo = await productPhotoJpeg()
  const other = await productPhotoJpeg(1200, 1200)
  const logo = await logoPng()
  const routes: Record<string, Route> = {
    '/photo.jpg': { contentType: 'image/jpeg', body: photo },
    '/other.jpg': { contentType: 'image/jpeg', body: other },
    '/logo.png': { contentType: 'image/png', body: logo },
    '/not-a-picture.jpg': { contentType: 'image/jpeg', body: '<html><body>Sale!</body></html>' },
    '/page.html': { contentType: 'text/html', body: '<html></html>' },
    '/missing.jpg': { status: 404, contentType: 'text/plain', body: 'not found' },
    '/busy.jpg': { status: 503, contentType: 'text/plain', body: 'busy' },
    '/redirect.jpg': { status: 302, headers: { location: '/other.jpg' } },
    '/to-metadata.jpg': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
    '/redirect-loop.jpg': { status: 302, headers: { location: '/redirect-loop.jpg' } },
  }
  const hits = new Map<string, number>()
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    hits.set(path + url.search, (hits.get(path + url.search) ?? 0) + 1)
    if (path === '/huge.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' })
      const chunk = Buffer.alloc(1024 * 1024, 0xff)
      let sent = 0
      const writeMore = () => {
        while (sent <= maxPictureBytes) {
          sent += chunk.length
          if (!response.write(chunk)) {
            response.once('drain', writeMore)
            return
          }
        }
        response.end()
      }
      response.on('error', () => undefined)
      writeMore()
      return
    }
    const route = routes[path] ?? { status: 404, contentType: 'text/plain', body: 'not found' }
    response.writeHead(route.status ?? 200, {
      ...(route.contentType === undefined ? {} : { 'content-type': route.contentType }),
      ...route.headers,
    })
    response.end(route.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
