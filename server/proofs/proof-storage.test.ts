import { createServer, type IncomingMessage } from 'node:http'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex, signS3Request } from './aws-signature.ts'
import { createPictureStorage } from '../pictures/picture-storage.ts'
import { createFilesystemStorage, createS3Storage, type ProofStorage, type StoredObject } from './proof-storage.ts'

const key = `${'a'.repeat(24)}/${'b'.repeat(24)}`
const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3, 0xff, 0xd9])

const otherKey = `${'d'.repeat(24)}/${'e'.repeat(24)}`

async function listAll(storage: ProofStorage): Promise<StoredObject[]> {
  const listed: StoredObject[] = []
  for await (const stored of storage.list()) listed.push(stored)
  return listed
}

async function exercise(storage: ProofStorage) {
  expect(await storage.get(key)).toBeUndefined()
  await storage.put(key, bytes, 'image/jpeg')
  expect(await storage.get(key)).toEqual(bytes)
  await storage.delete(key)
  expect(await storage.get(key)).toBeUndefined()
  await storage.delete(key)
}

describe('filesystem proof storage', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'proof-storage-'))
  afterAll(() => rmSync(directory, { recursive: true, force: true }))

  it('stores, reads and deletes by key, leaving no temporary files', async () => {
    const storage = createFilesystemStorage(directory)
    await exercise(storage)
    await storage.put(key, bytes, 'image/jpeg')
    expect(readdirSync(path.join(directory, 'a'.repeat(24)))).toEqual(['b'.repeat(24)])
  })

  it('lists the stored pictures, not writes in progress', async () => {
    const listed = createFilesystemStorage(mkdtempSync(path.join(tmpdir(), 'proof-storage-list-')))
    expect(await listAll(listed)).toEqual([])
    await listed.put(key, bytes, 'image/jpeg')
    await listed.put(otherKey, bytes, 'image/jpeg')
    const storage = createFilesystemStorage(directory)
    await storage.put(key, bytes, 'image/jpeg')
    writeFileSync(path.join(directory, 'a'.repeat(24), `${'c'.repeat(24)}.0123456789ab.tmp`), bytes)
    expect((await listAll(storage)).map((stored) => stored.key)).toEqual([key])
    expect((await listAll(listed)).map((stored) => stored.key).sort()).toEqual([key, otherKey].sort())
    const [first] = await listAll(listed)
    expect(Math.abs((first?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000)
  })

  it('refuses a key that is not ours (no path tricks)', async () => {
    const storage = createFilesystemStorage(directory)
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/Not a proof storage key/)
  })
})

describe('S3-compatible proof storage', () => {
  const credentials = { accessKeyId: 'test-access', secretAccessKey: 'test-secret', region: 'ap-southeast-1' }
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>()
  const refusals: string[] = []
  let endpoint = ''

  async function readBody(request: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  // A stand-in bucket that checks each request's signature the way S3 does: recomputed from
  // the method, path, signed headers and the body's digest.
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      const url = new URL(request.url ?? '/', endpoint)
      const amzDate = String(request.headers['x-amz-date'])
      const now = new Date(
        `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
      )
      const contentType = request.headers['content-type']
      const expected = signS3Request({
        method: request.method ?? 'GET',
        url,
        headers: contentType === undefined ? {} : { 'content-type': contentType },
        payloadHash: sha256Hex(body),
        credentials,
        now,
      })
      if (request.headers.authorization !== expected.authorization) {
        refusals.push(url.pathname)
        response.writeHead(403).end('SignatureDoesNotMatch')
        return
      }
      const name = url.pathname
      if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
        // ListObjectsV2 of the bucket, two keys a page, as S3 pages (at 1,000).
        const all = [...objects.keys()].filter((objectPath) => objectPath.startsWith(`${name}/`)).sort()
        const start = Number(url.searchParams.get('continuation-token') ?? '0')
        const page = all.slice(start, start + 2)
        const isTruncated = start + 2 < all.length
        const contents = page
          .map(
            (objectPath) =>
              `<Contents><Key>${objectPath.slice(name.length + 1)}</Key>` +
              `<LastModified>2026-11-20T01:02:03.000Z</LastModified><Size>8</Size></Contents>`,
          )
          .join('')
        response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>proofs</Name>${contents}` +
              `<IsTruncated>${isTruncated}</IsTruncated>` +
              (isTruncated ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : '') +
              '</ListBucketResult>',
          )
        return
      }
      if (request.method === 'PUT') {
        objects.set(name, { body, contentType })
        response.writeHead(200).end()
      } else if (request.method === 'GET') {
        const object = objects.get(name)
        if (object === undefined) response.writeHead(404).end('NoSuchKey')
        else response.writeHead(200, { 'content-type': object.contentType ?? '' }).end(object.body)
      } else {
        objects.delete(name)
        response.writeHead(204).end()
      }
    })()
  })

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('stores, reads and deletes through signed path-style requests', async () => {
    const storage = createS3Storage({ kind: 's3', endpoint, bucket: 'proofs', ...credentials })
    await exercise(storage)
    await storage.put(key, bytes, 'image/jpeg')
    expect(objects.get(`/proofs/${key}`)).toMatchObject({ contentType: 'image/jpeg' })
    expect(refusals).toEqual([])
  })

  it('lists the bucket page by page through signed requests', async () => {
    const storage = createS3Storage({ kind: 's3', endpoint, bucket: 'proofs', ...credentials })
    const keys = [key, otherKey, `${'f'.repeat(24)}/${'0'.repeat(24)}`]
    for (const each of keys) await storage.put(each, bytes, 'image/jpeg')
    const listed = await listAll(storage)
    expect(listed.map((stored) => stored.key).sort()).toEqual([...keys].sort())
    expect(listed[0]?.modifiedAt.toISOString()).toBe('2026-11-20T01:02:03.000Z')
    expect(refusals).toEqual([])
  })

  it("keeps the catalogue's pictures under pictures/ in the same bucket, apart from the proofs", async () => {
    const settings = { kind: 's3', endpoint, bucket: 'proofs', ...credentials } as const
    const pictures = createPictureStorage(settings)
    const pictureKey = `${'c'.repeat(32)}/640.webp`
    await pictures.put(pictureKey, bytes, 'image/webp')
    expect(objects.get(`/proofs/pictures/${pictureKey}`)).toMatchObject({ contentType: 'image/webp' })
    expect(await pictures.get(pictureKey)).toEqual(bytes)
    expect((await listAll(pictures)).map((stored) => stored.key)).toEqual([pictureKey])
    // The proofs' listing (the sweep of unreferenced proofs) never sees a picture.
    const proofKeys = (await listAll(createS3Storage(settings))).map((stored) => stored.key)
    expect(proofKeys.some((listed) => listed.includes(pictureKey))).toBe(false)
    await expect(pictures.put(key, bytes, 'image/jpeg')).rejects.toThrow(/Not a picture storage key/)
    await pictures.delete(pictureKey)
    expect(refusals).toEqual([])
  })

  it('fails loudly when the bucket refuses (wrong secret)', async () => {
    const storage = createS3Storage({ kind: 's3', endpoint, bucket: 'proofs', ...credentials, secretAccessKey: 'x' })
    await expect(storage.put(key, bytes, 'image/jpeg')).rejects.toThrow(/answered 403/)
  })
})
