import { and, eq, isNull, or, lt } from 'drizzle-orm'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import type { SignInIdentifier } from '#domain/contracts/auth'
import {
  operatorCodeRequestSchema,
  operatorCodeVerifySchema,
  operatorSchema,
  operatorSecondFactorMaxAttempts,
  operatorSecondFactorSchema,
  operatorSecondFactorStepSchema,
  type Operator,
  type OperatorSecondFactorStep,
} from '#domain/ops/operator'
import type { AccountsConfig } from '#server/auth/accounts-config'
import { createAccountLimiters } from '#server/auth/rate-limits'
import { createSignInCodeCookie } from '#server/auth/sign-in-code-cookie'
import { checkSignInCode, issueSignInCode, refuseUnlessCodeIsValid, spendSignInCode } from '#server/auth/sign-in-codes'
import type { Database } from '#server/db/database'
import { operators } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'
import { validateRequest } from '#server/http/validation'
import { recordOperatorAction } from '#server/ops/audit-log'
import { anyOperatorRole, requireOperator, signedInOperator } from '#server/ops/operator-access'
import { findOperatorByEmail, toOperator } from '#server/ops/operator-accounts'
import {
  clearOperatorSessionCookie,
  countSecondFactorFailure,
  createOperatorSession,
  deleteOperatorSession,
  deleteOperatorSessions,
  loadOperatorSession,
  readOperatorSessionCookie,
  setOperatorSessionCookie,
} from '#server/ops/operator-sessions'
import { acceptedTotpStep, createTotpSecret, totpUri } from '#server/ops/totp'

/**
 * Console sign-in (issue 14): an emailed code, then an authenticator code. The emailed code is
 * the shoppers' sign-in code machinery (HMAC, 5 tries, bound to the browser by a nonce cookie)
 * under an identifier of its own (`operator:<email>`), so a shopper's code for the same address
 * never opens the console and the two never share tries or limits.
 */

/** Its own cookie beside the shoppers': scoped to the console's sign-in, SameSite=Strict like its session. */
const codeCookie = createSignInCodeCookie({ name: 'ngernkhuen_ops_sign_in', path: '/api/ops/auth', sameSite: 'Strict' })

function operatorIdentifier(email: string): SignInIdentifier {
  return { kind: 'email', value: `operator:${email}` }
}

const authErrors = {
  429: errorResponseDescription('Too many codes or tries (`too_many_codes`, `too_many_requests`, `too_many_attempts`)'),
}

export function operatorAuthRoutes(database: Database, config: AccountsConfig) {
  const { authSecret, delivery, now } = config
  const limiters = createAccountLimiters(database, config)

  return new Hono<AppEnvironment>()
    .post(
      '/auth/codes',
      describeRoute({
        summary: 'Console: email a sign-in code',
        description:
          'Emails a 6-digit code (10 minutes, 5 tries) to an active operator and sets a cookie naming it ' +
          '(path `/api/ops/auth`). The answer is the same whether or not the address is an operator.',
        tags: ['Console'],
        responses: { 202: { description: 'Sent, if the address is an active operator' }, ...authErrors },
      }),
      validateRequest('json', operatorCodeRequestSchema),
      limiters.signInCodes,
      async (c) => {
        const { email } = c.req.valid('json')
        const operator = await findOperatorByEmail(database, email)
        if (operator === undefined || operator.status !== 'active') return c.body(null, 202)
        const identifier = operatorIdentifier(email)
        await limiters.countSignInCode(c, identifier.value)
        const time = now()
        const issued = await issueSignInCode(database, {
          secret: authSecret,
          identifier,
          nonce: codeCookie.read(c),
          now: time,
        })
        codeCookie.set(c, issued.nonce, issued.expiresAt, time)
        try {
          await delivery.deliverOperatorCode({ email, code: issued.code, expiresAt: issued.expiresAt })
        } catch (error) {
          c.get('logger').error({ err: error }, 'operator code delivery failed')
          throw new ApiError(503, 'unavailable', 'The code could not be sent; try again shortly')
        }
        return c.body(null, 202)
      },
    )
    .post(
      '/auth/codes/verify',
      describeRoute({
        summary: 'Console: check the emailed code',
        description:
          'A right code opens the second-factor step (10 minutes): `enrol` with a new authenticator secret on ' +
          'the first sign-in, `totp` after. Unknown and disabled addresses answer like a wrong code.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('The second-factor step', operatorSecondFactorStepSchema),
          400: errorResponseDescription(
            'Wrong, used or expired code (`invalid_code`, `code_expired`, `code_requested_elsewhere`)',
          ),
          ...authErrors,
        },
      }),
      validateRequest('json', operatorCodeVerifySchema),
      limiters.signInAttempts,
      async (c) => {
        const { email, code } = c.req.valid('json')
        const time = now()
        const check = await checkSignInCode(database, {
          secret: authSecret,
          identifier: operatorIdentifier(email),
          code,
          nonce: codeCookie.read(c),
          now: time,
        })
        refuseUnlessCodeIsValid(check.result)
        const operator = await findOperatorByEmail(database, email)
        if (operator === undefined || operator.status !== 'active') {
          throw new ApiError(400, 'invalid_code', 'Wrong code, or already used')
        }
        if (check.codeId === undefined || !(await spendSignInCode(database, check.codeId, time))) {
          throw new ApiError(400, 'invalid_code', 'This code was already used')
        }
        codeCookie.clear(c)
        const session = await createOperatorSession(database, {
          operatorId: operator.id,
          stage: 'second_factor',
          now: time,
        })
        setOperatorSessionCookie(c, session.token, session.expiresAt, time)
        if (operator.totpSecret !== null) return c.json({ step: 'totp' } satisfies OperatorSecondFactorStep)
        // A new secret each time the enrolment starts: one shown on a screen left open is not reused.
        const secret = createTotpSecret()
        await database.update(operators).set({ totpPendingSecret: secret }).where(eq(operators.id, operator.id))
        return c.json({
          step: 'enrol',
          otpauthUri: totpUri(secret, operator.email),
          secret,
        } satisfies OperatorSecondFactorStep)
      },
    )
    .post(
      '/auth/second-factor',
      describeRoute({
        summary: 'Console: the authenticator code',
        description:
          'Completes sign-in (and the enrolment, on the first sign-in) with a code of the authenticator app. ' +
          'The session then gets a new token: 30 minutes idle, 12 hours at most. A code is accepted once.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('Signed in', operatorSchema),
          400: errorResponseDescription(
            'Wrong code (`invalid_second_factor`), or no second-factor step open (`second_factor_expired`: sign in again)',
          ),
          ...authErrors,
        },
      }),
      validateRequest('json', operatorSecondFactorSchema),
      limiters.signInAttempts,
      async (c) => {
        const { code } = c.req.valid('json')
        const time = now()
        const token = readOperatorSessionCookie(c)
        const pending =
          token === undefined ? undefined : await loadOperatorSession(database, token, 'second_factor', time)
        if (token === undefined || pending === undefined) {
          throw new ApiError(400, 'second_factor_expired', 'Sign in again: the second step expired')
        }
        const operator = await database.transaction(async (tx) => {
          // One code per operator at a time: two tabs racing with the same code cannot both pass.
          const [locked] = await tx.select().from(operators).where(eq(operators.id, pending.operator.id)).for('update')
          if (locked === undefined) return undefined
          const isEnrolling = locked.totpSecret === null
          const secret = locked.totpSecret ?? locked.totpPendingSecret
          const step = secret === null ? undefined : acceptedTotpStep(secret, code, time)
          if (step === undefined || (locked.totpLastStep !== null && step <= locked.totpLastStep)) return undefined
          const [updated] = await tx
            .update(operators)
            .set({ totpLastStep: step, totpSecret: secret, totpPendingSecret: null })
            .where(
              and(eq(operators.id, locked.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
            )
            .returning()
          if (updated !== undefined && isEnrolling) {
            await recordOperatorAction(tx, {
              actor: locked.id,
              action: 'operator.second_factor_enrolled',
              subjectType: 'operator',
              subjectId: locked.id,
              now: time,
            })
          }
          return updated
        })
        if (operator === undefined) {
          const canRetry = await countSecondFactorFailure(database, token, operatorSecondFactorMaxAttempts)
          if (!canRetry) {
            clearOperatorSessionCookie(c)
            throw new ApiError(400, 'second_factor_expired', 'Too many wrong codes; sign in again')
          }
          throw new ApiError(400, 'invalid_second_factor', 'Wrong authenticator code')
        }
        await deleteOperatorSession(database, token)
        const session = await createOperatorSession(database, { operatorId: operator.id, stage: 'active', now: time })
        setOperatorSessionCookie(c, session.token, session.expiresAt, time)
        return c.json(toOperator(operator) satisfies Operator)
      },
    )
    .get(
      '/me',
      describeRoute({
        summary: 'Console: the signed-in operator',
        tags: ['Console'],
        responses: {
          200: jsonResponse('The operator', operatorSchema),
          401: errorResponseDescription('Not signed in (`operator_unauthenticated`)'),
        },
      }),
      requireOperator(database, now, anyOperatorRole),
      (c) => c.json(toOperator(signedInOperator(c.get('operator'))) satisfies Operator),
    )
    .post(
      '/auth/sign-out',
      describeRoute({
        summary: 'Console: sign out this browser',
        tags: ['Console'],
        responses: { 204: { description: 'Signed out' } },
      }),
      async (c) => {
        const token = readOperatorSessionCookie(c)
        if (token !== undefined) await deleteOperatorSession(database, token)
        clearOperatorSessionCookie(c)
        return c.body(null, 204)
      },
    )
    .post(
      '/auth/sign-out-everywhere',
      describeRoute({
        summary: 'Console: end every session of the signed-in operator',
        tags: ['Console'],
        responses: { 204: { description: 'Every session ended' } },
      }),
      requireOperator(database, now, anyOperatorRole),
      async (c) => {
        const operator = signedInOperator(c.get('operator'))
        await database.transaction(async (tx) => {
          await deleteOperatorSessions(tx, operator.id)
          await recordOperatorAction(tx, {
            actor: operator.id,
            action: 'operator.signed_out_everywhere',
            subjectType: 'operator',
            subjectId: operator.id,
            now: now(),
          })
        })
        clearOperatorSessionCookie(c)
        return c.body(null, 204)
      },
    )
}
