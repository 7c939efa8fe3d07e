// The flow builder in a real browser (issue 9, Tests): a fresh account builds a two-step flow on
// the canvas (a metric trigger, then an email), saves it, turns it live, sends a trigger event
// through the public API, sees the profile's run on the email's node (the live count), and finds
// the message in the sent-messages viewer (the local outbox: the e2e server has no SMTP server).
import { randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { snap, givePostalAddress, csrf, signUpFreshTenant } from './helpers'

const REVISION = '2026-07-15'

const registerAndSignIn = (page: Page) =>
  signUpFreshTenant(page, { emailPrefix: 'flows', companyName: 'Flow Goods', firstName: 'Fay', lastName: 'Flows' })

async function sendEvent(page: Page, key: string, metric: string, email: string, properties: Record<string, unknown>) {
  const res = await page.request.post('/api/events', {
    headers: {
      Authorization: `Klaviyo-API-Key ${key}`,
      revision: REVISION,
      'Content-Type': 'application/vnd.api+json',
    },
    data: {
      data: {
        type: 'event',
        attributes: {
          properties,
          value: 42,
          metric: { data: { type: 'metric', attributes: { name: metric } } },
          profile: { data: { type: 'profile', attributes: { email, first_name: 'Robin' } } },
        },
      },
    },
  })
  expect(res.status(), await res.text()).toBe(202)
}

test('build a two-step flow on the canvas, turn it live, trigger it through the API and find the sent email', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await registerAndSignIn(page)
  await givePostalAddress(page)
  const headers = { 'X-CSRFToken': await csrf(page) }

  // A private API key for the public API, created through the app's own call.
  const keyRes = await page.request.post('/ajax/account/private-api-key/create', {
    data: { label: 'E2E flows' },
    headers,
  })
  expect(keyRes.ok(), await keyRes.text()).toBeTruthy()
  const keyBody = await keyRes.json()
  const key: string = keyBody.key ?? keyBody.data?.key ?? keyBody.apiKey?.key
  expect(key).toMatch(/^pk_/)
  const api = {
    Authorization: `Klaviyo-API-Key ${key}`,
    revision: REVISION,
    'Content-Type': 'application/vnd.api+json',
  }

  // The trigger metric exists once a first event of it is ingested (before the flow: it does not enter).
  const metricName = `Started Trial ${randomBytes(3).toString('hex')}`
  await sendEvent(page, key, metricName, `warmup-${randomBytes(3).toString('hex')}@example.test`, { plan: 'basic' })
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/ajax/data/metrics')
        return (
          ((await res.json()).metrics as Array<{ name: string }> | undefined)?.some((m) => m.name === metricName) ??
          false
        )
      },
      { timeout: 30_000 },
    )
    .toBe(true)

  // The email's template: a code template with a greeting.
  const tplRes = await page.request.post('/ajax/email-templates', {
    data: { mode: 'blank', name: 'E2E flow email', editorType: 'CODE' },
    headers,
  })
  expect(tplRes.ok(), await tplRes.text()).toBeTruthy()
  const templateId: string = (await tplRes.json()).template.id
  const saveTpl = await page.request.put(`/ajax/email-templates/${templateId}`, {
    data: {
      html: '<html><body><p>Welcome aboard, {{ first_name|default:"friend" }}! This is the flow E2E email.</p></body></html>',
    },
    headers,
  })
  expect(saveTpl.ok(), await saveTpl.text()).toBeTruthy()

  // An empty draft flow (no trigger, no steps): everything else is built on the canvas.
  const created = await page.request.post('/api/flows', {
    headers: api,
    data: {
      data: {
        type: 'flow',
        attributes: { name: 'E2E trial welcome', definition: { triggers: [], actions: [], entry_action_id: null } },
      },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const flowId: string = (await created.json()).data.id

  await page.goto(`/flow/${flowId}/edit`)
  await expect(page.getByTestId('flow-builder')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('flow-name')).toHaveText('E2E trial welcome')
  await expect(page.getByTestId('builder-empty-hint')).toBeVisible()
  await snap(page, 'flow-builder-empty')

  // Trigger: the metric.
  await page.getByTestId('flow-node-trigger').click()
  const triggerPanel = page.getByTestId('trigger-panel')
  await triggerPanel.getByTestId('trigger-type').selectOption('metric')
  await triggerPanel.getByTestId('trigger-metric').selectOption({ label: metricName })
  await expect(page.getByTestId('flow-node-trigger')).toContainText(metricName)

  // Step: an email on the trigger's edge.
  await page.locator('[data-testid="add-step"][data-edge="e-trigger"]').click()
  await page.getByTestId('add-menu').getByTestId('add-send-email').click()
  const emailNode = page.locator('[data-testid="flow-node"][data-action-type="send-email"]')
  await expect(emailNode).toHaveCount(1)
  const panel = page.getByTestId('action-panel')
  await expect(panel).toHaveAttribute('data-action-type', 'send-email')
  await panel.getByTestId('email-subject').fill('Welcome to your trial')
  await panel.getByTestId('email-template').selectOption(templateId)
  await expect(emailNode).toContainText('Welcome to your trial')
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes')
  await snap(page, 'flow-builder-two-steps')

  // Save the whole definition; the temporary id becomes a real one.
  await page.getByTestId('save-flow').click()
  await expect(page.getByTestId('save-state')).toContainText('Saved at', { timeout: 30_000 })
  const exported = JSON.stringify(await (await page.request.get(`/flow/${flowId}.json`)).json())
  expect(exported).toContain('"send-email"')
  expect(exported).toContain(templateId)

  // Live.
  await page.getByTestId('flow-status').selectOption('live')
  await expect(page.getByText('The flow is now Live')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('flow-status')).toHaveValue('live')

  // A trigger event through the public API for a new profile.
  const recipient = `trial-${randomBytes(4).toString('hex')}@example.test`
  await sendEvent(page, key, metricName, recipient, { plan: 'pro' })

  // The profile's run: the email step is done (the live count on its node: the builder refreshes the counts every 10 s).
  await expect(emailNode.getByTestId('node-done')).toHaveText('1 done', { timeout: 90_000 })
  await snap(page, 'flow-builder-live-count')

  // The message in the sent-messages viewer.
  await page.goto('/settings/email/outbox')
  const row = page.getByRole('row').filter({ hasText: recipient }).first()
  await expect(row).toBeVisible({ timeout: 60_000 })
  await expect(row).toContainText('Welcome to your trial')
  await row.getByTestId('message-open').click()
  await expect(
    page.frameLocator('[data-testid="message-html"]').getByText('Welcome aboard, Robin! This is the flow E2E email.'),
  ).toBeVisible({ timeout: 30_000 })
})

// Issue 30 §5: the builder as a merchant found it. A three-step flow (email, delay, email) that
// has sent its first email: the edges are drawn (there were paths, but in a 0-px-wide svg), the
// text is readable at the first view, Tab reaches the steps by name and Enter opens one, the
// sent email links to its report, and at phone width the header is one row and the panel a sheet.
test('a sent three-step flow: edges drawn, readable, steps by keyboard, report link, phone layout', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1400, height: 900 })
  await registerAndSignIn(page)
  await givePostalAddress(page)
  const headers = { 'X-CSRFToken': await csrf(page) }
  const keyRes = await page.request.post('/ajax/account/private-api-key/create', {
    data: { label: 'E2E builder' },
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

  const metricName = `Joined ${randomBytes(3).toString('hex')}`
  await sendEvent(page, key, metricName, `warmup-${randomBytes(3).toString('hex')}@example.test`, {})
  let metricId = ''
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/ajax/data/metrics')
        metricId =
          ((await res.json()).metrics as Array<{ id: string; name: string }> | undefined)?.find(
            (m) => m.name === metricName,
          )?.id ?? ''
        return metricId
      },
      { timeout: 30_000 },
    )
    .not.toBe('')
  const tplRes = await page.request.post('/ajax/email-templates', {
    data: { mode: 'blank', name: 'E2E builder email', editorType: 'CODE' },
    headers,
  })
  const templateId: string = (await tplRes.json()).template.id
  await page.request.put(`/ajax/email-templates/${templateId}`, {
    data: { html: '<html><body><p>Hello from the builder spec.</p></body></html>' },
    headers,
  })

  const created = await page.request.post('/api/flows', {
    headers: api,
    data: {
      data: {
        type: 'flow',
        attributes: { name: 'E2E three steps', definition: { triggers: [], actions: [], entry_action_id: null } },
      },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const flowId: string = (await created.json()).data.id
  const email = (name: string, subject: string, next: string | null) => ({
    type: 'send-email',
    links: { next },
    data: {
      status: 'live',
      message: {
        name,
        subject_line: subject,
        preview_text: '',
        from_email: null,
        from_label: null,
        template_id: templateId,
        smart_sending_enabled: false,
      },
    },
  })
  const edit = await (await page.request.get(`/ajax/flow/${flowId}/edit`)).json()
  const saved = await page.request.post('/ajax/flow/encoded', {
    headers,
    data: {
      flowId,
      expectedVersion: edit.flow.version,
      definition: {
        triggers: [{ type: 'metric', id: metricId, trigger_filter: null }],
        entry_action_id: 'n1',
        profile_filter: null,
        reentry_criteria: null,
        actions: [
          { temporary_id: 'n1', ...email('Welcome', 'Welcome aboard', 'n2') },
          { temporary_id: 'n2', type: 'time-delay', links: { next: 'n3' }, data: { unit: 'days', value: 1 } },
          { temporary_id: 'n3', ...email('Follow-up', 'How is it going?', null) },
        ],
      },
    },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
  const live = await page.request.post(`/ajax/flow/${flowId}/details`, { headers, data: { status: '2' } })
  expect(live.ok(), await live.text()).toBeTruthy()
  await sendEvent(page, key, metricName, `joined-${randomBytes(4).toString('hex')}@example.test`, {})
  // The first email goes out at once; the delay holds the profile before the second.
  await expect
    .poll(
      async () => {
        const data = await (await page.request.get(`/ajax/flow/${flowId}/edit`)).json()
        const first = (data.definition.actions as Array<{ id: string; type: string }>).find(
          (a) => a.type === 'send-email',
        )!.id
        return data.counts[first]?.done ?? 0
      },
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0)

  await page.goto(`/flow/${flowId}/edit`)
  await expect(page.getByTestId('flow-builder')).toBeVisible({ timeout: 30_000 })
  const nodes = page.locator('[data-testid="flow-node"]')
  await expect(nodes).toHaveCount(3)

  // Edges: trigger → email → delay → email → end, each drawn (an svg of no width draws nothing).
  const edges = page.locator('.react-flow__edge-path')
  await expect(edges).toHaveCount(4)
  const svgWidths = await edges.evaluateAll((paths) =>
    paths.map((p) => p.closest('svg')!.getBoundingClientRect().width),
  )
  for (const w of svgWidths) expect(w).toBeGreaterThan(0)

  // Readable: the smallest step text (the 12 px type line) at the view's zoom.
  const effective = await page.evaluate(() => {
    const kind = document.querySelector('[data-testid="flow-node"] span')!
    const m = /scale\(([\d.]+)\)/.exec(document.querySelector<HTMLElement>('.react-flow__viewport')!.style.transform)
    return parseFloat(getComputedStyle(kind).fontSize) * Number(m?.[1] ?? 1)
  })
  expect(effective).toBeGreaterThanOrEqual(12)

  // The sent email's card links to its report; the unsent one's does not.
  const sentCard = nodes.filter({ hasText: 'Welcome aboard' })
  const report = sentCard.getByRole('link', { name: 'View report' })
  await expect(report).toHaveAttribute('href', /^\/flow\/message\/[^/]+\/reports\/overview$/)
  await expect(nodes.filter({ hasText: 'How is it going?' }).getByRole('link', { name: 'View report' })).toHaveCount(0)
  await snap(page, 'flow-builder-readable-1400')

  // Keyboard: from the header's last control (past the problems bar's dismiss button), the first
  // tab stop on the canvas is the trigger, then its "+", then the first email.
  await page.getByRole('link', { name: 'Export JSON' }).focus()
  const inCanvas = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="flow-canvas"]'))
  for (let i = 0; i < 4 && !(await inCanvas()); i++) await page.keyboard.press('Tab')
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', `Trigger: Metric: ${metricName}`)
  await page.keyboard.press('Tab')
  await expect(page.locator(':focus')).toHaveAttribute('data-testid', 'add-step')
  await page.keyboard.press('Tab')
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Email: Welcome aboard')
  await snap(page, 'flow-builder-step-focus')
  await page.keyboard.press('Enter')
  const panel = page.getByTestId('action-panel')
  await expect(panel).toHaveAttribute('data-action-type', 'send-email')
  await expect(panel.getByRole('link', { name: 'View report' })).toHaveAttribute(
    'href',
    (await report.getAttribute('href'))!,
  )
  await snap(page, 'flow-builder-panel-1400')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('side-panel')).toHaveCount(0)
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Email: Welcome aboard')

  // The report opens.
  await report.click()
  await expect(page).toHaveURL(/\/flow\/message\/[^/]+\/reports\/overview/)

  // Phone width: one header row, and the panel a full-screen sheet with its close button.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/flow/${flowId}/edit`)
  await expect(nodes).toHaveCount(3, { timeout: 30_000 })
  const bar = await page
    .locator('header')
    .filter({ has: page.getByTestId('flow-name') })
    .boundingBox()
  expect(bar!.height).toBeLessThan(844 * 0.1)
  await snap(page, 'flow-builder-phone')
  await nodes.filter({ hasText: 'Welcome aboard' }).getByTestId('step-open').click()
  const sheet = await page.getByTestId('side-panel').boundingBox()
  expect(sheet).toMatchObject({ x: 0, y: 0, width: 390, height: 844 })
  await snap(page, 'flow-builder-phone-panel')
  await page.getByTestId('panel-close').click()
  await expect(page.getByTestId('side-panel')).toHaveCount(0)
})
