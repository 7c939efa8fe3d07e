/** @jest-environment node */
// /forms/{id}/test/live mints its token through POST /ajax/forms-preview-token: a token for the
// company's own form version that verifies to that company, form and version; another company's
// form, a version of another form, or a missing version is a 404 and mints nothing; bad input 400.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { verifyFormPreviewToken } from '@/lib/forms/preview-token'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import * as route from '@/app/ajax/forms-preview-token/route'

let A: number, cookieA: string, cookieB: string, v1: number, other: number

async function post(body: unknown, cookie: string) {
  const res = await route.POST(ajaxRequest('/ajax/forms-preview-token', { method: 'POST', cookie, body }))
  return { status: res.status, json: await res.json() }
}

beforeAll(async () => {
  A = (await makeCompany('Preview token A')).id
  const B = (await makeCompany('Preview token B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  await db.form.create({ data: { id: 'Pvt001', companyId: A, name: 'Popup' } })
  await db.form.create({ data: { id: 'Pvt002', companyId: A, name: 'Embed' } })
  v1 = (await db.formVersion.create({ data: { formId: 'Pvt001', companyId: A, definition: '{}' } })).id
  other = (await db.formVersion.create({ data: { formId: 'Pvt002', companyId: A, definition: '{}' } })).id
})

test("a token for the company's own version verifies to it", async () => {
  const res = await post({ formId: 'Pvt001', versionId: v1 }, cookieA)
  expect(res.status).toBe(200)
  expect(verifyFormPreviewToken(res.json.token)).toEqual({ companyId: A, formId: 'Pvt001', versionId: v1 })
})

test("another company's form, another form's version or a missing version is a 404", async () => {
  expect((await post({ formId: 'Pvt001', versionId: v1 }, cookieB)).status).toBe(404)
  expect((await post({ formId: 'Pvt001', versionId: other }, cookieA)).status).toBe(404)
  expect((await post({ formId: 'Pvt001', versionId: 999_999 }, cookieA)).status).toBe(404)
})

test('bad input is a 400 naming the field', async () => {
  const res = await post({ formId: '', versionId: 'x' }, cookieA)
  expect(res.status).toBe(400)
  expect(Object.keys(res.json.fieldErrors).sort()).toEqual(['formId', 'versionId'])
})
