// Code functions and transformations (issue 27) on the demo store: the owner authorizes
// functions once, writes one with a secret, tests it on a sample event and sees its logs, saves
// it and finds it on the dashboard and its runs screen; then builds a transformation, tests it
// side by side (changed, dropped), turns it on and off and deletes both, so the demo's event
// ingest is left as it was.
import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

test('authorize, write and test a function, then build and test a transformation', async ({ page }) => {
  await signIn(page, 'owner@demo.test')

  await page.goto('/cdp/code/authorize')
  const accept = page.getByTestId('accept-consent')
  const authorized = page.getByText('Functions are authorized for this account')
  // The screen loads its state first: wait for one of the two before deciding.
  await expect(accept.or(authorized)).toBeVisible()
  if (await accept.isVisible()) {
    await page.getByTestId('consent-checkbox').check()
    await accept.click()
  }
  await expect(authorized).toBeVisible()

  const name = `E2E function ${Date.now()}`
  await page.goto('/cdp/code/create')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByRole('combobox', { name: 'Trigger metric' }).fill('Placed Order')
  await page
    .getByTestId('function-code')
    .fill(
      'function main(event, profile) {\n  console.log("got", event.metric, process.env.GREETING)\n  return { ok: true }\n}',
    )
  await page.getByTestId('add-secret').click()
  await page.getByLabel('Name').nth(1).fill('GREETING')
  await page.getByLabel('Value', { exact: true }).fill('hello')
  await page.getByTestId('load-sample').click()
  await expect(page.getByTestId('sample-event')).toHaveValue(/Placed Order/)
  await page.getByTestId('run-test').click()
  await expect(page.getByTestId('test-logs')).toContainText('info got Placed Order hello')

  await page.getByTestId('save-function').click()
  await expect(page).toHaveURL(/\/cdp\/code\/function\/[0-9A-Z]+$/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  const functionUrl = page.url()

  await page.goto('/cdp/code/dashboard')
  await expect(page.getByRole('link', { name })).toBeVisible()

  // A bad code is refused with the sandbox's message on the field.
  await page.goto(functionUrl)
  await page.getByTestId('edit-function').click()
  await page.getByTestId('function-code').fill('return {')
  await page.getByTestId('save-function').click()
  await expect(page.getByText(/SyntaxError/)).toBeVisible()

  // The transformation bench.
  await page.goto('/cdp/transformation/build')
  await page.getByLabel('Name', { exact: true }).fill(`E2E transformation ${Date.now()}`)
  await page.getByTestId('run-transformation-test').click()
  await expect(page.getByTestId('transformation-output')).toContainText('"source": "web"')
  await page
    .getByTestId('transformation-input')
    .fill(
      JSON.stringify({ metric: 'Viewed Product', properties: { test: true }, profile: { email: 'e2e@example.com' } }),
    )
  await page.getByTestId('run-transformation-test').click()
  await expect(page.getByTestId('transformation-output')).toContainText('Dropped')
  await page.getByTestId('save-transformation').click()
  await expect(page).toHaveURL(/\/cdp\/transformation\/edit\/[0-9A-Z]+$/, { timeout: 15_000 })
  await page.getByTestId('toggle-transformation').click()
  await expect(page.getByText('On: new events are transformed')).toBeVisible()
  await page.getByTestId('toggle-transformation').click()
  await expect(page.getByText('Off: events are stored as they are sent.')).toBeVisible()
  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/cdp\/code\/dashboard$/)

  await page.goto(`${functionUrl.replace('/function/', '/create?functionId=')}`)
  await page.getByTestId('delete-function').click()
  await page.getByTestId('confirm-delete').click()
  await expect(page).toHaveURL(/\/cdp\/code\/dashboard$/)
  await expect(page.getByRole('link', { name })).toHaveCount(0)
})
