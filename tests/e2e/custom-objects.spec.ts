// Custom objects on the demo store: a data source and records sent through the official SDK, an
// object built in the /objects builder that reads them and links them to profiles by email, the
// list with its record count, and the profile's objects pages showing the linked record.
import { test, expect, type Page } from '@playwright/test'
import { ApiKeySession, CustomObjectsApi, ProfilesApi, ProfileEnum } from 'klaviyo-api'
import { signIn } from './helpers'

async function csrf(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''
}

test('build a custom object, feed it through the SDK, see it on the list and the profile', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'owner@demo.test')
  const keyRes = await page.request.post('/ajax/account/private-api-key/create', {
    data: { label: 'E2E objects' },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(keyRes.ok()).toBeTruthy()
  const keyBody = await keyRes.json()
  const key: string = keyBody.key ?? keyBody.data?.key ?? keyBody.apiKey?.key
  const session = new ApiKeySession(key)
  const objects = new CustomObjectsApi(session)
  objects.basePath = baseURL!
  const profiles = new ProfilesApi(session)
  profiles.basePath = baseURL!

  const email = `objects.e2e.${Date.now()}@example.com`
  const profile = await profiles.createProfile({
    data: { type: ProfileEnum.Profile, attributes: { email } },
  })
  const profileId = profile.body.data.id!
  const title = `Vehicle ${Date.now()}`
  const source = await objects.createDataSource({
    data: { type: 'data-source' as never, attributes: { title: `${title} feed` } },
  })
  const sourceId = source.body.data.id

  // The builder: name, fields, source and profile link, review, save.
  await page.goto('/objects/build/name')
  await page.getByLabel('Object name').fill(title)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/objects\/build\/fields$/)
  await page.getByLabel('Field name').first().fill('vin')
  await page.getByRole('button', { name: 'Add field' }).click()
  await page.getByLabel('Field name').nth(1).fill('year')
  await page.getByLabel('Type').nth(1).selectOption('int')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Data source').selectOption(sourceId)
  await page.getByLabel('Path of the record id').fill('vin')
  await page.getByLabel('Link to profiles by').selectOption('email')
  await page.getByLabel('Path of the identifier in the record').fill('owner')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByTestId('object-step-review')).toContainText(title)
  await page.getByRole('button', { name: 'Save object' }).click()
  await expect(page).toHaveURL(/\/objects$/, { timeout: 15_000 })
  await expect(page.getByRole('link', { name: title })).toBeVisible()

  await objects.bulkCreateDataSourceRecords({
    data: {
      type: 'data-source-record-bulk-create-job' as never,
      attributes: {
        dataSourceRecords: {
          data: [
            { type: 'data-source-record' as never, attributes: { record: { vin: 'E2E-1', year: 2024, owner: email } } },
          ],
        },
      },
      relationships: { dataSource: { data: { type: 'data-source' as never, id: sourceId } } },
    },
  })

  // The in-process worker applies the job; the profile's objects page shows the record.
  await expect
    .poll(
      async () => {
        await page.goto(`/profile/${profileId}/objects`)
        // The page loads its records after it renders: wait a moment for them each time (the
        // record id and its vin field are the same value: two cells of one row).
        return page
          .getByTestId('profile-objects')
          .getByText('E2E-1')
          .first()
          .waitFor({ timeout: 5_000 })
          .then(() => true)
          .catch(() => false)
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  await page.getByTestId('profile-objects').getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/profile/${profileId}/all-custom-objects/`))
  await expect(page.getByTestId('profile-objects').getByText('2024')).toBeVisible({ timeout: 15_000 })

  await page.goto('/objects')
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) })
  await expect(row).toContainText('1')
})
