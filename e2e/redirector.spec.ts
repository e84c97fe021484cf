import { expect, test } from '@playwright/test'

// Spec section 2: `?page=` links land on exactly these paths, in the link's language.
const rows: { page: string; subPageId?: string; target: string }[] = [
  { page: 'Merchants', target: '/merchants' },
  { page: 'MerchantDetail', subPageId: '42', target: '/merchants/42' },
  { page: 'MerchantDetail', target: '/merchants' },
  { page: 'Promotions', target: '/promotions' },
  { page: 'Profiles', target: '/profile' },
  { page: 'Cashbacks', target: '/cashback' },
  { page: 'CashbackDetail', subPageId: 'tx-9', target: '/cashback/tx-9' },
  { page: 'CashbackDetail', target: '/cashback' },
  { page: 'Wallet', target: '/wallet' },
  { page: 'Withdrawal', target: '/withdrawal' },
]

/** Targets that exist as member pages so far (their issues add the others). */
const memberPages = new Set(['/profile', '/promotions', '/cashback', '/cashback/tx-9', '/wallet', '/withdrawal'])

/** The path the sign-in screen will return to (its own search, like a default tab, left aside). */
function redirectPathOf(url: string): string | null {
  const redirect = new URL(url).searchParams.get('redirect')
  return redirect === null ? null : new URL(redirect, url).pathname
}

for (const prefix of ['', '/en']) {
  for (const row of rows) {
    const query = new URLSearchParams({ page: row.page, ...(row.subPageId ? { sub_page_id: row.subPageId } : {}) })
    test(`${prefix || '/'}?${query} goes to ${prefix}${row.target}`, async ({ page }) => {
      await page.goto(`${prefix}/home?${query}`)
      const target = `${prefix}${row.target}`
      if (memberPages.has(row.target)) {
        // A member page: the redirect lands there, and its guard asks an anonymous shopper to sign in first.
        await expect.poll(() => redirectPathOf(page.url())).toBe(target)
        expect(new URL(page.url()).pathname).toBe(`${prefix}/auth`)
      } else {
        await expect.poll(() => new URL(page.url()).pathname).toBe(target)
        expect(new URL(page.url()).search).toBe('')
      }
    })
  }
}

test('a link to the bare app with ?page= redirects too', async ({ page }) => {
  await page.goto('/?page=Merchants')
  await expect.poll(() => new URL(page.url()).pathname).toBe('/merchants')
  await page.goto('/?page=Wallet')
  await expect.poll(() => redirectPathOf(page.url())).toBe('/wallet')
})

test('an unknown page value stays where it is', async ({ page }) => {
  await page.goto('/en/home?page=Nothing')
  await expect(page).toHaveURL(/\/en\/home\?page=Nothing$/)
  await expect(
    page.getByRole('heading', { name: 'Shop through NgernKhuen, get cashback on every order' }),
  ).toBeVisible()
})
