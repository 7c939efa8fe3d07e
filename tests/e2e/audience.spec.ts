// The audience screens in a real browser: build a segment and see its live count, import a
// CSV into a list with a per-row error, and send an event through the official SDK that then
// shows on the profile's timeline.
import { test, expect, type Page } from '@playwright/test'
import { ApiKeySession, EventsApi, EventEnum, MetricEnum, ProfileEnum } from 'klaviyo-api'
import { signIn } from './helpers'

async function csrf(page: Page): Promise<string> {
  const cookies = await page.context().cookies()
  return cookies.find((c) => c.name === 'kl_csrftoken')?.value ?? ''
}

test('a segment built in the builder shows its live count and saves', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/lists/create/segment')
  await page.getByTestId('segment-name').fill('E2E repeat buyers')
  await page.getByTestId('condition-kind').selectOption('metric')
  await page.getByTestId('condition-metric').selectOption({ label: 'Placed Order' })
  await page.getByTestId('condition-comparison').selectOption('at_least')
  await page.getByTestId('condition-count').fill('2')
  await page.getByTestId('condition-timeframe').selectOption('all_time')
  const count = page.getByTestId('segment-preview-count')
  await expect(count).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  const n = Number(await count.getAttribute('data-count'))
  expect(n).toBeGreaterThan(100) // the demo store has hundreds of repeat buyers
  await page.getByTestId('segment-save').click()
  await expect(page).toHaveURL(/\/list\/[A-Za-z0-9]{6}\//, { timeout: 15_000 })
  await expect(page.getByRole('heading', { name: 'E2E repeat buyers' })).toBeVisible()
})

test('a CSV import adds the good rows to the list and reports the bad one by line', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  const created = await page.request.post('/ajax/group', {
    data: { name: 'E2E import target', type: 0 },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(created.ok()).toBeTruthy()
  const body = await created.json()
  const listId: string = body.group?.id ?? body.id ?? body.data?.id
  await page.goto(`/list/${listId}/import/upload`)
  await page
    .getByTestId('csv-paste')
    .fill(
      'Email,First Name,Last Name\nada.e2e@example.com,Ada,Lovelace\nnot-an-email,Bad,Row\ngrace.e2e@example.com,Grace,Hopper\n',
    )
  await page.getByTestId('csv-paste-continue').click()
  await expect(page.getByTestId('csv-preview')).toBeVisible()
  // The bad row is flagged before importing, and the consent of the people must be answered.
  await expect(page.getByTestId('import-flagged')).toContainText('1 row will be refused')
  await page.getByLabel(/^No: import them without subscribing them/).check()
  await page.getByTestId('import-submit').click()
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'complete', { timeout: 30_000 })
  await expect(page.getByTestId('import-completed')).toHaveText('2')
  await expect(page.getByTestId('import-failed')).toHaveText('1')
  await expect(page.getByTestId('import-errors')).toContainText('3')
  await page.getByTestId('back-to-list').click()
  await expect(page.getByText('ada.e2e@example.com')).toBeVisible()

  // The list's import history shows the import with its refused row.
  await page.getByRole('link', { name: 'Import history' }).click()
  await expect(page).toHaveURL(new RegExp(`/list/${listId}/import/history$`))
  const history = page.getByRole('region', { name: 'Import history' })
  await expect(history.getByText('Complete')).toBeVisible({ timeout: 15_000 })
  await expect(history.getByRole('link', { name: '1 refused row (CSV)' })).toBeVisible()
})

test('people added by address on the add-people page join the list; nobody is suppressed yet', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  const created = await page.request.post('/ajax/group', {
    data: { name: 'E2E add people', type: 0 },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  const body = await created.json()
  const listId: string = body.group?.id ?? body.id ?? body.data?.id
  await page.goto(`/list/${listId}/members/add`)
  await page.getByTestId('add-members-emails').fill('one.e2e@example.com, two.e2e@example.com')
  await page.getByTestId('add-members-submit').click()
  await expect(page.getByTestId('add-members-done')).toHaveText('2 addresses added to the list.')
  await page.goto(`/list/${listId}/suppressed`)
  await expect(page.getByRole('heading', { name: 'No suppressed members' })).toBeVisible({ timeout: 15_000 })
  await page.getByTestId('back-to-list').click()
  await expect(page.getByText('two.e2e@example.com')).toBeVisible({ timeout: 15_000 })
})

test('an event sent through the official SDK appears on the profile timeline', async ({ page, baseURL }) => {
  await signIn(page, 'owner@demo.test')
  const keyRes = await page.request.post('/ajax/account/private-api-key/create', {
    data: { label: 'E2E SDK' },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(keyRes.ok()).toBeTruthy()
  const keyBody = await keyRes.json()
  const key: string = keyBody.key ?? keyBody.data?.key ?? keyBody.apiKey?.key
  expect(key).toMatch(/^pk_/)

  const events = new EventsApi(new ApiKeySession(key))
  events.basePath = baseURL!
  const email = `sdk.e2e.${Date.now()}@example.com`
  await events.createEvent({
    data: {
      type: EventEnum.Event,
      attributes: {
        properties: { Product: 'Trail Runner 2' },
        value: 129.5,
        valueCurrency: 'USD',
        metric: { data: { type: MetricEnum.Metric, attributes: { name: 'Placed Order' } } },
        profile: { data: { type: ProfileEnum.Profile, attributes: { email, firstName: 'Sam' } } },
      },
    },
  })

  // The in-process worker ingests it; find the profile through the public API.
  let profileId: string | undefined
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/profiles?filter=${encodeURIComponent(`equals(email,"${email}")`)}`, {
          headers: { Authorization: `Klaviyo-API-Key ${key}`, revision: '2026-07-15' },
        })
        profileId = (await res.json()).data?.[0]?.id
        return profileId
      },
      { timeout: 15_000 },
    )
    .toBeTruthy()

  await page.goto(`/profile/${profileId}`)
  const timeline = page.getByTestId('profile-timeline')
  await expect(timeline.getByTestId('timeline-event').first()).toContainText('Placed Order')
  await expect(timeline).toContainText('129.50')
})
