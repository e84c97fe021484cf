import { createHash, createHmac } from 'node:crypto'

/**
 * AWS Signature Version 4 for S3-compatible storage (AWS S3, Cloudflare R2, MinIO, DigitalOcean
 * Spaces…), so proofs can live in a bucket without pulling in the AWS SDK for three calls.
 * Follows "Signature Version 4 signing process" of the AWS docs; tested against its S3 example.
 */

export type AwsCredentials = { accessKeyId: string; secretAccessKey: string; region: string }

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex')
}

function hmac(key: Uint8Array | string, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest()
}

/** RFC 3986 encoding of each path segment, as S3 canonical URIs want it. */
function canonicalPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(
        /[!'()*]/g,
        (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/')
}

function amzDateOf(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/**
 * The headers to send: `headers` plus `host`, `x-amz-date`, `x-amz-content-sha256` and
 * `authorization`. Every given header is signed.
 */
export function signS3Request(options: {
  method: string
  url: URL
  headers?: Record<string, string>
  payloadHash: string
  credentials: AwsCredentials
  now: Date
}): Record<string, string> {
  const amzDate = amzDateOf(options.now)
  const dateStamp = amzDate.slice(0, 8)
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
    host: options.url.host,
    'x-amz-content-sha256': options.payloadHash,
    'x-amz-date': amzDate,
  }
  const signedNames = Object.keys(headers).sort()
  const canonicalHeaders = signedNames.map((name) => `${name}:${(headers[name] ?? '').trim()}\n`).join('')
  const signedHeaders = signedNames.join(';')
  const canonicalQuery = [...options.url.searchParams.entries()]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .join('&')
  const canonicalRequest = [
    options.method.toUpperCase(),
    canonicalPath(options.url.pathname),
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    options.payloadHash,
  ].join('\n')
  const scope = `${dateStamp}/${options.credentials.region}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${options.credentials.secretAccessKey}`, dateStamp), options.credentials.region), 's3'),
    'aws4_request',
  )
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex')
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${options.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  }
}
