// The push editor in a real browser (issue 25 §3), on a fresh tenant whose FCM service account
// points at a local FCM stand-in (the server's FCM_API_URL is its port, playwright.config.ts):
// a push campaign's message is edited (deep link, badge count), the iOS and Android preview
// frames show it, and the test send to a device of a chosen profile reaches the stand-in with
// the rendered title and the options.
import { randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { csrf, signUpFreshTenant } from './helpers'
import { startFakeFcm, type FakeFcm } from '../helpers/fake-fcm'

const REVISION = '2026-07-15'
let fcm: FakeFcm

test.beforeAll(async () => {
  fcm = await startFakeFcm(Number(process.env.E2E_FCM_PORT ?? 3292))
})
test.afterAll(async () => {
  await fcm.close()
})

const registerAndSignIn = (page: Page) =>
  signUpFreshTenant(page, { emailPrefix: 'push', companyName: 'Push Goods', firstName: 'Pia', lastName: 'Sh' })

test('push editor: edit, preview in both frames, test send reaches the FCM stand-in', async ({ page }) => {
  test.setTimeout(180_000)
  await registerAndSignIn(page)
  const headers = { 'X-CSRFToken': await csrf(page) }
  const sa = await page.request.put('/ajax/push/settings', {
    data: { serviceAccountJson: fcm.serviceAccount() },
    headers,
  })
  expect(sa.ok(), await sa.text()).toBeTruthy()

  const keyRes = await page.request.post('/ajax/account/private-api-key/create', {
    data: { label: 'E2E push' },
    headers,
  })
  const keyBody = await keyRes.json()
  const key: string = keyBody.key ?? keyBody.data?.key ?? keyBody.apiKey?.key
  const api = {
    Authorization: `Klaviyo-API-Key ${key}`,
    revision: REVISION,
    'Content-Type': 'application/vnd.api+json',
  }
  const list = await page.request.post('/api/lists', {
    data: { data: { type: 'list', attributes: { name: `Push ${randomBytes(2).toString('hex')}` } } },
    headers: api,
  })
  const listId = (await list.json()).data.id as string
  const email = `app-user-${randomBytes(3).toString('hex')}@example.test`
  const deviceToken = `e2e-device-${randomBytes(6).toString('hex')}`
  const token = await page.request.post('/api/push-tokens', {
    data: {
      data: {
        type: 'push-token',
        attributes: {
          token: deviceToken,
          platform: 'android',
          vendor: 'fcm',
          device_metadata: { device_model: 'Pixel 9' },
          profile: { data: { type: 'profile', attributes: { email, first_name: 'Ada' } } },
        },
      },
    },
    headers: api,
  })
  expect(token.status(), await token.text()).toBe(202)
  const campaign = await page.request.post('/api/campaigns', {
    data: {
      data: {
        type: 'campaign',
        attributes: {
          name: 'Push test campaign',
          audiences: { included: [listId] },
          'campaign-messages': {
            data: [
              {
                type: 'campaign-message',
                attributes: { definition: { channel: 'mobile_push', content: { title: 'Hello', body: 'Draft' } } },
              },
            ],
          },
        },
      },
    },
    headers: api,
  })
  expect(campaign.ok(), await campaign.text()).toBeTruthy()
  const messageId = (await campaign.json()).data.relationships['campaign-messages'].data[0].id as string

  await page.goto(`/push-editor/${messageId}`)
  const form = page.getByTestId('push-editor-form')
  await form.getByLabel('Title').fill('Hi {{ first_name }}')
  await form.getByLabel('Message').fill('Your cart is waiting')
  await form.getByLabel('When opened').selectOption('deep_link')
  await form.getByLabel('Deep link').fill('shop://cart')
  await form.getByLabel('App icon badge').selectOption('set_count')
  await form.getByLabel('Badge count').fill('3')
  await page.getByTestId('save-push').click()
  await expect(page.getByText('Push message saved.')).toBeVisible()
  await expect(page.getByTestId('push-preview-ios')).toContainText('Your cart is waiting')
  await expect(page.getByTestId('push-preview-android')).toContainText('shop://cart')

  await page.getByLabel('Profile email, ID or external ID').fill(email)
  await page.getByRole('button', { name: 'Find devices' }).click()
  await expect(page.getByLabel('Device')).toContainText('Pixel 9')
  // the preview now renders for the chosen profile
  await expect(page.getByTestId('push-preview-ios')).toContainText('Hi Ada')
  await page.getByTestId('send-test-push').click()
  await expect(page.getByText(/Sent through FCM/)).toBeVisible()
  const sent = fcm.sent.find((s) => s.message.token === deviceToken)!.message as Record<string, Record<string, unknown>>
  expect(sent.notification).toMatchObject({ title: 'Hi Ada', body: 'Your cart is waiting' })
  expect(sent.data).toMatchObject({ url: 'shop://cart', badge_action: 'set_count', badge_count: '3', test: '1' })
})
