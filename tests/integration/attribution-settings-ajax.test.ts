/** @jest-environment node */
// /ajax/account/attribution (the /settings/attribution screen): the defaults, a save, field
// errors with nothing written, another account's metric refused, an Analyst reads but cannot
// write. (What the windows do to attribution: tests/integration/attribution.test.ts.)
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import * as route from '@/app/ajax/account/attribution/route'
import { getAttributionSettings } from '@/lib/attribution/settings'

let A: number, B: number, ownerA: string, analystA: string
beforeAll(async () => {
  A = (await makeCompany('Attr A')).id
  B = (await makeCompany('Attr B')).id
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
})
const get = (cookie: string) => route.GET(ajaxRequest('/ajax/account/attribution', { cookie }))
const post = (cookie: string, body: unknown) =>
  route.POST(ajaxRequest('/ajax/account/attribution', { method: 'POST', cookie, body }))

test('defaults, then a save; the answer is what the screen shows', async () => {
  await db.metric.create({ data: { id: 'MAttrPO', companyId: A, name: 'Placed Order' } })
  await db.metric.create({ data: { id: 'MAttrSub', companyId: A, name: 'Started Subscription' } })
  const first = await (await get(ownerA)).json()
  expect(first.settings).toMatchObject({
    conversionMetricId: null,
    conversionMetricName: 'Placed Order',
    emailOpenWindowHours: 120,
    emailClickWindowHours: 120,
    smsClickWindowHours: 24,
    pushOpenWindowHours: 24,
    countEmailOpens: true,
  })
  expect(first.metrics.map((m: { name: string }) => m.name)).toEqual(['Placed Order', 'Started Subscription'])
  expect(first.maxWindowHours).toBe(720)

  // as the screen's client sends it: snake_case
  const saved = await post(ownerA, {
    conversion_metric_id: 'MAttrSub',
    email_open_window_hours: 24,
    email_click_window_hours: 72,
    sms_click_window_hours: 12,
    push_open_window_hours: 6,
    count_email_opens: false,
  })
  expect(saved.status).toBe(200)
  expect((await saved.json()).settings).toMatchObject({
    conversionMetricId: 'MAttrSub',
    conversionMetricName: 'Started Subscription',
    emailOpenWindowHours: 24,
    emailClickWindowHours: 72,
    countEmailOpens: false,
  })
  expect(await getAttributionSettings(A)).toMatchObject({ smsClickWindowHours: 12, pushOpenWindowHours: 6 })
})

test("bad input: field errors, nothing written; another account's metric is refused", async () => {
  const before = await getAttributionSettings(A)
  const bad = await post(ownerA, {
    emailOpenWindowHours: 0,
    emailClickWindowHours: 721,
    smsClickWindowHours: 1.5,
    countEmailOpens: 'yes',
  })
  expect(bad.status).toBe(400)
  const body = await bad.json()
  expect(Object.keys(body.fieldErrors).sort()).toEqual([
    'countEmailOpens',
    'emailClickWindowHours',
    'emailOpenWindowHours',
    'smsClickWindowHours',
  ])
  const theirs = await db.metric.create({ data: { id: 'MAttrB', companyId: B, name: 'Placed Order' } })
  const foreign = await post(ownerA, { conversionMetricId: theirs.id })
  expect(foreign.status).toBe(400)
  expect((await foreign.json()).fieldErrors.conversionMetricId).toEqual(['This metric does not exist.'])
  expect(await getAttributionSettings(A)).toEqual(before)
})

test('an Analyst reads the settings but cannot change them; each account has its own', async () => {
  expect((await get(analystA)).status).toBe(200)
  expect((await post(analystA, { emailOpenWindowHours: 48 })).status).toBe(403)
  expect(await getAttributionSettings(B)).toMatchObject({ conversionMetricId: null, emailOpenWindowHours: 120 })
})
