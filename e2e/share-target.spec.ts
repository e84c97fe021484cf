import { expect, test } from '@playwright/test'
import { startOwnAppServer } from './support/app-server'
import { createTestPhoto } from './support/png'
import { signInForOfflineUse } from './support/sign-in'

/** The demo buyer's rejected purchase (server/seed/demo-buyer.ts): a proof can appeal it. */
const rejectedTransactionId = '64656d6f7478000000000007'

test('an order screenshot shared from the gallery becomes a proof of the purchase the shopper picks', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const server = await startOwnAppServer()
  try {
    // Installed apps receive shares through the service worker; it must be running, as it is
    // on a phone where the app was installed.
    await signInForOfflineUse(page, server.url)
    await page.goto(`${server.url}/en/home`)

    // What Android does when the shopper shares a picture to the app: a form post of the
    // manifest's share target, which the service worker takes.
    const screenshot = createTestPhoto({ width: 720, height: 1280, colors: [[250, 90, 30]] })
    await page.evaluate(
      ({ bytes, action }) => {
        const form = document.createElement('form')
        form.method = 'POST'
        form.action = action
        form.enctype = 'multipart/form-data'
        const input = document.createElement('input')
        input.type = 'file'
        input.name = 'pictures'
        const files = new DataTransfer()
        files.items.add(new File([new Uint8Array(bytes)], 'order.png', { type: 'image/png' }))
        input.files = files.files
        form.append(input)
        document.body.append(form)
        form.submit()
      },
      { bytes: [...screenshot], action: '/share-target' },
    )
    // The worker cannot know the page's language: the app opens in the shopper's remembered one,
    // Thai for the demo buyer, who never chose.
    await expect(page).toHaveURL(/\/share-target\?pictures=1$/)
    await expect(page.getByRole('list', { name: 'รูปที่แชร์มา' }).getByRole('listitem')).toHaveCount(1)

    // It asks which purchase; the rejected one takes an appeal.
    const choices = page.getByRole('region', { name: 'รูปนี้เป็นหลักฐานของคำสั่งซื้อไหน' })
    await choices.locator(`a[href*="/cashback/${rejectedTransactionId}"]`).click()
    await expect(page).toHaveURL(new RegExp(`/cashback/${rejectedTransactionId}\\?shared=true$`))
    const proofSection = page.getByRole('region', { name: 'หลักฐานการสั่งซื้อ' })
    await expect(proofSection.getByRole('list', { name: 'รูปที่เลือก' }).getByRole('listitem')).toHaveCount(1)
    await proofSection.getByRole('button', { name: 'ส่งหลักฐาน 1 รูป' }).click()
    await expect(proofSection.getByRole('list', { name: 'หลักฐานที่ส่งแล้ว' }).getByRole('listitem')).toHaveCount(1, {
      timeout: 30_000,
    })

    // The share is used up: opening the share page again has nothing to offer.
    await page.goto(`${server.url}/en/share-target`)
    await expect(page.getByText('No shared picture found')).toBeVisible()
  } finally {
    await server.stop()
  }
})
