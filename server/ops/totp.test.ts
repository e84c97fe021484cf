import { describe, expect, it } from 'vitest'
import { acceptedTotpStep, createTotpSecret, currentTotpCode, totpUri } from '#server/ops/totp'

describe('totp', () => {
  const now = new Date('2026-11-26T10:00:10Z')

  it('accepts the current code and the neighbouring steps, and names the step', () => {
    const secret = createTotpSecret()
    const step = Math.floor(now.getTime() / 30_000)
    expect(acceptedTotpStep(secret, currentTotpCode(secret, now), now)).toBe(step)
    const previous = new Date(now.getTime() - 30_000)
    expect(acceptedTotpStep(secret, currentTotpCode(secret, previous), now)).toBe(step - 1)
    const twoStepsAgo = new Date(now.getTime() - 60_000)
    expect(acceptedTotpStep(secret, currentTotpCode(secret, twoStepsAgo), now)).toBeUndefined()
  })

  it("refuses another secret's code", () => {
    const code = currentTotpCode(createTotpSecret(), now)
    expect(acceptedTotpStep(createTotpSecret(), code, now)).toBeUndefined()
  })

  it('gives an otpauth URI an authenticator app reads', () => {
    const secret = createTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const uri = new URL(totpUri(secret, 'finance@example.com'))
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.searchParams.get('secret')).toBe(secret)
    expect(uri.searchParams.get('issuer')).toBe('NgernKhuen Ops')
  })
})
