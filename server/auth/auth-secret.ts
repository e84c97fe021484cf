/**
 * Signs sign-in codes (HMAC-SHA256). This value is public (it is in the repository), so
 * server/env.ts accepts it only in demo mode; production needs its own
 * (`openssl rand -base64 48`).
 */
export const demoAuthSecret = 'ngernkhuen-demo-auth-secret-do-not-use-in-production'
