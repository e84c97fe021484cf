import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import * as v from 'valibot'
import { layoutProblems } from './support/layout-audit'
import { signInOnScreen } from './support/sign-in'

/**
 * Every screen of the app as three kinds of shopper see it (a visitor, a brand-new member, the
 * demo buyer with cashback in every state), in Thai and English, at the narrowest, the usual and
 * the widest phone (issue 20): nothing scrolls sideways, no text is cut off, no name is broken
 * inside a word, and axe finds no serious or critical accessibility problem.
 */
const widths = [360, 390, 430] as const
const demoBuyerId = '64656d6f6275796572303031'

const idList = v.object({ data: v.array(v.object({ _id: v.string() })) })

async function firstId(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path)
  const id = v.parse(idList, await response.json()).data[0]?._id
  if (id === undefined) throw new Error(`${path} lists nothing`)
  return id
}

function transactionsPath(status: string) {
  return `/api/cashback/${demoBuyerId}/transactions?limit=1&filter=${encodeURIComponent(JSON.stringify({ status }))}`
}

/** Waits until the screen has drawn what it shows: no request in flight, no skeleton, the fonts in. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.animate-pulse')).toHaveCount(0)
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

/** Checks `paths` (each in Thai and English) at every width; one list of every problem found. */
async function auditScreens(page: Page, paths: readonly string[]) {
  const problems: string[] = []
  for (const prefix of ['', '/en']) {
    for (const path of paths) {
      const url = `${prefix}${path}`
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(url)
      await settled(page)
      for (const width of widths) {
        await page.setViewportSize({ width, height: 844 })
        for (const problem of await layoutProblems(page)) problems.push(`${url} at ${width} px: ${problem}`)
      }
      await page.setViewportSize({ width: 390, height: 844 })
      const axe = await new AxeBuilder({ page }).analyze()
      for (const violation of axe.violations) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue
        const where = violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')
        problems.push(`${url}: ${violation.impact} ${violation.id} (${violation.help}) at ${where}`)
      }
    }
  }
  expect(problems).toEqual([])
}

test.describe.configure({ timeout: 600_000 })

test('every screen a visitor opens', async ({ page }) => {
  const merchantId = await firstId(page, '/cws-api/merchants?limit=1')
  const productId = await firstId(page, '/cws-api/products?limit=1&sort=popular')
  await auditScreens(page, [
    '/home',
    '/merchants',
    '/merchants?category=books',
    `/merchants/${merchantId}`,
    '/merchants?search=zzzzzz',
    '/products',
    `/products/${productId}`,
    '/search?q=phone',
    '/promotions',
    '/promotions/bonus-new-user',
    '/promotions/special-cashback',
    '/promotions/vip-member',
    '/support',
    '/howto',
    '/tutorial',
    '/tutorial/detail/withdraw',
    '/paste-link',
    '/auth',
    '/notfound',
  ])
})

test('every screen of a brand-new member', async ({ page }) => {
  await page.goto('/en/auth')
  await signInOnScreen(page, `every-screen-${Date.now()}@example.com`, { isNewBuyer: true })
  await expect(page).toHaveURL(/\/en\/home$/)
  await auditScreens(page, [
    '/home',
    '/cashback',
    '/wallet',
    '/rating',
    '/withdrawal',
    '/withdraw-truemoney',
    '/withdraw-bank-promptpay',
    '/profile',
    '/profile/edit',
    '/notifications',
  ])
})

test('every screen of the demo buyer', async ({ page }) => {
  await page.goto('/en/auth')
  await signInOnScreen(page, 'demo@ngernkhuen.test')
  await expect(page).toHaveURL(/\/en\/home$/)
  const rejectedId = await firstId(page, transactionsPath('REJECTED'))
  const pendingId = await firstId(page, transactionsPath('PENDING'))
  const approvedId = await firstId(page, transactionsPath('APPROVED'))
  await auditScreens(page, [
    '/home',
    '/cashback?tab=pending',
    '/cashback?tab=approved',
    '/cashback?tab=rejected',
    '/cashback?tab=cancelled',
    '/cashback?tab=archived',
    `/cashback/${rejectedId}`,
    `/cashback/${pendingId}`,
    `/cashback/${approvedId}`,
    '/wallet',
    '/rating',
    '/withdrawal',
    '/withdraw-bank-promptpay',
    '/withdraw-truemoney',
    '/profile',
    '/profile/edit',
    '/notifications',
    '/chat-support',
    '/promotions',
  ])
})
