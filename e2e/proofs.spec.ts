import { createHash } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { startOwnAppServer } from './support/app-server'
import { createTestPhoto } from './support/png'
import { waitUntilSavedOnDevice } from './support/saved-on-device'
import { ownSignInCode, signInForOfflineUse } from './support/sign-in'

const demoBuyerId = '64656d6f6275796572303031'
/** The demo buyer's rejected purchase (server/seed/demo-buyer.ts, `demoTransactionIds.rejected`). */
const rejectedTransactionId = '64656d6f7478000000000007'
/**
 * The demo buyer's pending purchase whose cashback is above `maxForRating`: with the demo buyer's
 * rating, a proof of purchase makes it 1-day cashback (`demoTransactionIds.pendingLarge`).
 */
const proofForOneDayTransactionId = '64656d6f7478000000000003'

type ProofOnServer = { _id: string; status: string; sha256: string; width: number; height: number; imageUrl: string }
type DetailOnServer = { status: string; proofs: ProofOnServer[]; appeal: { status: string | null; canUpload: boolean } }

async function detailOnServer(
  page: Page,
  origin: string,
  transactionId = rejectedTransactionId,
): Promise<DetailOnServer> {
  const response = await page.request.get(`${origin}/api/cashback/${demoBuyerId}/transactions/${transactionId}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as DetailOnServer
}

/** The pictures waiting in the outbox (base64), in the order they were queued. */
async function queuedPictures(page: Page): Promise<Buffer[]> {
  const encoded = await page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('ngernkhuen-outbox-attachments')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
    })
    const read = <T>(call: (store: IDBObjectStore) => IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        const request = call(database.transaction('attachments').objectStore('attachments'))
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
      })
    const keys = (await read((store) => store.getAllKeys())).map(String)
    keys.sort((first, second) => Number(first.split('/')[1]) - Number(second.split('/')[1]))
    const pictures: string[] = []
    for (const key of keys) {
      const bytes = new Uint8Array(await read((store) => store.get(key) as IDBRequest<ArrayBuffer>))
      let binary = ''
      for (const byte of bytes) binary += String.fromCharCode(byte)
      pictures.push(btoa(binary))
    }
    database.close()
    return pictures
  })
  return encoded.map((picture) => Buffer.from(picture, 'base64'))
}

/** Mean difference per channel (0–255) between two pictures of the same size, decoded. */
async function meanPixelDifference(first: Buffer, second: Buffer): Promise<number> {
  const [a, b] = await Promise.all([first, second].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()))
  if (a === undefined || b === undefined || a.length !== b.length) return Number.POSITIVE_INFINITY
  let total = 0
  for (let index = 0; index < a.length; index += 1) total += Math.abs((a[index] ?? 0) - (b[index] ?? 0))
  return total / a.length
}

const photoColors: [number, number, number][] = [
  [220, 38, 38],
  [234, 88, 12],
  [11, 138, 95],
  [37, 99, 235],
  [124, 58, 237],
]
const photos = photoColors.map((color, index) => ({
  name: `IMG_00${index + 1}.png`,
  mimeType: 'image/png',
  buffer: createTestPhoto({ width: 2400, height: 1800, colors: [color, [255, 255, 255], color] }),
}))

test('five proof pictures chosen offline survive a reload and arrive intact, once each', async ({ page, context }) => {
  test.setTimeout(240_000)
  const server = await startOwnAppServer()
  try {
    await signInForOfflineUse(page, server.url)
    await page.goto(`${server.url}/en/cashback/${rejectedTransactionId}`)
    const proofSection = page.getByRole('region', { name: 'Proof of purchase' })
    await expect(proofSection.getByText(/Send up to 5 pictures that prove your purchase/)).toBeVisible()
    await waitUntilSavedOnDevice(page, rejectedTransactionId)

    // Offline: five photos are made small on the phone and wait there, through a reload.
    await context.setOffline(true)
    await proofSection.getByLabel('Choose photos').setInputFiles(photos)
    const chosen = proofSection.getByRole('list', { name: 'Chosen pictures' })
    await expect(chosen.getByRole('listitem')).toHaveCount(5)
    await expect(proofSection.getByText('5/5 pictures')).toBeVisible()
    await proofSection.getByRole('button', { name: 'Send proof (5)' }).click()
    const queued = proofSection.getByRole('listitem', { name: 'Proof pictures waiting to send: 5' })
    await expect(queued).toBeVisible()
    await expect(queued.getByText('It will be sent automatically when you are back online')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: '1 waiting to send' })).toBeVisible()
    const queuedBytes = await queuedPictures(page)
    expect(queuedBytes).toHaveLength(5)

    await page.reload()
    await expect(queued).toBeVisible()
    await expect(queued.getByRole('progressbar', { name: 'Proof upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    )

    // Back online, with the answer to the first picture lost on the way: the resend carries the
    // same key, so the server answers from its record instead of storing it twice.
    let droppedAnswers = 0
    await page.route('**/proofs', async (route) => {
      if (route.request().method() !== 'POST' || droppedAnswers > 0) return route.fallback()
      droppedAnswers += 1
      await route.fetch()
      await route.abort('connectionreset')
    })
    await context.setOffline(false)
    const sent = proofSection.getByRole('list', { name: 'Proofs sent' })
    await expect(sent.getByRole('listitem')).toHaveCount(5, { timeout: 60_000 })
    await expect(queued).toHaveCount(0)
    await expect(proofSection.getByText('Our team is reviewing your proof')).toBeVisible()
    expect(droppedAnswers).toBe(1)
    // The timeline has a step of its own for the appeal under review, with the day of the answer.
    const timeline = page.getByRole('region', { name: 'Progress' })
    await expect(timeline.getByText('Proof sent, waiting for review')).toBeVisible()
    await expect(timeline.getByText(/^The team will answer by [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible()

    // The server stores each picture once, in the order queued: decoded and encoded again (so not
    // byte for byte what the phone queued), the same picture, its size, and no metadata.
    const detail = await detailOnServer(page, server.url)
    expect(detail.appeal).toMatchObject({ status: 'pending', canUpload: false })
    expect(detail.proofs).toHaveLength(5)
    for (const [index, proof] of detail.proofs.entries()) {
      expect(proof).toMatchObject({ status: 'pending', width: 1600, height: 1200 })
      const image = await page.request.get(`${server.url}${proof.imageUrl}`)
      expect(image.headers()['content-type']).toBe('image/jpeg')
      const bytes = await image.body()
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(proof.sha256)
      expect(bytes.includes('GPSLatitude')).toBe(false)
      const stored = await sharp(bytes).metadata()
      expect(stored).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 })
      expect(stored.exif).toBeUndefined()
      const sent = queuedBytes[index]
      if (sent === undefined) throw new Error(`no queued picture ${String(index)}`)
      // Stripes of another colour (any other picture) differ by far more than a re-encoding does.
      expect(await meanPixelDifference(bytes, sent)).toBeLessThan(4)
      for (const [otherIndex, other] of queuedBytes.entries()) {
        if (otherIndex !== index) expect(await meanPixelDifference(bytes, other)).toBeGreaterThan(10)
      }
    }

    // Five is the limit: no picker. Deleting one asks first, then frees a place.
    await expect(proofSection.getByLabel('Choose photos')).toHaveCount(0)
    await sent.getByRole('button', { name: 'Delete proof picture 5' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete proof picture 5?' })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(sent.getByRole('listitem')).toHaveCount(5)
    await sent.getByRole('button', { name: 'Delete proof picture 5' }).click()
    await dialog.getByRole('button', { name: 'Delete proof' }).click()
    await expect(sent.getByRole('listitem')).toHaveCount(4)
    expect((await detailOnServer(page, server.url)).proofs).toHaveLength(4)

    // An operator refuses the proofs: the shopper reads why in their language, never the operator's
    // note, and what to send instead; they can send others.
    await server.runOperatorCommands([
      'proofs',
      'reject',
      rejectedTransactionId,
      '--code',
      'unreadable',
      '--reason',
      'ใบเสร็จเบลอ',
    ])
    await page.reload()
    await expect(proofSection.getByText('Reason: The picture is blurred, cut off or too dark')).toBeVisible()
    await expect(
      proofSection.getByText('Take a new photo or screenshot that is sharp and shows the whole page.'),
    ).toBeVisible()
    await expect(proofSection.getByText('ใบเสร็จเบลอ')).toHaveCount(0)
    await proofSection.getByLabel('Choose photos').setInputFiles(photos.slice(0, 1))
    await proofSection.getByRole('button', { name: 'Send proof (1)' }).click()
    await expect(sent.getByRole('listitem')).toHaveCount(5)
    await expect(proofSection.getByText('Our team is reviewing your proof')).toBeVisible()

    // The operator approves the new proof: the purchase is approved and its cashback can be accepted.
    await server.runOperatorCommands(['proofs', 'approve', rejectedTransactionId])
    await page.reload()
    await expect(proofSection.getByText('Appeal approved: this cashback is now approved.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible()
    expect((await detailOnServer(page, server.url)).status).toBe('APPROVED')
  } finally {
    await server.stop()
  }
})

test('ในภาษาไทย: หลักฐานการสั่งซื้อทำให้เงินคืนก้อนใหญ่ได้ภายใน 1 วัน', async ({ page }) => {
  test.setTimeout(180_000)
  const server = await startOwnAppServer()
  try {
    await page.goto(`${server.url}/auth`)
    await page.getByLabel('อีเมลหรือเบอร์มือถือ').fill('demo@ngernkhuen.test')
    await page.getByRole('button', { name: 'รับรหัสเข้าสู่ระบบ' }).click()
    await page.getByLabel('รหัสยืนยัน 6 หลัก').fill(await ownSignInCode(page, 'demo@ngernkhuen.test'))
    await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
    await expect(page).toHaveURL(/\/home$/)

    // Pending, waiting for the merchant: the page offers 1-day cashback for a proof of purchase.
    await page.goto(`${server.url}/cashback/${proofForOneDayTransactionId}`)
    const proofSection = page.getByRole('region', { name: 'หลักฐานการสั่งซื้อ' })
    await expect(proofSection.getByText('รับเงินคืนภายใน 1 วันด้วยหลักฐานการสั่งซื้อ')).toBeVisible()
    await expect(page.getByText(/หรือภายใน 1 วันเมื่อส่งหลักฐานการสั่งซื้อ/)).toBeVisible()
    await proofSection.getByLabel('เลือกรูป').setInputFiles(photos.slice(0, 1))
    await proofSection.getByRole('button', { name: 'ส่งหลักฐาน 1 รูป' }).click()
    await expect(proofSection.getByRole('list', { name: 'หลักฐานที่ส่งแล้ว' }).getByRole('listitem')).toHaveCount(1)
    await expect(proofSection.getByRole('status').getByText('กำลังตรวจสอบหลักฐาน', { exact: true })).toBeVisible()
    // Another picture (the order page beside the receipt) can still be added while it is reviewed.
    await expect(proofSection.getByLabel('เลือกรูป')).toHaveCount(1)

    // The operator approves the proof; the purchase became pending days ago, so the release job
    // approves it at once instead of waiting for the merchant.
    await server.runOperatorCommands(['proofs', 'approve', proofForOneDayTransactionId], ['cashback', 'release'])
    await page.reload()
    await expect(proofSection.getByRole('status').getByText('หลักฐานผ่านการตรวจสอบ')).toBeVisible()
    await expect(proofSection.getByText('หลักฐานของคุณทำให้รายการนี้ได้รับเงินคืนภายใน 1 วัน')).toBeVisible()
    await expect(proofSection.getByLabel('เลือกรูป')).toHaveCount(0)
    await expect(page.getByText('อนุมัติภายใน 1 วันจากเรตติ้งและหลักฐานของคุณ')).toBeVisible()
    await expect(page.getByRole('button', { name: 'รับเงินคืน' })).toBeVisible()
    const detail = await detailOnServer(page, server.url, proofForOneDayTransactionId)
    expect(detail).toMatchObject({ status: 'APPROVED', appeal: { status: 'approved', canUpload: false } })
  } finally {
    await server.stop()
  }
})
