// The conversations inbox in a real browser (issue 25 §1), on a fresh tenant whose SMS account
// points at a local Twilio stand-in: a customer's text arrives through the signed inbound webhook
// and shows in the list and the open thread without a reload (the screen polls with ETags); the
// agent answers, the stand-in receives the reply, and the thread shows it sent.
import { createHmac, randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { csrf, signUpFreshTenant } from './helpers'
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio'

const SID = 'AC' + randomBytes(16).toString('hex')
const TOKEN = 'e2e-inbox-' + randomBytes(8).toString('hex')
const NUMBER = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
let twilio: FakeTwilio

test.beforeAll(async () => {
  twilio = await startFakeTwilio({ [SID]: TOKEN })
})
test.afterAll(async () => {
  await twilio.close()
})

const registerAndSignIn = (page: Page) =>
  signUpFreshTenant(page, { emailPrefix: 'inbox', companyName: 'Inbox Goods', firstName: 'Ina', lastName: 'Box' })

/** Twilio's signature of the URL it calls (the server's own address: APP_URL is not set here). */
function sign(url: string, params: Record<string, string>) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url)
  return createHmac('sha1', TOKEN).update(data, 'utf8').digest('base64')
}

async function customerTexts(page: Page, baseURL: string, from: string, body: string, to = NUMBER) {
  const params = {
    MessageSid: 'SM' + randomBytes(16).toString('hex'),
    AccountSid: SID,
    From: from,
    To: to,
    Body: body,
    NumMedia: '0',
  }
  const port = new URL(baseURL).port
  const res = await page.request.post('/webhooks/sms/inbound', {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': sign(`http://localhost:${port}/webhooks/sms/inbound`, params),
    },
    data: new URLSearchParams(params).toString(),
  })
  expect(res.status(), await res.text()).toBe(200)
}

test('a customer text shows without a reload, and the agent answers it', async ({ page, baseURL }) => {
  test.setTimeout(180_000)
  await registerAndSignIn(page)
  const account = await page.request.post('/ajax/sms/account', {
    headers: { 'X-CSRFToken': await csrf(page) },
    data: {
      accountSid: SID,
      authToken: TOKEN,
      senderNumber: NUMBER,
      phoneNumbers: [NUMBER],
      baseUrl: twilio.baseUrl,
      helpText: 'Reply STOP to opt out.',
      maxSegments: 4,
      quietHours: { enabled: false, start: '21:00', end: '08:00' },
    },
  })
  expect(account.ok(), await account.text()).toBeTruthy()

  await page.goto('/inbox/conversations')
  await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('No conversations here')).toBeVisible()

  await customerTexts(page, baseURL!, '+15557009001', 'Does this come in blue?')
  const row = page.getByTestId('inbox-conversation').filter({ hasText: 'Does this come in blue?' })
  await expect(row).toBeVisible({ timeout: 20_000 })
  await row.click()
  const thread = page.getByTestId('inbox-thread')
  await expect(thread.getByText('Does this come in blue?')).toBeVisible()

  // While the thread is open, the next text appears in it, once.
  await customerTexts(page, baseURL!, '+15557009001', 'Size M please')
  await expect(thread.getByText('Size M please')).toHaveCount(1, { timeout: 20_000 })

  await page.getByLabel('Reply', { exact: true }).fill('Yes, navy blue in M is in stock.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(thread.getByText('Yes, navy blue in M is in stock.')).toHaveCount(1)
  await expect
    .poll(() => twilio.requests.filter((r) => r.form.To === '+15557009001').length, { timeout: 30_000 })
    .toBe(1)
  expect(twilio.requests.find((r) => r.form.To === '+15557009001')!.form.Body).toBe('Yes, navy blue in M is in stock.')
  await expect(thread.getByTestId('inbox-delivery').last()).toHaveText('Sent', { timeout: 30_000 })
  await expect(thread.getByTestId('inbox-message')).toHaveCount(3)
})

test('on a phone the list comes first, then the thread with a way back', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  const number = NUMBER.replace(/\d$/, (d) => String((Number(d) + 1) % 10))
  await page.setViewportSize({ width: 375, height: 740 })
  await registerAndSignIn(page)
  const account = await page.request.post('/ajax/sms/account', {
    headers: { 'X-CSRFToken': await csrf(page) },
    data: {
      accountSid: SID,
      authToken: TOKEN,
      senderNumber: number,
      phoneNumbers: [number],
      baseUrl: twilio.baseUrl,
      quietHours: { enabled: false, start: '21:00', end: '08:00' },
    },
  })
  expect(account.ok(), await account.text()).toBeTruthy()
  await customerTexts(page, baseURL!, '+15557009002', 'Is shipping free?', number)
  await page.goto('/inbox/conversations')
  const row = page.getByTestId('inbox-conversation').filter({ hasText: 'Is shipping free?' })
  await expect(row).toBeVisible({ timeout: 20_000 })
  await row.click()
  await expect(page.getByTestId('inbox-thread').getByText('Is shipping free?')).toBeVisible()
  await expect(row).toBeHidden()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(1)
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(row).toBeVisible()
})
