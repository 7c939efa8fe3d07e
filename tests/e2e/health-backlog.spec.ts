// Backlog health (issue 22 §3) against the running build: GET /health answers a load balancer
// without credentials (the in-process worker of `npm start` beats within seconds, so 200), and
// the developer dashboard shows the same figures in its background-jobs card, at phone width too.
import { test, expect } from '@playwright/test'
import { signIn, snap } from './helpers'

test('GET /health: 200 with the backlog figures, no session needed', async ({ request }) => {
  await expect
    .poll(async () => (await request.get('/health')).status(), { timeout: 30_000, intervals: [1000] })
    .toBe(200)
  const res = await request.get('/health')
  expect(res.headers()['cache-control']).toBe('no-store')
  const body = await res.json()
  expect(body).toMatchObject({ ok: true, problems: [], database: { reachable: true } })
  expect(body.workers.alive).toBeGreaterThanOrEqual(1)
  expect(Array.isArray(body.queues)).toBe(true)
})

test('the developer dashboard shows the background jobs', async ({ page }) => {
  await signIn(page, 'owner@demo.test', '/developer-tools/dashboard')
  await expect(page.getByText('Background jobs').first()).toBeVisible()
  await expect(page.getByTestId('backlog-status')).toContainText(/Healthy|Jobs waiting too long/)
  await expect(page.getByTestId('backlog-workers')).not.toHaveText('0')
  await snap(page, 'developer-tools-backlog')
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(page.getByTestId('backlog-depth')).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)
  expect(overflow).toBe(false)
  await snap(page, 'developer-tools-backlog-phone')
})
