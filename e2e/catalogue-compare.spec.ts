import { expect, test } from '@playwright/test'
import { defaultDemoSeed, demoCatalogueSize, generateDemoCatalogue } from '#server/seed/demo-catalogue'

/**
 * The compare table (issue 19, part 4): the same product, known by its GTIN from each merchant's
 * feed, at every merchant that sells it, cheapest after cashback first.
 */
const demo = generateDemoCatalogue(demoCatalogueSize, defaultDemoSeed)
const merchantNames = new Map(demo.merchants.map((merchant) => [merchant.id, merchant.name]))
const sellersByGtin = new Map<string, typeof demo.products>()
for (const product of demo.products) {
  const gtin = product.feed?.gtin
  if (gtin === null || gtin === undefined) continue
  sellersByGtin.set(gtin, [...(sellersByGtin.get(gtin) ?? []), product])
}
const [gtin, sellers = []] = [...sellersByGtin.entries()].find(([, products]) => products.length === 3) ?? []

// The narrowest phone we design for: the table must fit it in both languages (issue 20).
test.use({ viewport: { width: 360, height: 780 } })

for (const locale of ['th', 'en'] as const) {
  test(`the compare table lists one GTIN at its three merchants (${locale})`, async ({ page }) => {
    expect(gtin, 'the demo has a GTIN sold by three merchants').toBeDefined()
    const [first] = sellers
    if (first === undefined) throw new Error('no seller')
    await page.goto(`${locale === 'en' ? '/en' : ''}/products/${first.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name[locale])
    const table = page.getByRole('table', {
      name: locale === 'en' ? 'Price, cashback and net price at each merchant' : 'ราคา เงินคืน และราคาสุทธิของแต่ละร้าน',
    })
    await expect(table).toBeVisible()
    for (const seller of sellers) {
      await expect(
        table.getByRole('row').filter({ hasText: merchantNames.get(seller.merchantId)?.[locale] ?? '?' }),
      ).toHaveCount(1)
    }
    await expect(table.getByRole('row')).toHaveCount(sellers.length + 1)
    // Inside the card, amounts on one line each, and the best-deal mark on one line.
    const overflow = await table.evaluate((element) => {
      const card = element.closest('section')?.getBoundingClientRect()
      return card === undefined ? Infinity : element.getBoundingClientRect().right - (card.right - 16)
    })
    expect(overflow).toBeLessThanOrEqual(0.5)
    const bestDeal = table.getByText(locale === 'en' ? 'Best deal' : 'คุ้มที่สุด')
    expect(await bestDeal.evaluate((element) => element.getClientRects().length)).toBe(1)
    expect(await bestDeal.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThan(30)
  })
}
