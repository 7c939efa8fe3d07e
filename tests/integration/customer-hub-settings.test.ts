/** @jest-environment node */
// The customer hub's merchant calls (issue 24 §2, seed 002 §7.13): settings saved with 400 field
// errors, each company's settings its own, enable and validate-install, completed tasks and the
// dashboard counts. Real /ajax handlers with a real session against a real database.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import * as settingsRoute from '@/app/ajax/customer-hub/settings/route'
import * as enableRoute from '@/app/ajax/customer-hub/onboarding/enable/route'
import * as installRoute from '@/app/ajax/customer-hub/onboarding/validate-install/route'
import * as tasksRoute from '@/app/ajax/customer-hub/completed-tasks/route'
import * as blocksRoute from '@/app/ajax/customer-hub/content-blocks/route'
import * as dashboardRoute from '@/app/ajax/customer-hub/dashboard/route'
import * as eligibilityRoute from '@/app/ajax/customer-hub/eligibility/route'
import { ingestEvents } from '@/lib/events/ingest-events'
import { SIGNED_IN_HUB, VIEWED_HUB } from '@/lib/customer-hub/record-hub-visit'

async function tenant() {
  const co = await makeCompany()
  const user = await makeUser({ companyId: co.id })
  return { co, cookie: await signIn(user.id, co.id) }
}
const post = (route: { POST: (r: Request) => Promise<Response> }, path: string, cookie: string, body: unknown) =>
  route.POST(ajaxRequest(path, { method: 'POST', cookie, body }))
const get = (route: { GET: (r: Request) => Promise<Response> }, path: string, cookie: string) =>
  route.GET(ajaxRequest(path, { cookie }))

test('settings: bad fields are 400 with field errors and nothing is saved', async () => {
  const a = await tenant()
  const res = await post(settingsRoute, '/ajax/customer-hub/settings', a.cookie, {
    returnWindowDays: -1,
    supportEmail: 'nope',
    design: { primaryColor: 'red' },
    faq: [{ question: '', answer: 'x' }],
    unknown: 1,
  })
  expect(res.status).toBe(400)
  const { fieldErrors } = await res.json()
  expect(Object.keys(fieldErrors)).toEqual(
    expect.arrayContaining(['returnWindowDays', 'supportEmail', 'design.primaryColor', 'faq.0.question']),
  )
  expect(await db.hubSettings.count({ where: { companyId: a.co.id } })).toBe(0)
})

test('settings are saved per company and read back; another company sees its own defaults', async () => {
  const a = await tenant()
  const b = await tenant()
  let res = await post(settingsRoute, '/ajax/customer-hub/settings', a.cookie, {
    returnWindowDays: 14,
    supportEmail: 'help@shop.test',
    faq: [{ question: 'Shipping?', answer: '<b>3 days</b>' }],
    content: { headline: 'Hi', intro: '', blocks: [] },
  })
  expect(res.status).toBe(200)
  res = await get(settingsRoute, '/ajax/customer-hub/settings', a.cookie)
  const saved = await res.json()
  expect(saved).toMatchObject({
    returnWindowDays: 14,
    supportEmail: 'help@shop.test',
    hubPath: `/hub/${a.co.publicApiKey}`,
  })
  expect(saved.faq[0].answer).toBe('<b>3 days</b>')
  const other = await (await get(settingsRoute, '/ajax/customer-hub/settings', b.cookie)).json()
  expect(other).toMatchObject({ returnWindowDays: 30, supportEmail: null, faq: [], enabled: false })

  res = await post(blocksRoute, '/ajax/customer-hub/content-blocks', a.cookie, {
    blocks: [{ title: 'Returns', body: 'Easy' }],
  })
  expect((await res.json()).blocks).toHaveLength(1)
  expect((await (await get(settingsRoute, '', a.cookie)).json()).content.headline).toBe('Hi')
})

test('onboarding: eligibility, install check, enable, tasks and dashboard', async () => {
  const a = await tenant()
  expect(await (await get(eligibilityRoute, '/ajax/customer-hub/eligibility', a.cookie)).json()).toMatchObject({
    eligible: false,
  })
  expect(
    (await (await get(installRoute, '/ajax/customer-hub/onboarding/validate-install', a.cookie)).json()).installed,
  ).toBe(false)
  await db.onsiteInstall.create({ data: { companyId: a.co.id, origin: 'https://shop.test' } })
  const install = await (await get(installRoute, '/ajax/customer-hub/onboarding/validate-install', a.cookie)).json()
  expect(install.installed).toBe(true)

  let res = await post(enableRoute, '/ajax/customer-hub/onboarding/enable', a.cookie, { enabled: 'yes' })
  expect(res.status).toBe(400)
  res = await post(enableRoute, '/ajax/customer-hub/onboarding/enable', a.cookie, {
    enabled: true,
    buttonEnabled: true,
  })
  expect(await res.json()).toMatchObject({ enabled: true, buttonEnabled: true, completedTasks: ['enable'] })

  res = await post(tasksRoute, '/ajax/customer-hub/completed-tasks', a.cookie, { task: 'nonsense' })
  expect(res.status).toBe(400)
  res = await post(tasksRoute, '/ajax/customer-hub/completed-tasks', a.cookie, { task: 'design' })
  expect((await res.json()).completedTasks).toEqual(['enable', 'design'])

  await ingestEvents(a.co.id, [
    { metric: { name: SIGNED_IN_HUB }, profile: { email: `s-${a.co.id}@example.test` } },
    { metric: { name: VIEWED_HUB }, profile: { email: `s-${a.co.id}@example.test` } },
    { metric: { name: VIEWED_HUB }, profile: { email: `s-${a.co.id}@example.test` } },
  ])
  await db.hubReturnRequest.create({
    data: { id: `R${a.co.id}`, companyId: a.co.id, profileId: 'p', orderKey: 'o', itemKey: 'i', reason: '' },
  })
  const dash = await (await get(dashboardRoute, '/ajax/customer-hub/dashboard?days=7', a.cookie)).json()
  expect(dash).toMatchObject({ days: 7, visits: 2, signIns: 1, returnsStarted: 1 })
  expect((await get(dashboardRoute, '/ajax/customer-hub/dashboard?days=0', a.cookie)).status).toBe(400)
})
