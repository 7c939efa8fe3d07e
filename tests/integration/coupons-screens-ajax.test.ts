/** @jest-environment node */
// The coupon screens' /ajax: list with counts and the low-balance state, create (field errors,
// duplicates), one coupon with its codes by status (paged) and who received each, edit the
// threshold, upload codes (file or pasted text; all or nothing with each bad line named),
// delete; an Analyst reads but cannot write; another account sees and touches nothing.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { ajaxRequest, CSRF, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as list from '@/app/ajax/coupons/route'
import * as one from '@/app/ajax/coupons/[id]/route'
import * as codes from '@/app/ajax/coupons/[id]/codes/route'
import { assignCouponCode } from '@/lib/coupons/store'

let A: number, B: number, ownerA: string, analystA: string, ownerB: string
beforeAll(async () => {
  A = (await makeCompany('Cpn A')).id
  B = (await makeCompany('Cpn B')).id
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
  await db.profile.create({ data: { id: 'PCpn1', companyId: A, email: 'winner@x.test' } })
})
const json = async (r: Response) => ({ status: r.status, body: await r.json() })
const create = (cookie: string, body: unknown) =>
  list.POST(ajaxRequest('/ajax/coupons', { method: 'POST', cookie, body })).then(json)
const get = (cookie: string, id: string, qs = '') =>
  one.GET(ajaxRequest(`/ajax/coupons/${id}${qs}`, { cookie }), params({ id })).then(json)
function upload(cookie: string, id: string, part: { file?: string; text?: string }) {
  const form = new FormData()
  if (part.file !== undefined) form.append('file', new Blob([part.file], { type: 'text/csv' }), 'codes.csv')
  if (part.text !== undefined) form.append('text', part.text)
  return codes
    .POST(
      new Request(`http://localhost:3000/ajax/coupons/${id}/codes`, {
        method: 'POST',
        headers: { cookie, 'x-csrftoken': CSRF },
        body: form,
      }),
      params({ id }),
    )
    .then(json)
}

test('create, upload codes, give one out, see the counts, the low-balance state and the codes by status', async () => {
  const bad = await create(ownerA, { external_id: 'has space', low_balance_threshold: 5 })
  expect(bad.status).toBe(400)
  expect(bad.body.fieldErrors.externalId[0]).toMatch(/only letters, digits/)
  const { body } = await create(ownerA, { external_id: 'SPRING', description: 'Spring sale', low_balance_threshold: 2 })
  const id = body.coupon.id as string
  expect((await create(ownerA, { external_id: 'SPRING' })).status).toBe(409)

  const broken = await upload(ownerA, id, { file: 'code\nAAA1\nAAA1\nhas space\nBBB2,2027-13-45\n' })
  expect(broken.status).toBe(400)
  expect(broken.body.fieldErrors.lines).toEqual([
    'Line 3: The code AAA1 is repeated (first at entry 1).',
    expect.stringMatching(/^Line 4: A code may not contain spaces/),
    expect.stringMatching(/^Line 5: "2027-13-45" is not a date/),
  ])
  expect(await db.couponCode.count({ where: { couponId: id } })).toBe(0)
  expect((await upload(ownerA, id, { file: 'code\nAAA1\nBBB2\nCCC3\n' })).body).toMatchObject({ created: 3 })
  expect((await upload(ownerA, id, { text: 'DDD4' })).body).toMatchObject({ created: 1 })
  expect((await upload(ownerA, id, { text: '  ' })).status).toBe(400)

  await assignCouponCode(A, 'SPRING', { assignKey: 'send-1', profileId: 'PCpn1', now: new Date() })
  const listed = (await list.GET(ajaxRequest('/ajax/coupons', { cookie: ownerA })).then(json)).body.coupons
  expect(listed).toEqual([
    expect.objectContaining({
      externalId: 'SPRING',
      counts: { unassigned: 3, assigned: 1, used: 0, total: 4 },
      lowBalance: false,
    }),
  ])

  const page = await get(ownerA, id, '?status=ASSIGNED_TO_PROFILE')
  expect(page.body.codes).toEqual([
    expect.objectContaining({ status: 'ASSIGNED_TO_PROFILE', profileId: 'PCpn1', profileEmail: 'winner@x.test' }),
  ])
  expect((await get(ownerA, id)).body.codes.map((c: { code: string }) => c.code).sort()).toEqual([
    'AAA1',
    'BBB2',
    'CCC3',
    'DDD4',
  ])

  // threshold 3: 3 left → low balance
  const edited = await one
    .PATCH(
      ajaxRequest(`/ajax/coupons/${id}`, { method: 'PATCH', cookie: ownerA, body: { low_balance_threshold: 3 } }),
      params({ id }),
    )
    .then(json)
  expect(edited.body.coupon).toMatchObject({ lowBalanceThreshold: 3, lowBalance: true })
  const badEdit = await one
    .PATCH(
      ajaxRequest(`/ajax/coupons/${id}`, { method: 'PATCH', cookie: ownerA, body: { low_balance_threshold: -1 } }),
      params({ id }),
    )
    .then(json)
  expect(badEdit.body.fieldErrors.lowBalanceThreshold).toBeDefined()
})

test('an Analyst reads but cannot write; another account sees and touches nothing; delete removes the codes', async () => {
  const { body } = await create(ownerA, { external_id: 'GONE' })
  const id = body.coupon.id as string
  await upload(ownerA, id, { text: 'X1\nX2' })
  expect((await get(analystA, id)).status).toBe(200)
  expect((await create(analystA, { external_id: 'NOPE' })).status).toBe(403)
  expect((await upload(analystA, id, { text: 'X3' })).status).toBe(403)
  expect((await get(ownerB, id)).status).toBe(404)
  expect((await upload(ownerB, id, { text: 'X3' })).status).toBe(404)
  expect(
    (await one.DELETE(ajaxRequest(`/ajax/coupons/${id}`, { method: 'DELETE', cookie: ownerB }), params({ id }))).status,
  ).toBe(404)
  expect((await list.GET(ajaxRequest('/ajax/coupons', { cookie: ownerB })).then(json)).body.coupons).toEqual([])
  expect(
    (await one.DELETE(ajaxRequest(`/ajax/coupons/${id}`, { method: 'DELETE', cookie: ownerA }), params({ id }))).status,
  ).toBe(200)
  expect(await db.couponCode.count({ where: { couponId: id } })).toBe(0)
})
