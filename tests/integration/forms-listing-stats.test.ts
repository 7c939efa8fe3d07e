/** @jest-environment node */
// The /forms listing's views and submit rate (GET /ajax/forms-listing-stats): counted from
// FormActivity per form, only the asking company's activity, forms without activity at zero,
// a missing ids list refused as a 400, and a user without forms access refused.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import * as stats from '@/app/ajax/forms-listing-stats/route'

let cookieA: string, cookieB: string

async function get(path: string, cookie: string) {
  const res = await stats.GET(ajaxRequest(path, { cookie }))
  return { status: res.status, json: await res.json() }
}

beforeAll(async () => {
  const A = (await makeCompany('Listing stats A')).id
  const B = (await makeCompany('Listing stats B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  await db.form.create({ data: { id: 'Lst001', companyId: A, name: 'Popup' } })
  await db.form.create({ data: { id: 'Lst002', companyId: A, name: 'Embed' } })
  const v = (
    await db.formVersion.create({ data: { formId: 'Lst001', companyId: A, definition: '{}', status: 'live' } })
  ).id
  let n = 0
  const act = (companyId: number, kind: string) => ({
    companyId,
    formId: 'Lst001',
    formVersionId: v,
    kind,
    visitorId: `v${n}`,
    occurredAt: new Date(),
    eventKey: `k${++n}`,
  })
  await db.formActivity.createMany({
    data: [
      act(A, 'viewed_form'),
      act(A, 'viewed_form'),
      act(A, 'viewed_form'),
      act(A, 'viewed_form'),
      act(A, 'submits'),
      act(A, 'closed_form'),
      act(A, 'qualified_form'),
      // Another company's rows under the same form id never count for A.
      act(B, 'viewed_form'),
      act(B, 'submits'),
      act(B, 'submits'),
    ],
  })
})

test('views, submits and submit rate per form; a form without activity is zero', async () => {
  const res = await get('/ajax/forms-listing-stats?ids=Lst001,Lst002', cookieA)
  expect(res.status).toBe(200)
  expect(res.json.stats).toEqual({
    Lst001: { views: 4, submits: 1, submitRate: 0.25 },
    Lst002: { views: 0, submits: 0, submitRate: 0 },
  })
})

test('another company sees only its own activity', async () => {
  const res = await get('/ajax/forms-listing-stats?ids=Lst001', cookieB)
  expect(res.status).toBe(200)
  expect(res.json.stats).toEqual({ Lst001: { views: 1, submits: 2, submitRate: 2 } })
})

test('bad input is a 400 with the field named; no session is refused', async () => {
  const bad = await get('/ajax/forms-listing-stats', cookieA)
  expect(bad.status).toBe(400)
  expect(JSON.stringify(bad.json.fieldErrors)).toContain('ids')
  const anonymous = await stats.GET(ajaxRequest('/ajax/forms-listing-stats?ids=Lst001', {}))
  expect(anonymous.status).toBe(401)
})
