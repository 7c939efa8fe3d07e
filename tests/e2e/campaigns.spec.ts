// Campaigns in a real browser (issue 10, Tests): a fresh account creates an email campaign to a
// list in the wizard (audience, content with a template, no A/B test, send now), sends it, finds
// the message in the sent-messages viewer (the local outbox: the e2e server has no SMTP server)
// and opens its tracked link, which redirects to the original address. The first hit comes from the
// headless browser's own agent, which counts as a machine click; the reader's click, a few seconds
// later from a desktop browser, is the human one. The reader then places an order through the
// public API, and the campaign's reports show it: the revenue on the overview, and the order with
// its touch on the conversions tab.
import { randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { snap, givePostalAddress, csrf, signUpFreshTenant } from './helpers'

const REVISION = '2026-07-15'
const DESKTOP_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'

const registerAndSignIn = (page: Page) =>
  signUpFreshTenant(page, {
    emailPrefix: 'campaigns',
    companyName: 'Campaign Goods',
    firstName: 'Cam',
    lastName: 'Paign',
  })

test('create an email campaign to a list in the wizard, send it, find it in the outbox and open its tracked link', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000)
  await registerAndSignIn(page)
  await givePostalAddress(page)
  const headers = { 'X-CSRFToken': await csrf(page) }

  // A private API key, a list and one profile on it, through the public API.
  const keyRes = await page.request.post('/ajax/account/private-api-key/create', {
    data: { label: 'E2E campaigns' },
    headers,
  })
  expect(keyRes.ok(), await keyRes.text()).toBeTruthy()
  const keyBody = await keyRes.json()
  const key: string = keyBody.key ?? keyBody.data?.key ?? keyBody.apiKey?.key
  const api = {
    Authorization: `Klaviyo-API-Key ${key}`,
    revision: REVISION,
    'Content-Type': 'application/vnd.api+json',
  }
  const listName = `Spring list ${randomBytes(2).toString('hex')}`
  const list = await page.request.post('/api/lists', {
    headers: api,
    data: { data: { type: 'list', attributes: { name: listName } } },
  })
  expect(list.status(), await list.text()).toBe(201)
  const listId: string = (await list.json()).data.id
  const recipient = `reader-${randomBytes(4).toString('hex')}@example.test`
  const profile = await page.request.post('/api/profiles', {
    headers: api,
    data: { data: { type: 'profile', attributes: { email: recipient, first_name: 'Robin' } } },
  })
  expect(profile.status(), await profile.text()).toBe(201)
  const profileId: string = (await profile.json()).data.id
  const member = await page.request.post(`/api/lists/${listId}/relationships/profiles`, {
    headers: api,
    data: { data: [{ type: 'profile', id: profileId }] },
  })
  expect(member.status(), await member.text()).toBe(204)

  // The email's template, with a link to track.
  const target = `${baseURL}/login?from=spring-sale`
  const tplRes = await page.request.post('/ajax/email-templates', {
    data: { mode: 'blank', name: 'E2E spring sale', editorType: 'CODE' },
    headers,
  })
  expect(tplRes.ok(), await tplRes.text()).toBeTruthy()
  const templateId: string = (await tplRes.json()).template.id
  const saveTpl = await page.request.put(`/ajax/email-templates/${templateId}`, {
    data: {
      html: `<html><body><p>Hello {{ first_name|default:"friend" }}, the spring sale is on.</p><p><a href="${target}">Shop the sale</a></p></body></html>`,
    },
    headers,
  })
  expect(saveTpl.ok(), await saveTpl.text()).toBeTruthy()

  // Create the campaign from the list screen.
  await page.goto('/campaigns')
  await page.getByTestId('create-campaign').first().click()
  await page.getByTestId('campaign-name').fill('E2E spring sale')
  await page.getByTestId('channel-email').check()
  await page.getByTestId('create-campaign-submit').click()
  await expect(page).toHaveURL(/\/campaign\/[^/]+\/wizard\/audience$/, { timeout: 30_000 })
  const campaignId = page.url().split('/campaign/')[1]!.split('/')[0]!

  // Audience: the list.
  await page.getByTestId('audience-included').getByLabel(listName).check()
  await snap(page, 'campaign-wizard-audience')
  await page.getByTestId('wizard-next').click()

  // Content: subject, sender and the template.
  await expect(page).toHaveURL(/\/wizard\/content$/, { timeout: 30_000 })
  await page.getByTestId('content-subject').fill('The spring sale is on')
  await page.getByTestId('content-preview_text').fill('Everything 20% off')
  await page.getByTestId('content-from_label').fill('Campaign Goods')
  await page.getByTestId('content-from_email').fill('shop@example.test')
  const templateSelect = page.getByTestId('template-select')
  await expect(templateSelect.locator('option', { hasText: 'E2E spring sale' })).toHaveCount(1, { timeout: 30_000 })
  await templateSelect.selectOption({ label: 'E2E spring sale' })
  await expect(page.getByTestId('edit-template')).toBeVisible({ timeout: 30_000 })
  await snap(page, 'campaign-wizard-content')
  await page.getByTestId('wizard-next').click()

  // No A/B test; send now.
  await expect(page).toHaveURL(/\/wizard\/ab-test$/, { timeout: 30_000 })
  await page.getByTestId('wizard-next').click()
  await expect(page).toHaveURL(/\/wizard\/schedule$/, { timeout: 30_000 })
  await page.getByTestId('method-immediate').check()
  await page.getByTestId('wizard-next').click()

  // The saved content survives a reload (issue 30 §2: it came back empty).
  await expect(page).toHaveURL(/\/wizard\/review$/, { timeout: 30_000 })
  await page.goto(`/campaign/${campaignId}/wizard/content`)
  await expect(page.getByTestId('content-preview_text')).toHaveValue('Everything 20% off', { timeout: 30_000 })
  await expect(page.getByTestId('content-from_label')).toHaveValue('Campaign Goods')
  await expect(page.getByTestId('content-from_email')).toHaveValue('shop@example.test')
  await page.goto(`/campaign/${campaignId}/wizard/review`)

  // Review: no problems; send, once confirmed.
  await expect(page).toHaveURL(/\/wizard\/review$/, { timeout: 30_000 })
  await expect(page.getByTestId('send-campaign')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('review-problems')).toHaveCount(0)
  await snap(page, 'campaign-wizard-review')
  await page.getByTestId('send-campaign').click()
  await expect(page.getByRole('dialog', { name: 'Send this campaign now?' })).toBeVisible()
  await page.getByTestId('send-campaign-confirm').click()
  await expect(page).toHaveURL(new RegExp(`/campaign/${campaignId}/sent$`), { timeout: 30_000 })
  await expect(page.getByTestId('campaign-sent')).toBeVisible()

  // The message in the sent-messages viewer.
  await page.goto('/settings/email/outbox')
  const row = page.getByRole('row').filter({ hasText: recipient }).first()
  await expect(row).toBeVisible({ timeout: 90_000 })
  await expect(row).toContainText('The spring sale is on')
  await row.getByTestId('message-open').click()
  const body = page.frameLocator('[data-testid="message-html"]')
  await expect(body.getByText('Hello Robin, the spring sale is on.')).toBeVisible({ timeout: 30_000 })

  // Its link is tracked: it leads through our redirect to the original address.
  const href = await body.getByRole('link', { name: 'Shop the sale' }).getAttribute('href')
  expect(href).toBeTruthy()
  expect(href).not.toBe(target)
  const click = await page.request.get(href!, { maxRedirects: 0 })
  expect([301, 302, 303, 307, 308]).toContain(click.status())
  // The account's UTM tracking adds its parameters, naming the campaign.
  const location = new URL(click.headers()['location']!)
  expect(location.origin + location.pathname).toBe(new URL(target).origin + '/login')
  expect(location.searchParams.get('from')).toBe('spring-sale')
  expect(location.searchParams.get('utm_campaign')).toBe(`E2E spring sale (${campaignId})`)

  // The campaign is listed as sent.
  await page.goto('/campaigns/list')
  const listed = page.getByRole('row').filter({ hasText: 'E2E spring sale' })
  await expect(listed).toContainText('Sent', { timeout: 90_000 })

  // The reader clicks from a desktop browser. A click within FAST_CLICK_SECONDS of the message
  // leaving us counts as a scanner's (machine-activity.ts), so instead of waiting a fixed time the
  // reader clicks until the public API shows a click recorded as a person's (a click event, with
  // $link_index, not flagged $machine); then places an order through the public API.
  const personClicked = async () => {
    const res = await page.request.get(
      `/api/events?filter=${encodeURIComponent(`equals(profile_id,"${profileId}")`)}`,
      { headers: api },
    )
    expect(res.status(), await res.text()).toBe(200)
    const events: Array<{ attributes: { event_properties: Record<string, unknown> } }> = (await res.json()).data
    return events.some(
      ({ attributes: { event_properties: p } }) => p.$link_index !== undefined && p.$machine === undefined,
    )
  }
  await expect
    .poll(
      async () => {
        const human = await page.request.get(href!, { maxRedirects: 0, headers: { 'User-Agent': DESKTOP_CHROME } })
        expect([301, 302, 303, 307, 308]).toContain(human.status())
        return personClicked()
      },
      { intervals: [1_000], timeout: 30_000 },
    )
    .toBe(true)
  const order = await page.request.post('/api/events', {
    headers: api,
    data: {
      data: {
        type: 'event',
        attributes: {
          properties: { OrderId: 'E2E-1001', ItemNames: ['Linen shirt'] },
          value: 84.5,
          unique_id: `e2e-order-${campaignId}`,
          metric: { data: { type: 'metric', attributes: { name: 'Placed Order' } } },
          profile: { data: { type: 'profile', attributes: { email: recipient } } },
        },
      },
    },
  })
  expect(order.status(), await order.text()).toBe(202)

  // The overview: one click (the scanner's is left out) and the order's value as revenue.
  await page.goto(`/campaign/${campaignId}/reports/overview`)
  await expect(page.getByTestId('stat-revenue')).toContainText('$84.50', { timeout: 30_000 })
  await expect(page.getByTestId('stat-click-rate')).toContainText('100%')
  await expect(page.getByTestId('stat-conversions')).toContainText('1')
  // A click with no open seen (images not loaded): no made-up click-to-open rate.
  await expect(page.getByTestId('stat-click-to-open')).toContainText('—')
  await snap(page, 'campaign-report-overview')

  // The conversions tab: the order, who placed it, and the click that earned it.
  await page.getByRole('link', { name: 'Conversions' }).click()
  await expect(page).toHaveURL(new RegExp(`/campaign/${campaignId}/reports/conversions$`))
  await expect(page.getByTestId('conv-value')).toContainText('$84.50', { timeout: 30_000 })
  const conversion = page.getByRole('row').filter({ hasText: recipient })
  await expect(conversion).toContainText('Placed Order')
  await expect(conversion).toContainText('Click · Email')
  await expect(conversion).toContainText('$84.50')
  await snap(page, 'campaign-report-conversions')
})
