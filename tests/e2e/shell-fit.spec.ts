// What fits on screen (issue 30 §8): the chat button keeps out of the page's way (over the
// sidebar on a wide screen; below the last row on a phone), every locale's navigation labels
// are readable at the sidebar's width, and the users table's actions are reachable at 390 px.
import fs from 'node:fs'
import path from 'node:path'
import { test, expect, type Page } from '@playwright/test'
import { signIn, snap } from './helpers'

const OWNER = 'owner@demo.test'

async function chatBox(page: Page) {
  const button = page.getByTestId('support-chat-button')
  await expect(button).toBeVisible()
  return (await button.boundingBox())!
}

test('wide screen: the chat button sits over the sidebar, never over the page', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 })
  await signIn(page, OWNER, '/settings/account/users')
  await expect(page.getByTestId('account-users')).toBeVisible()
  const chat = await chatBox(page)
  const sidebar = (await page.getByTestId('app-sidebar').boundingBox())!
  expect(chat.x).toBeGreaterThanOrEqual(sidebar.x)
  expect(chat.x + chat.width).toBeLessThanOrEqual(sidebar.x + sidebar.width)
  expect(chat.width).toBeLessThanOrEqual(44)
  await snap(page, 'h13-users-1400')
})

test("every locale's navigation labels fit the sidebar (wrapped, never cut)", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 })
  await signIn(page, OWNER, '/dashboard')
  const dir = path.resolve(process.cwd(), 'messages')
  const labels = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      const nav = (JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { nav: Record<string, unknown> }).nav
      return Object.values(nav)
        .filter((v): v is string => typeof v === 'string')
        .map((text) => ({ locale: f.slice(0, -5), text }))
    })
  expect(labels.length).toBeGreaterThan(16 * 10)
  // Each label is put into a top-level entry (icon, label, section toggle: the narrowest place).
  const cut = await page.evaluate((all) => {
    const row = document.querySelector('[data-nav-id="manage-portfolio"], [data-nav-id="campaigns"]')!.closest('li')!
    const label = row.querySelector('a span:last-child') as HTMLElement
    const link = row.querySelector('a') as HTMLElement
    const out: string[] = []
    for (const { locale, text } of all) {
      label.textContent = text
      if (
        label.scrollWidth > label.clientWidth + 1 ||
        link.scrollWidth > link.clientWidth + 1 ||
        link.scrollHeight > link.clientHeight + 1
      )
        out.push(`${locale}: ${text}`)
    }
    return out
  }, labels)
  expect(cut).toEqual([])
})

test('German sidebar: "Portfolio verwalten" is shown whole', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 })
  await signIn(page, OWNER, '/dashboard')
  const whole = await page.evaluate(() => {
    const label = document.querySelector(
      '[data-nav-id="manage-portfolio"] span:last-child, [data-nav-id="campaigns"] span:last-child',
    ) as HTMLElement
    label.textContent = 'Portfolio verwalten'
    return label.scrollWidth <= label.clientWidth + 1 && getComputedStyle(label).textOverflow !== 'ellipsis'
  })
  expect(whole).toBe(true)
})

test("phone: the users' actions are on screen and the last row scrolls clear of the chat button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, OWNER, '/settings/account/users')
  await expect(page.getByTestId('account-users')).toBeVisible()
  const actions = page.locator('[data-testid^="change-role-"], [data-testid^="remove-"]')
  expect(await actions.count()).toBeGreaterThan(0)
  for (const b of await actions.all()) {
    await b.scrollIntoViewIfNeeded()
    const box = (await b.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const chat = await chatBox(page)
  // Docked to the left edge inside the page's margin: rows scrolling past keep their text clear of it.
  expect(chat.x + chat.width).toBeLessThanOrEqual(28)
  const lastRow = (await page.locator('[data-testid="account-users"] tbody tr').last().boundingBox())!
  expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(chat.y)
  await page.evaluate(() => window.scrollTo(0, 0))
  await snap(page, 'h13-users-390')
})
