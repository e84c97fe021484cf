import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { sha256Hex, signS3Request, type AwsCredentials } from '#server/proofs/aws-signature'

/**
 * Where proof pictures are kept (docs/decisions/007): a folder under `DATA_DIR` by default, or an
 * S3-compatible bucket (`PROOF_STORAGE=s3`) when several API processes share the work. Keys are
 * ours (`<buyerId>/<proofId>`, hex only), never anything the shopper sent. The catalogue's
 * pictures are kept the same way, with keys of their own (server/pictures/picture-storage.ts).
 */
export interface ProofStorage {
  put(key: string, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<void>
  /** `undefined` when nothing is stored under `key`. */
  get(key: string): Promise<Uint8Array<ArrayBuffer> | undefined>
  /** Removing what is not there is not an error. */
  delete(key: string): Promise<void>
  /** Every stored picture, in no particular order (for the sweep of unreferenced ones). */
  list(): AsyncIterable<StoredObject>
}

export type StoredObject = { key: string; modifiedAt: Date }

export type ProofStorageSettings =
  { kind: 'filesystem'; directory: string } | ({ kind: 's3'; endpoint: string; bucket: string } & AwsCredentials)

/**
 * The keys a storage accepts: exactly two path segments, made by the server from validated
 * values. `prefix` is put before each key in a bucket, so another kind of object can share it.
 */
export type StorageKeys = { pattern: RegExp; prefix?: string; name: string }

const proofKeys: StorageKeys = { pattern: /^[0-9a-f]{24}\/[0-9a-f]{24}$/, name: 'proof' }

export function createProofStorage(settings: ProofStorageSettings): ProofStorage {
  return settings.kind === 'filesystem' ? createFilesystemStorage(settings.directory) : createS3Storage(settings)
}

function keyChecker(keys: StorageKeys): (key: string) => string {
  return (key) => {
    // Keys are made by the server from validated ids; anything else is a bug, never a path to follow.
    if (!keys.pattern.test(key)) throw new Error(`Not a ${keys.name} storage key: ${key}`)
    return key
  }
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}

export function createFilesystemStorage(directory: string, keys: StorageKeys = proofKeys): ProofStorage {
  const checkKey = keyChecker(keys)
  const fileOf = (key: string) => path.join(directory, checkKey(key))
  return {
    async put(key, bytes) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Written beside and renamed into place: a crash mid-write never leaves half a picture
      // under the real name.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
      await writeFile(temporary, bytes)
      await rename(temporary, file)
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)))
      } catch (error) {
        if (isMissingFile(error)) return undefined
        throw error
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
    async *list() {
      const buyerFolders = await readdir(directory).catch((error: unknown) => {
        if (isMissingFile(error)) return []
        throw error
      })
      for (const buyerFolder of buyerFolders) {
        const names = await readdir(path.join(directory, buyerFolder)).catch(() => [])
        for (const name of names) {
          const key = `${buyerFolder}/${name}`
          // Only our keys: a `.tmp` file is a write in progress (or one a crash cut short).
          if (!keys.pattern.test(key)) continue
          yield { key, modifiedAt: (await stat(fileOf(key))).mtime }
        }
      }
    },
  }
}

const s3TimeoutMilliseconds = 20_000

export function createS3Storage(
  settings: Extract<ProofStorageSettings, { kind: 's3' }>,
  keys: StorageKeys = proofKeys,
): ProofStorage {
  const checkKey = keyChecker(keys)
  const prefix = keys.prefix ?? ''
  const base = settings.endpoint.replace(/\/+$/, '')
  async function send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string | undefined,
    body?: Uint8Array<ArrayBuffer>,
    contentType?: string,
    query: Record<string, string> = {},
  ) {
    // No key: the bucket itself (a listing).
    const url = new URL(
      `${base}/${encodeURIComponent(settings.bucket)}${key === undefined ? '' : `/${prefix}${checkKey(key)}`}`,
    )
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    const headers = signS3Request({
      method,
      url,
      headers: contentType === undefined ? {} : { 'content-type': contentType },
      payloadHash: sha256Hex(body ?? ''),
      credentials: settings,
      now: new Date(),
    })
    // `host` is set by fetch itself from the URL (the same value that was signed).
    const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'host'))
    // The upload holds the transaction's row lock and a database connection while it waits: a
    // stalled bucket must fail the request (the phone sends it again) instead of piling them up.
    return fetch(url, {
      method,
      headers: sent,
      signal: AbortSignal.timeout(s3TimeoutMilliseconds),
      ...(body === undefined ? {} : { body }),
    })
  }
  return {
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, contentType)
      if (!response.ok) throw new Error(`S3 PUT ${key} answered ${response.status}: ${await response.text()}`)
    },
    async get(key) {
      const response = await send('GET', key)
      if (response.status === 404) return undefined
      if (!response.ok) throw new Error(`S3 GET ${key} answered ${response.status}: ${await response.text()}`)
      return new Uint8Array(await response.arrayBuffer())
    },
    async delete(key) {
      const response = await send('DELETE', key)
      if (!response.ok && response.status !== 404) {
        throw new Error(`S3 DELETE ${key} answered ${response.status}: ${await response.text()}`)
      }
    },
    async *list() {
      // ListObjectsV2, a page of up to 1,000 at a time.
      let continuationToken: string | undefined
      do {
        const query: Record<string, string> = { 'list-type': '2', ...(prefix === '' ? {} : { prefix }) }
        if (continuationToken !== undefined) query['continuation-token'] = continuationToken
        const response = await send('GET', undefined, undefined, undefined, query)
        const text = await response.text()
        if (!response.ok) throw new Error(`S3 list ${settings.bucket} answered ${response.status}: ${text}`)
        for (const [, contents = ''] of text.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const name = xmlText(contents, 'Key')
          const key = name?.startsWith(prefix) ? name.slice(prefix.length) : undefined
          const modified = xmlText(contents, 'LastModified')
          if (key !== undefined && modified !== undefined && keys.pattern.test(key)) {
            yield { key, modifiedAt: new Date(modified) }
          }
        }
        continuationToken = xmlText(text, 'IsTruncated') === 'true' ? xmlText(text, 'NextContinuationToken') : undefined
      } while (continuationToken !== undefined)
    },
  }
}

/** The text of the first `<name>` element, unescaped; enough for S3's flat listing answers. */
function xmlText(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)
  return match?.[1]
    ?.replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&')
}
