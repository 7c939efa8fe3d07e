// The review request flow in a real browser (issue 24 §1): a fresh account creates the "Review
// request after fulfilment" flow from its template, the builder shows the delay and the "Send
// review request" step with its panel (subject, heading, the review request template chosen),
// a second review request is added from the step menu, and a review request without a template
// cannot be saved (the field error names it).
import { test, expect, type Page } from '@playwright/test'
import { snap, csrf, signUpFreshTenant } from './helpers'

const registerAndSignIn = (page: Page) =>
  signUpFreshTenant(page, { emailPrefix: 'reviews', companyName: 'Review Goods', firstName: 'Rae', lastName: 'Views' })

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
