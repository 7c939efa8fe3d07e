// The review request flow in a real browser (issue 24 §1): a fresh account creates the "Review
// request after fulfilment" flow from its template, the builder shows the delay and the "Send
// review request" step with its panel (subject, heading, the review request template chosen),
// a second review request is added from the step menu, and a review request without a template
// cannot be saved (the field error names it).
import { randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { PASSWORD, snap } from './helpers'

async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''
}

async function registerAndSignIn(page: Page): Promise<void> {
  const email = `reviews-${randomBytes(4).toString('hex')}@example.test`
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  const reg = await page.request.post('/ajax/register', {
    data: {
      companyName: 'Review Goods',
      firstName: 'Rae',
      lastName: 'Views',
      email,
      password: PASSWORD,
      timezone: 'UTC',
    },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(reg.status()).toBe(202)
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

test('the review request template in the builder: the step, its panel, a second one from the menu', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await registerAndSignIn(page)
  const created = await page.request.post('/ajax/flows/create', {
    data: { templateKey: 'review_request' },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(created.ok(), await created.text()).toBeTruthy()
  const flowId: string = (await created.json()).flowId

  await page.goto(`/flow/${flowId}/edit`)
  await expect(page.getByTestId('flow-builder')).toBeVisible({ timeout: 30_000 })
  const delay = page.locator('[data-testid="flow-node"][data-action-type="time-delay"]')
  await expect(delay).toHaveCount(1)
  const ask = page.locator('[data-testid="flow-node"][data-action-type="send-review-request"]')
  await expect(ask).toHaveCount(1)
  await expect(ask).toContainText('Review request')

  await ask.click()
  const panel = page.getByTestId('action-panel')
  await expect(panel).toHaveAttribute('data-action-type', 'send-review-request')
  await expect(panel.getByTestId('review-request-subject')).toHaveValue(/How did we do/)
  await expect(panel.getByTestId('review-request-template')).not.toHaveValue('')
  await snap(page, 'review-request-panel')

  // a second one from the menu, after the first: without a template the flow does not save
  const edge = page.locator('[data-testid="add-step"]').last()
  await edge.click()
  await page.getByTestId('add-menu').getByTestId('add-send-review-request').click()
  await expect(ask).toHaveCount(2)
  await page.getByTestId('save-flow').click()
  await expect(page.getByText('Choose the review request template.').first()).toBeVisible({ timeout: 30_000 })
})
