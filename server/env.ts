import path from 'node:path'
import * as v from 'valibot'
import { postbackNetworkSchema } from '#domain/contracts/postback'
import { demoAuthSecret } from '#server/auth/auth-secret'
import type { PushSettings } from '#server/notifications/push-settings'
import type { PictureStorageSettings } from '#server/pictures/picture-storage'
import type { ProofStorageSettings } from '#server/proofs/proof-storage'
import {
  demoNetworkName,
  demoPostbackSecret,
  postbackSecretMinimumLength,
  type PostbackSecrets,
} from '#server/postbacks/postback-secrets'

/**
 * The only place that reads `process.env`. Everything else receives the parsed, typed values,
 * so a misconfigured deployment fails at start with one readable message instead of at the
 * first request that happens to touch the bad variable.
 */

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

const appModes = ['demo', 'production'] as const
export type AppMode = (typeof appModes)[number]

const enabledWords = ['1', 'true', 'on', 'yes']
const disabledWords = ['0', 'false', 'off', 'no']

const booleanFlagSchema = v.pipe(
  v.optional(v.string(), 'off'),
  v.toLowerCase(),
  v.picklist([...enabledWords, ...disabledWords], 'Expected one of on/off, true/false, 1/0, yes/no'),
  v.transform((value) => enabledWords.includes(value)),
)

const portSchema = v.pipe(
  v.optional(v.string(), '3000'),
  v.digits('Expected a port number'),
  v.transform(Number),
  // 0 lets the operating system pick a free port, which tests and one-off runs use.
  v.maxValue(65_535, 'Expected a port number up to 65535'),
)

const databaseUrlSchema = v.optional(
  v.pipe(
    v.string(),
    v.url('Expected a URL such as postgres://user:password@host:5432/database'),
    v.check(
      (value) => value.startsWith('postgres://') || value.startsWith('postgresql://'),
      'Expected a postgres:// or postgresql:// URL',
    ),
  ),
)

/**
 * Connections each process's pool may open. Every process opens up to this many plus one for the
 * event channel's LISTEN, so processes × (pool + 1) must stay under the server's
 * `max_connections` (docs/scaling.md).
 */
const databasePoolMaxSchema = v.pipe(
  v.optional(v.string(), '10'),
  v.digits('Expected a number of connections, e.g. 10'),
  v.transform(Number),
  v.minValue(1, 'Expected at least 1 connection'),
  v.maxValue(1000, 'Expected at most 1000 connections'),
)

/**
 * The pre-stop window (server/http/graceful-shutdown.ts): after SIGTERM, seconds during which
 * `/api/health` answers 503 while requests are still served, so a load balancer stops sending
 * before the port closes. Unset: 5 with DATABASE_URL (several processes behind a balancer), 0 on
 * the embedded database (one process by construction: nobody to send the traffic to instead).
 */
const shutdownPreStopSecondsSchema = v.optional(
  v.pipe(
    v.string(),
    v.digits('Expected a number of seconds, e.g. 5'),
    v.transform(Number),
    v.maxValue(300, 'Expected at most 300 seconds'),
  ),
)

/**
 * The usual pre-stop pause under an orchestrator that also removes the process from its balancer
 * on its own (Kubernetes' endpoints take a few seconds to reach every proxy). A balancer that only
 * learns from its probes needs interval × unhealthy threshold: set the variable to that.
 */
const defaultShutdownPreStopSeconds = 5

const directorySchema = (defaultValue: string) =>
  v.pipe(
    v.optional(v.string(), defaultValue),
    // Resolved once so a later `process.chdir` cannot move the data under our feet.
    v.transform((value) => path.resolve(value)),
  )

const proofStorageKinds = ['filesystem', 's3'] as const

const s3EndpointSchema = v.optional(
  v.pipe(
    v.string(),
    v.url('Expected the bucket service URL, e.g. https://s3.ap-southeast-1.amazonaws.com'),
    v.check((value) => /^https?:\/\//.test(value), 'Expected an http:// or https:// URL'),
  ),
)

/**
 * Proof pictures: in an S3-compatible bucket, in `PROOF_DIR`, or (embedded database only, one
 * process) under `DATA_DIR/proofs`.
 */
function toProofStorageSettings(input: {
  DATA_DIR: string
  PROOF_DIR?: string
  PROOF_STORAGE?: (typeof proofStorageKinds)[number]
  S3_ENDPOINT?: string
  S3_BUCKET?: string
  S3_REGION: string
  S3_ACCESS_KEY_ID?: string
  S3_SECRET_ACCESS_KEY?: string
}): ProofStorageSettings {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = input
  if (
    input.PROOF_STORAGE === 's3' &&
    S3_ENDPOINT !== undefined &&
    S3_BUCKET !== undefined &&
    S3_ACCESS_KEY_ID !== undefined &&
    S3_SECRET_ACCESS_KEY !== undefined
  ) {
    return {
      kind: 's3',
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      region: input.S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
    }
  }
  return { kind: 'filesystem', directory: input.PROOF_DIR ?? path.join(input.DATA_DIR, 'proofs') }
}

/**
 * The catalogue's pictures (server/pictures): like proofs, in an S3-compatible bucket (the same
 * `S3_*` settings, under `pictures/`), in `PICTURE_DIR`, or (embedded database only, one process)
 * under `DATA_DIR/pictures`. Every process serves every picture, whichever process made it.
 */
function toPictureStorageSettings(input: {
  DATA_DIR: string
  PICTURE_DIR?: string
  PICTURE_STORAGE?: (typeof proofStorageKinds)[number]
  S3_ENDPOINT?: string
  S3_BUCKET?: string
  S3_REGION: string
  S3_ACCESS_KEY_ID?: string
  S3_SECRET_ACCESS_KEY?: string
}): PictureStorageSettings {
  return toProofStorageSettings({
    ...input,
    PROOF_STORAGE: input.PICTURE_STORAGE,
    PROOF_DIR: input.PICTURE_DIR ?? path.join(input.DATA_DIR, 'pictures'),
  })
}

const authSecretMinimumLength = 32

/** VAPID keys as `npx web-push generate-vapid-keys` prints them (base64url, RFC 8292). */
const vapidPublicKeySchema = v.optional(
  v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{87}$/, 'Expected the 65-byte public key in base64url (87 characters)')),
)
const vapidPrivateKeySchema = v.optional(
  v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'Expected the 32-byte private key in base64url (43 characters)')),
)
const vapidSubjectSchema = v.optional(
  v.pipe(
    v.string(),
    v.check(
      (value) => /^mailto:[^@\s]+@[^@\s]+$/.test(value) || /^https:\/\/[^\s]+$/.test(value),
      'Expected a mailto: address or an https: URL where push services can reach us',
    ),
  ),
)

/**
 * How many reverse proxies in front of the server append to `X-Forwarded-For`. 0 (the default)
 * ignores the header, since any client can send one: per-address limits then use the socket's
 * peer (server/http/client-address.ts).
 */
const trustedProxyHopsSchema = v.pipe(
  v.optional(v.string(), '0'),
  v.digits('Expected the number of proxies in front of the server, e.g. 1'),
  v.transform(Number),
  v.maxValue(10, 'Expected at most 10 proxies'),
)

const smtpUrlSchema = v.optional(
  v.pipe(
    v.string(),
    v.url('Expected a URL such as smtps://user:password@smtp.example.com:465'),
    v.check(
      (value) => value.startsWith('smtp://') || value.startsWith('smtps://'),
      'Expected an smtp:// or smtps:// URL',
    ),
  ),
)

/**
 * `POSTBACK_SECRETS=involve-asia=<secret>,accesstrade=<secret>`: one shared secret per affiliate
 * network. Messages never repeat a secret, since they end up in deployment logs.
 */
const postbackSecretsSchema = v.pipe(
  v.optional(v.string(), ''),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const secrets = new Map<string, string>()
    for (const pair of dataset.value.split(',')) {
      if (pair.trim() === '') continue
      const separator = pair.indexOf('=')
      const network = pair.slice(0, Math.max(separator, 0)).trim()
      const secret = pair.slice(separator + 1).trim()
      if (separator < 0 || !v.is(postbackNetworkSchema, network)) {
        addIssue({
          message:
            'Expected network=secret pairs separated by commas, network names in lowercase letters, digits and dashes',
        })
        return NEVER
      }
      if (secret.length < postbackSecretMinimumLength) {
        addIssue({
          message: `The secret of network ${network} needs at least ${postbackSecretMinimumLength} characters`,
        })
        return NEVER
      }
      if (secrets.has(network)) {
        addIssue({ message: `Network ${network} is listed twice` })
        return NEVER
      }
      secrets.set(network, secret)
    }
    return secrets
  }),
)

/** Demo mode always has the `demo` network, which the demo storefront posts back as. */
function withDemoNetwork(appMode: AppMode, secrets: ReadonlyMap<string, string>): PostbackSecrets {
  if (appMode !== 'demo' || secrets.has(demoNetworkName)) return secrets
  return new Map([...secrets, [demoNetworkName, demoPostbackSecret]])
}

const environmentSchema = v.pipe(
  // Two pipes: one takes at most 20 actions.
  v.pipe(
    v.object({
      PORT: portSchema,
      HOST: v.optional(v.string(), '0.0.0.0'),
      DATA_DIR: directorySchema('.data'),
      DATABASE_URL: databaseUrlSchema,
      DATABASE_DIRECT_URL: databaseUrlSchema,
      DATABASE_POOL_MAX: databasePoolMaxSchema,
      APP_MODE: v.optional(v.picklist(appModes, `Expected one of ${appModes.join(', ')}`), 'demo'),
      MAINTENANCE: booleanFlagSchema,
      LOG_LEVEL: v.optional(v.picklist(logLevels, `Expected one of ${logLevels.join(', ')}`), 'info'),
      CLIENT_DIR: directorySchema('dist/client'),
      AUTH_SECRET: v.optional(
        v.pipe(
          v.string(),
          v.minLength(authSecretMinimumLength, `Expected at least ${authSecretMinimumLength} characters`),
        ),
      ),
      SMTP_URL: smtpUrlSchema,
      MAIL_FROM: v.optional(v.string()),
      TRUSTED_PROXY_HOPS: trustedProxyHopsSchema,
      SHUTDOWN_PRE_STOP_SECONDS: shutdownPreStopSecondsSchema,
      POSTBACK_SECRETS: postbackSecretsSchema,
      PROOF_STORAGE: v.optional(v.picklist(proofStorageKinds, `Expected one of ${proofStorageKinds.join(', ')}`)),
      PROOF_DIR: v.optional(
        v.pipe(
          v.string(),
          v.transform((value) => path.resolve(value)),
        ),
      ),
      PICTURE_STORAGE: v.optional(v.picklist(proofStorageKinds, `Expected one of ${proofStorageKinds.join(', ')}`)),
      PICTURE_DIR: v.optional(
        v.pipe(
          v.string(),
          v.transform((value) => path.resolve(value)),
        ),
      ),
      S3_ENDPOINT: s3EndpointSchema,
      S3_BUCKET: v.optional(
        v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'Expected a bucket name')),
      ),
      S3_REGION: v.optional(v.string(), 'us-east-1'),
      S3_ACCESS_KEY_ID: v.optional(v.string()),
      S3_SECRET_ACCESS_KEY: v.optional(v.string()),
      VAPID_PUBLIC_KEY: vapidPublicKeySchema,
      VAPID_PRIVATE_KEY: vapidPrivateKeySchema,
      VAPID_SUBJECT: vapidSubjectSchema,
    }),
    v.forward(
      v.check(
        (input) =>
          [input.VAPID_PUBLIC_KEY, input.VAPID_PRIVATE_KEY, input.VAPID_SUBJECT].every(
            (value) => value === undefined,
          ) ||
          [input.VAPID_PUBLIC_KEY, input.VAPID_PRIVATE_KEY, input.VAPID_SUBJECT].every((value) => value !== undefined),
        'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together: set all three (npx web-push generate-vapid-keys)',
      ),
      ['VAPID_PUBLIC_KEY'],
    ),
    v.forward(
      v.check(
        (input) => input.APP_MODE !== 'production' || input.VAPID_PUBLIC_KEY !== undefined,
        'APP_MODE=production requires VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT: the keys push ' +
          'notifications are signed with (npx web-push generate-vapid-keys); a demo makes its own',
      ),
      ['VAPID_PUBLIC_KEY'],
    ),
    v.forward(
      v.check(
        (input) =>
          input.PROOF_STORAGE !== 's3' ||
          (input.S3_ENDPOINT !== undefined &&
            input.S3_BUCKET !== undefined &&
            input.S3_ACCESS_KEY_ID !== undefined &&
            input.S3_SECRET_ACCESS_KEY !== undefined),
        'PROOF_STORAGE=s3 requires S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (S3_REGION defaults to us-east-1)',
      ),
      ['PROOF_STORAGE'],
    ),
    v.forward(
      v.check(
        (input) => input.APP_MODE !== 'production' || input.PROOF_STORAGE !== undefined,
        'APP_MODE=production requires PROOF_STORAGE: "s3" (a bucket every API process shares) or "filesystem" ' +
          'with PROOF_DIR (a directory every API process mounts)',
      ),
      ['PROOF_STORAGE'],
    ),
    v.forward(
      v.check(
        // Production says so above, in its own words.
        (input) =>
          input.APP_MODE === 'production' || input.DATABASE_URL === undefined || input.PROOF_STORAGE !== undefined,
        'DATABASE_URL requires PROOF_STORAGE: several server processes may share this database, and a proof ' +
          'picture uploaded through one must be readable through every other. Set PROOF_STORAGE=s3 (with S3_*) ' +
          'or PROOF_STORAGE=filesystem with PROOF_DIR on a disk every process mounts',
      ),
      ['PROOF_STORAGE'],
    ),
    v.forward(
      v.check(
        (input) =>
          input.PROOF_STORAGE !== 'filesystem' || input.DATABASE_URL === undefined || input.PROOF_DIR !== undefined,
        'PROOF_STORAGE=filesystem with DATABASE_URL requires PROOF_DIR: a directory every server process on this ' +
          'database mounts (a shared volume or NFS), so that a picture uploaded through one process is found by the ' +
          "others. DATA_DIR is each process's own disk and is not used for proofs here",
      ),
      ['PROOF_DIR'],
    ),
    v.forward(
      v.check(
        (input) => input.PROOF_DIR === undefined || input.PROOF_STORAGE !== 's3',
        'PROOF_DIR is only read with PROOF_STORAGE=filesystem; with PROOF_STORAGE=s3 pictures go to the bucket',
      ),
      ['PROOF_DIR'],
    ),
  ),
  v.forward(
    v.check(
      (input) =>
        input.PICTURE_STORAGE !== 's3' ||
        (input.S3_ENDPOINT !== undefined &&
          input.S3_BUCKET !== undefined &&
          input.S3_ACCESS_KEY_ID !== undefined &&
          input.S3_SECRET_ACCESS_KEY !== undefined),
      'PICTURE_STORAGE=s3 requires S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (S3_REGION ' +
        'defaults to us-east-1); pictures are kept under pictures/ in that bucket',
    ),
    ['PICTURE_STORAGE'],
  ),
  v.forward(
    v.check(
      (input) => input.APP_MODE !== 'production' || input.PICTURE_STORAGE !== undefined,
      'APP_MODE=production requires PICTURE_STORAGE: "s3" (a bucket every API process shares) or "filesystem" ' +
        'with PICTURE_DIR (a directory every API process mounts), where product pictures and logos are kept',
    ),
    ['PICTURE_STORAGE'],
  ),
  v.forward(
    v.check(
      (input) =>
        input.APP_MODE === 'production' || input.DATABASE_URL === undefined || input.PICTURE_STORAGE !== undefined,
      'DATABASE_URL requires PICTURE_STORAGE: several server processes may share this database, and a product ' +
        'picture one process made must be served by every other. Set PICTURE_STORAGE=s3 (with S3_*) or ' +
        'PICTURE_STORAGE=filesystem with PICTURE_DIR on a disk every process mounts',
    ),
    ['PICTURE_STORAGE'],
  ),
  v.forward(
    v.check(
      (input) =>
        input.PICTURE_STORAGE !== 'filesystem' || input.DATABASE_URL === undefined || input.PICTURE_DIR !== undefined,
      'PICTURE_STORAGE=filesystem with DATABASE_URL requires PICTURE_DIR: a directory every server process on ' +
        'this database mounts, so that a picture one process made is served by the others',
    ),
    ['PICTURE_DIR'],
  ),
  v.forward(
    v.check(
      (input) => input.PICTURE_DIR === undefined || input.PICTURE_STORAGE !== 's3',
      'PICTURE_DIR is only read with PICTURE_STORAGE=filesystem; with PICTURE_STORAGE=s3 pictures go to the bucket',
    ),
    ['PICTURE_DIR'],
  ),
  v.forward(
    v.check(
      (input) => input.DATABASE_DIRECT_URL === undefined || input.DATABASE_URL !== undefined,
      'DATABASE_DIRECT_URL is only read with DATABASE_URL: it names the same database without a pooler in ' +
        'between, for migrations and the event channel (docs/scaling.md)',
    ),
    ['DATABASE_DIRECT_URL'],
  ),
  v.forward(
    v.check(
      (input) => input.APP_MODE !== 'production' || input.DATABASE_URL !== undefined,
      'APP_MODE=production requires DATABASE_URL: the embedded PGlite database is for demos and ' +
        'development only (one process, local disk)',
    ),
    ['DATABASE_URL'],
  ),
  v.forward(
    v.check(
      (input) =>
        input.APP_MODE !== 'production' || (input.AUTH_SECRET !== undefined && input.AUTH_SECRET !== demoAuthSecret),
      'APP_MODE=production requires AUTH_SECRET: a random value of at least 32 characters, not the demo default',
    ),
    ['AUTH_SECRET'],
  ),
  v.forward(
    v.check(
      (input) => input.APP_MODE !== 'production' || input.SMTP_URL !== undefined,
      'APP_MODE=production requires SMTP_URL: sign-in codes are sent by email (the dev outbox is demo-only)',
    ),
    ['SMTP_URL'],
  ),
  v.forward(
    v.check(
      (input) => input.SMTP_URL === undefined || input.MAIL_FROM !== undefined,
      'SMTP_URL requires MAIL_FROM, the sender of sign-in emails, e.g. "NgernKhuen <no-reply@example.com>"',
    ),
    ['MAIL_FROM'],
  ),
  v.forward(
    v.check(
      (input) =>
        input.APP_MODE !== 'production' ||
        [...input.POSTBACK_SECRETS.values()].every((secret) => secret !== demoPostbackSecret),
      'APP_MODE=production refuses the demo postback secret: give every network in POSTBACK_SECRETS a random ' +
        'value of at least 32 characters',
    ),
    ['POSTBACK_SECRETS'],
  ),
  v.forward(
    v.check(
      (input) => input.APP_MODE !== 'production' || !input.POSTBACK_SECRETS.has(demoNetworkName),
      `APP_MODE=production refuses the network "${demoNetworkName}" in POSTBACK_SECRETS: it belongs to the demo storefront`,
    ),
    ['POSTBACK_SECRETS'],
  ),
  v.transform((input) => ({
    port: input.PORT,
    host: input.HOST,
    dataDirectory: input.DATA_DIR,
    databaseUrl: input.DATABASE_URL,
    databaseDirectUrl: input.DATABASE_DIRECT_URL,
    databasePoolMax: input.DATABASE_POOL_MAX,
    appMode: input.APP_MODE,
    maintenance: input.MAINTENANCE,
    logLevel: input.LOG_LEVEL,
    clientDirectory: input.CLIENT_DIR,
    authSecret: input.AUTH_SECRET ?? demoAuthSecret,
    smtpUrl: input.SMTP_URL,
    mailFrom: input.MAIL_FROM,
    trustedProxyHops: input.TRUSTED_PROXY_HOPS,
    shutdownPreStopSeconds:
      input.SHUTDOWN_PRE_STOP_SECONDS ?? (input.DATABASE_URL === undefined ? 0 : defaultShutdownPreStopSeconds),
    postbackSecrets: withDemoNetwork(input.APP_MODE, input.POSTBACK_SECRETS),
    proofStorage: toProofStorageSettings(input),
    pictureStorage: toPictureStorageSettings(input),
    push: {
      vapidKeys:
        input.VAPID_PUBLIC_KEY !== undefined &&
        input.VAPID_PRIVATE_KEY !== undefined &&
        input.VAPID_SUBJECT !== undefined
          ? { publicKey: input.VAPID_PUBLIC_KEY, privateKey: input.VAPID_PRIVATE_KEY, subject: input.VAPID_SUBJECT }
          : undefined,
      // A subscription's endpoint is where the server sends requests: in production only to the
      // push services browsers use, never to an address a stranger chose.
      endpoints: input.APP_MODE === 'production' ? 'known-push-services' : 'any-https',
    } satisfies PushSettings,
  })),
)

export type Environment = v.InferOutput<typeof environmentSchema>

export class EnvironmentError extends Error {
  override name = 'EnvironmentError'
}

/**
 * Parses a variable map (normally `process.env`). Empty values count as unset, because
 * `.env` files and container definitions often carry `NAME=` placeholders.
 */
export function parseEnvironment(source: Readonly<Record<string, string | undefined>>): Environment {
  const present = Object.fromEntries(
    Object.entries(source).flatMap(([name, value]) => {
      const trimmed = value?.trim()
      return trimmed ? [[name, trimmed]] : []
    }),
  )
  const result = v.safeParse(environmentSchema, present)
  if (!result.success) {
    throw new EnvironmentError(`Invalid environment:\n${v.summarize(result.issues)}`)
  }
  return result.output
}

/**
 * Loads `.env` from the working directory (or the file `ENV_FILE` names; `ENV_FILE=` with no value
 * loads none), as .env.example says to. Variables already in the environment win, so a container's
 * or a test's own settings are never overridden by a file lying around.
 */
function loadEnvironmentFile(): void {
  const named = process.env['ENV_FILE']
  const file = named ?? '.env'
  if (file.trim() === '') return
  try {
    process.loadEnvFile(file)
  } catch (error) {
    const isMissing = error instanceof Error && 'code' in error && error.code === 'ENOENT'
    // No .env is the normal case; a file named on purpose that is missing is a mistake to report.
    if (isMissing && named === undefined) return
    throw new EnvironmentError(
      `Cannot read ENV_FILE ${file}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

function parseProcessEnvironment(): Environment {
  try {
    loadEnvironmentFile()
    return parseEnvironment(process.env)
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error
    // An operator fixing a deployment needs the message, not a stack trace into this file.
    process.stderr.write(`${error.message}\nSee .env.example for every variable.\n`)
    process.exit(1)
  }
}

export const env: Environment = parseProcessEnvironment()
