// Issue 27 §4: every remaining lists, people and profile route on the demo store renders its own
// screen (its heading, never the shared not-available screen), at desktop and phone width.
import { test, expect, type Page } from '@playwright/test'
import { signIn } from './helpers'

interface Group {
  id: string
  type: number
  name: string
}

async function demoIds(page: Page) {
  const res = await page.request.get('/ajax/group?page_size=100')
  expect(res.ok()).toBe(true)
  const groups = (await res.json()).data as Group[]
  const list = groups.find((g) => g.type === 0)!
  const segment = groups.find((g) => g.type === 1)!
  const subs = await page.request.get('/ajax/people/subscribers?page_size=5')
  const row = ((await subs.json()).data as Array<{ profileId?: string; profile_id?: string }>)[0]!
  return { list, segment, profileId: (row.profileId ?? row.profile_id)! }
}

for (const width of [1280, 390]) {
  test(`the remaining audience routes render their screens at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await signIn(page, 'owner@demo.test')
    const { list, segment, profileId } = await demoIds(page)
    const visits: Array<[string, string | RegExp]> = [
      ['/lists/inactive', 'Inactive lists and segments'],
      [`/list/${list.id}/x/progress`, 'Progress'],
      [`/list/${segment.id}/x/progress`, 'Progress'],
      [`/list/${list.id}/clone/x`, 'Clone'],
      [`/list/${segment.id}/updating/monitor`, 'Segment updates'],
      [`/list/${list.id}/merge-progress/merge-${list.id}-${list.id}-1700000000000`, 'Merge progress'],
      [`/list/${list.id}/export/choose-properties`, 'Export members'],
      [`/list/${list.id}/export/status`, 'List exports'],
      ['/people/identity-explorer', 'Identity explorer'],
      ['/people/suppressed/import', 'Import suppressed profiles'],
      [`/profile/${profileId}/campaigns/create`, 'Campaign to this profile'],
    ]
    for (const [path, heading] of visits) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId('not-available-screen')).toHaveCount(0)
    }
  })
}

test('the identity explorer finds a demo subscriber by email', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  const subs = await page.request.get('/ajax/people/subscribers?page_size=5')
  const row = ((await subs.json()).data as Array<{ email: string | null }>).find((r) => r.email)!
  await page.goto('/people/identity-explorer')
  await page.getByTestId('identity-input').fill(row.email!)
  await page.getByTestId('identity-search').click()
  await expect(page.getByTestId('identity-profile').first()).toBeVisible({ timeout: 20_000 })
})
