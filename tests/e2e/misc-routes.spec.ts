// Issue 27 §4 (settings and the remaining small screens): each route renders its own screen (its
// heading, never the shared not-available screen) on the demo store, at desktop and phone width.
import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

for (const width of [1280, 390]) {
  test(`the settings and small screens render at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await signIn(page, 'owner@demo.test')
    const created = await page.request.post('/ajax/web-feeds', {
      headers: { 'content-type': 'application/json' },
      data: {
        name: `E2E feed ${width} ${Date.now()}`,
        url: 'https://example.com/feed.json',
        requestMethod: 'get',
        contentType: 'json',
        cacheTtlSeconds: 300,
      },
    })
    const feedId = created.ok() ? ((await created.json()).feed?.id as string) : 'missing'
    const keys = await page.request.get('/ajax/account/api-keys')
    const keyId = ((await keys.json()).apiKeys?.[0]?.id as number | undefined) ?? 0
    const visits: Array<[string, string | RegExp]> = [
      ['/settings/account/messaging', 'Messaging'],
      ['/settings/account/opt-in-process', 'Opt-in process'],
      ['/settings/other/profile-maintenance', 'Profile maintenance'],
      ['/flow/code', 'New flow from code'],
      ['/flow/playground', 'Flow playground'],
      ['/flows/create/with-ai', 'Create a flow from a goal'],
      ['/flows/generate/win_back', /for this account/],
      ['/support/contact', 'Contact support'],
      ['/kagent/history', 'Agent history'],
      ['/kagent/knowledge', 'Agent knowledge'],
      ['/create-private-api-key', 'Create a private API key'],
      [`/clone-private-api-key?apiKeyId=${keyId}`, 'Clone a private API key'],
      ['/feeds/new', 'Add a web feed'],
      [`/feed/${feedId}`, /E2E feed|Web feed/],
      [`/feed/${feedId}/preview`, /Preview of|Web feed preview/],
    ]
    for (const [path, heading] of visits) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId('not-available-screen')).toHaveCount(0)
    }
  })
}

test('a flow message content page shows its content or its not-found state', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/flow/message/no-such-message/content')
  await expect(page.getByRole('heading', { level: 1, name: 'Message content' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('This message was not found')).toBeVisible()
})

test('the public SMS program page of the demo store, and a 404 for an unknown key', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  const hub = await page.request.get('/ajax/customer-hub/settings')
  const publicKey = String((await hub.json()).hubPath ?? '')
    .split('/')
    .pop()
  await page.context().clearCookies()
  await page.goto(`/${publicKey}/info`)
  await expect(page.getByTestId('sms-program-info')).toContainText('STOP')
  const missing = await page.goto('/NOPE000/info')
  expect(missing?.status()).toBe(404)
})

test('the opt-in process of a list can be switched to double opt-in', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/settings/account/opt-in-process')
  const firstList = page.getByRole('checkbox', { name: /^Select (?!all)/ }).first()
  await firstList.check()
  await page.getByTestId('set-double').click()
  await expect(page.getByText('Opt-in process saved.')).toBeVisible()
})
