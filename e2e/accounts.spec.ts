import { expect, test } from '@playwright/test'
import { startOwnAppServer } from './support/app-server'
import { latestSignInCode, outboxMessages, ownSignInCode, signInOnScreen } from './support/sign-in'

const demoBuyerEmail = 'demo@ngernkhuen.test'
const changeCode = { kind: 'identifier_change_code' } as const

/** A Thai mobile number no other test (or earlier run on a reused server) has. */
function uniquePhone(): string {
  return `08${String(Date.now() % 100_000_000).padStart(8, '0')}`
}

test('a member page sends an anonymous shopper to sign in and back again', async ({ page }) => {
  await page.goto('/en/profile')
  await expect(page).toHaveURL(/\/en\/auth\?redirect=%2Fen%2Fprofile$/)
  await expect(page.getByRole('heading', { name: 'Sign in or sign up' })).toBeVisible()
  await expect(page.getByLabel('6-digit code')).toHaveCount(0)

  await signInOnScreen(page, demoBuyerEmail)
  await expect(page).toHaveURL(/\/en\/profile$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(demoBuyerEmail)).toBeVisible()
  // Signed in: the top bar now has a back arrow.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Back' })).toBeVisible()

  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
  await page.goto('/en/profile')
  await expect(page).toHaveURL(/\/en\/auth/)
})

test('the code field lets the phone offer the code from the SMS', async ({ page }) => {
  await page.goto('/en/auth')
  await page.getByLabel('Email or mobile number').fill('0812345678')
  await page.getByRole('button', { name: 'Get a sign-in code' }).click()
  const codeField = page.getByLabel('6-digit code')
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(codeField).toHaveAttribute('inputmode', 'numeric')
  await expect(page.getByText('We sent a 6-digit code to 0812345678. It works for 10 minutes.')).toBeVisible()
})

test('sign-in says what is wrong with the identifier, in Thai and English', async ({ page }) => {
  await page.goto('/en/auth')
  const field = page.getByLabel('Email or mobile number')
  const submit = page.getByRole('button', { name: 'Get a sign-in code' })
  for (const [typed, message] of [
    ['', ' * This field is required.'],
    ['somchai@', ' * invalid email address.'],
    ['0212345', ' * Please enter a valid phone number.'],
    ['somchai', 'your email phone number is wrong please try again'],
  ] as const) {
    await field.fill(typed)
    await submit.click()
    await expect(page.getByText(message.trim())).toBeVisible()
    await expect(field).toHaveValue(typed)
  }
  await page.goto('/auth')
  await page.getByLabel('อีเมลหรือเบอร์มือถือ').fill('somchai')
  await page.getByRole('button', { name: 'รับรหัสเข้าสู่ระบบ' }).click()
  await expect(page.getByText('อีเมลหรือเบอร์โทรศัพท์ของคุณไม่ถูกต้อง กรุณาลองอีกครั้ง')).toBeVisible()
})

test('a wrong code is refused and the right one still works', async ({ page }) => {
  await page.goto('/en/auth')
  await page.getByLabel('Email or mobile number').fill(demoBuyerEmail)
  await page.getByRole('button', { name: 'Get a sign-in code' }).click()
  const code = await ownSignInCode(page, demoBuyerEmail)
  const wrong = code === '000000' ? '111111' : '000000'
  await page.getByLabel('6-digit code').fill(wrong)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('That code is not right.')
  await page.getByLabel('6-digit code').fill(code)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
})

test('the terms box is there from the start; a new shopper who skips it is asked for it and keeps the code', async ({
  page,
}) => {
  const email = `terms-${Date.now()}@example.com`
  await page.goto('/en/auth')
  await page.getByLabel('Email or mobile number').fill(email)
  await page.getByRole('button', { name: 'Get a sign-in code' }).click()
  const terms = page.getByRole('checkbox', { name: /I am 18 or older/ })
  await expect(terms).toBeVisible()
  await expect(terms).not.toBeChecked()
  await expect(page.getByText('Read the terms of use')).toBeVisible()

  const code = await ownSignInCode(page, email)
  await page.getByLabel('6-digit code').fill(code)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(terms).toHaveAccessibleDescription(/New account: tick the box to confirm the terms and sign up/)
  await expect(page.getByLabel('6-digit code')).toHaveValue(code)
  await terms.check()
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/home$/)
})

test('a new shopper accepts the terms, then fills in the profile with every rule checked', async ({ page }) => {
  const email = `new-${Date.now()}@example.com`
  await page.goto('/en/auth?redirect=%2Fen%2Fprofile%2Fedit')
  await signInOnScreen(page, email, { isNewBuyer: true })
  await expect(page).toHaveURL(/\/en\/profile\/edit$/)
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible()

  const save = page.getByRole('button', { name: 'Save' })
  await page.getByLabel('First name').fill('')
  await page.getByLabel('Email').fill('somchai@')
  await page.getByLabel('Mobile number').fill('0212')
  await page.getByLabel('Age').fill('16')
  await page.getByLabel('Phone or ID number').fill('1234567890123')
  await save.click()
  await expect(page.getByText('* This field is required.').first()).toBeVisible()
  await expect(page.getByText('* invalid email address.')).toBeVisible()
  await expect(page.getByText('* Please enter a valid phone number.')).toBeVisible()
  await expect(page.getByText('Members must be 18 or older')).toBeVisible()
  await expect(page.getByText('Please enter a valid mobile number or 13-digit ID number')).toBeVisible()
  // What was typed stays.
  await expect(page.getByLabel('Email')).toHaveValue('somchai@')

  await page.getByLabel('First name').fill('Malee')
  await page.getByLabel('Last name').fill('Srisuk')
  await page.getByLabel('Age').fill('29')
  await page.getByRole('radio', { name: 'Female' }).check()
  await page.getByLabel('Email').fill(email)
  const phone = uniquePhone()
  await page.getByLabel('Mobile number').fill(phone)
  // A national ID with a valid check digit.
  await page.getByLabel('Phone or ID number').fill('1101700230708')
  await save.click()
  // The first phone number is a sign-in identifier too: it waits for the code sent to it.
  const phoneConfirmation = page.getByRole('form', { name: 'Confirm your new mobile number' })
  await phoneConfirmation.getByLabel('6-digit code').fill(await latestSignInCode(page, phone, changeCode))
  await phoneConfirmation.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL(/\/en\/profile$/)
  await expect(page.getByText(phone, { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Malee Srisuk' })).toBeVisible()

  // The same rules speak Thai on the Thai page.
  await page.goto('/profile/edit')
  await page.getByLabel('ชื่อ', { exact: true }).fill('')
  await page.getByLabel('อีเมล', { exact: true }).fill('x@')
  await page.getByLabel('เบอร์มือถือ', { exact: true }).fill('02')
  await page.getByLabel('อายุ', { exact: true }).fill('17')
  await page.getByRole('button', { name: 'บันทึก' }).click()
  await expect(page.getByText('* กรุณากรอกข้อมูลในช่องนี้')).toBeVisible()
  await expect(page.getByText('* อีเมลไม่ถูกต้อง')).toBeVisible()
  await expect(page.getByText('* กรุณากรอกเบอร์โทรศัพท์ที่ถูกต้อง')).toBeVisible()
  await expect(page.getByText('สมาชิกต้องมีอายุ 18 ปีขึ้นไป')).toBeVisible()

  // The birth date is picked as Thai dates are written (month by name, the Buddhist-era year), and
  // the age follows from it.
  const birthDate = page.getByRole('group', { name: 'วันเกิด' })
  await birthDate.getByRole('combobox', { name: 'วัน', exact: true }).selectOption('14')
  // A date chosen in part is refused, not dropped.
  await page.getByRole('button', { name: 'บันทึก' }).click()
  await expect(birthDate.getByText('กรุณากรอกวันเกิดที่ถูกต้อง')).toBeVisible()
  await birthDate.getByRole('combobox', { name: 'เดือน', exact: true }).selectOption({ label: 'กุมภาพันธ์' })
  await birthDate.getByRole('combobox', { name: 'ปี (พ.ศ.)', exact: true }).selectOption({ label: '2540' })
  const bangkokToday = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10)
  const age = Number(bangkokToday.slice(0, 4)) - 1997 - (bangkokToday.slice(5) < '02-14' ? 1 : 0)
  const ageField = page.getByLabel('อายุ', { exact: true })
  await expect(ageField).toHaveValue(String(age))
  await expect(ageField).not.toBeEditable()

  // Someone else's profile is a forbidden action.
  await page.goto('/en/profile/edit/64656d6f6275796572303031')
  await expect(page).toHaveURL(/\/en\/unauthorized$/)
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
})

test('the app starts even when the buyer calls fail', async ({ page }) => {
  await page.goto('/en/auth')
  await signInOnScreen(page, demoBuyerEmail)
  await expect(page).toHaveURL(/\/en\/home$/)
  await page.route('**/api/buyers/**', (route) => route.abort())
  await page.route('**/api/cashback/**', (route) => route.abort())
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)/ })).toBeVisible()
  // Member pages still work; what could not load shows the saved copy or 0, never an error screen.
  await page.goto('/en/profile')
  await expect(page.getByText(/^-?THB\s[\d,]+\.\d\d$/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible()
})

test('a suspended buyer lands on /ban', async ({ page }) => {
  test.setTimeout(120_000)
  const server = await startOwnAppServer()
  try {
    // The demo data's buyer, suspended by an operator with a reason.
    await server.runOperatorCommands(['buyer', 'suspend', demoBuyerEmail, '--reason', 'e2e: chargeback fraud'])

    await page.goto(`${server.url}/en/auth`)
    await signInOnScreen(page, demoBuyerEmail)
    await expect(page).toHaveURL(/\/en\/ban$/)
    await expect(page.getByText('Unable to access! Please contact our chat bubble down below.')).toBeVisible()
    await page.goto(`${server.url}/en/profile`)
    await expect(page).toHaveURL(/\/en\/ban$/)
  } finally {
    await server.stop()
  }
})

test('a new email or phone signs in only after the code sent to it, in English and Thai', async ({ page, browser }) => {
  const oldEmail = `before-${String(Date.now())}@example.com`
  const newEmail = `after-${String(Date.now())}@example.com`
  const phone = uniquePhone()
  await page.goto('/en/auth?redirect=%2Fen%2Fprofile%2Fedit')
  await signInOnScreen(page, oldEmail, { isNewBuyer: true })
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible()
  // The same account on another device.
  const otherDevice = await browser.newPage()
  await otherDevice.goto('/en/auth')
  await signInOnScreen(otherDevice, oldEmail)
  await expect(otherDevice).toHaveURL(/\/en\/home$/)

  await page.getByLabel('First name').fill('Somsri')
  await page.getByLabel('Last name').fill('Jaidee')
  await page.getByLabel('Age').fill('31')
  await page.getByRole('radio', { name: 'Female' }).check()
  // Someone else's email is refused on its field, and what was typed stays.
  await page.getByLabel('Email').fill(demoBuyerEmail)
  await page.getByLabel('Mobile number').fill(phone)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This is already used by another account')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(demoBuyerEmail)

  await page.getByLabel('Email').fill(newEmail)
  await page.getByRole('button', { name: 'Save' }).click()
  const emailConfirmation = page.getByRole('form', { name: 'Confirm your new email' })
  await expect(emailConfirmation.getByText(`We sent a 6-digit code to ${newEmail}.`)).toBeVisible()
  await expect(page.getByRole('form', { name: 'Confirm your new mobile number' })).toBeVisible()

  // Until confirmed the profile says so, and the old email is still the account's.
  await page.goto('/en/profile')
  await expect(page.getByText(oldEmail, { exact: true })).toBeVisible()
  await expect(page.getByText('Waiting for confirmation')).toHaveCount(2)

  await page.goto('/en/profile/edit')
  const code = await latestSignInCode(page, newEmail, changeCode)
  const codeField = emailConfirmation.getByLabel('6-digit code')
  await codeField.fill(code === '000000' ? '111111' : '000000')
  await emailConfirmation.getByRole('button', { name: 'Confirm' }).click()
  await expect(emailConfirmation.getByRole('alert')).toContainText('That code is not right.')
  await codeField.fill(code)
  await emailConfirmation.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Confirmed. Your other devices were signed out.')).toBeVisible()

  // The old address is told; the other device is signed out, this one is not.
  await expect
    .poll(async () => (await outboxMessages(page, oldEmail)).map((message) => message.kind))
    .toContain('identifier_changed')
  await otherDevice.goto('/en/profile')
  await expect(otherDevice).toHaveURL(/\/en\/auth/)
  await otherDevice.close()

  // The phone, confirmed from the Thai page.
  await page.goto('/profile/edit')
  const phoneConfirmation = page.getByRole('form', { name: 'ยืนยันเบอร์มือถือใหม่' })
  await expect(phoneConfirmation.getByText(`เราส่งรหัส 6 หลักไปที่ ${phone} แล้ว`)).toBeVisible()
  await phoneConfirmation.getByLabel('รหัสยืนยัน 6 หลัก').fill('12345')
  await phoneConfirmation.getByRole('button', { name: 'ยืนยัน', exact: true }).click()
  await expect(phoneConfirmation.getByText('กรุณากรอกรหัส 6 หลักที่ได้รับ')).toBeVisible()
  await phoneConfirmation.getByLabel('รหัสยืนยัน 6 หลัก').fill(await latestSignInCode(page, phone, changeCode))
  await phoneConfirmation.getByRole('button', { name: 'ยืนยัน', exact: true }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible()
  await expect(page.getByText(phone, { exact: true })).toBeVisible()
  await expect(page.getByText('รอการยืนยัน')).toHaveCount(0)
})

test('a code works only in the browser that asked for it, and the screen says so', async ({ page }) => {
  const email = `elsewhere-${String(Date.now())}@example.com`
  await page.goto('/en/auth')
  await page.getByLabel('Email or mobile number').fill(email)
  await page.getByRole('button', { name: 'Get a sign-in code' }).click()
  const code = await ownSignInCode(page, email)
  // As if typed in another browser: this one no longer has the cookie naming its code.
  await page.context().clearCookies()
  await page.getByLabel('6-digit code').fill(code)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText(
    'This code was asked for in another browser. Enter it in the browser where you asked for it, or ask for a new one here.',
  )
})

test('sign-in says how long to wait when codes are asked for too often, in English and Thai', async ({ page }) => {
  // Five codes for one address from this network: the sixth is refused with the wait.
  const email = `often-${String(Date.now())}@example.com`
  await page.goto('/en/auth')
  for (let asked = 0; asked < 5; asked += 1) {
    const response = await page.request.post('/api/auth/codes', { data: { identifier: email } })
    expect(response.status()).toBe(202)
  }
  await page.getByLabel('Email or mobile number').fill(email)
  await page.getByRole('button', { name: 'Get a sign-in code' }).click()
  await expect(page.getByRole('alert')).toContainText('Too many codes requested. Please try again in 60 minutes.')
  await expect(page.getByLabel('Email or mobile number')).toHaveValue(email)

  // The per-network limit (its own counters are too costly to exhaust on the shared e2e server).
  await page.route('**/api/auth/codes', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '540' },
      json: {
        error: {
          code: 'too_many_requests',
          message: 'Too many codes were asked for from this network; try again in 540 seconds',
          details: { retryAfterSeconds: 540 },
        },
      },
    }),
  )
  await page.goto('/auth')
  await page.getByLabel('อีเมลหรือเบอร์มือถือ').fill('0812345678')
  await page.getByRole('button', { name: 'รับรหัสเข้าสู่ระบบ' }).click()
  await expect(page.getByRole('alert')).toContainText('มีการขอรหัสจากเครือข่ายนี้มากเกินไป กรุณาลองใหม่อีกครั้งใน 9 นาที')
})
