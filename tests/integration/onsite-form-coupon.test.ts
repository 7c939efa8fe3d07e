/** @jest-environment node */
// Issue 20 §2: a form's success step shows a unique coupon code assigned once per profile
// through the coupons work. The code comes from POST /onsite/forms/coupon for the live form
// version's unique coupon block: the same profile always gets the same code, another profile
// another one; no profile or no codes left gives the block's fallback; another company's form
// or a draft version is a 404; and nothing is assigned twice.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { createCode, createCoupon } from '@/lib/coupons/store'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { createForm } from '@/lib/forms/store/create-form'
import { publishForm } from '@/lib/forms/store/publish-form'
import { findTemplate } from '@/lib/forms/templates/form-templates'
import { uniqueCouponOf } from '@/lib/onsite/forms/assign-form-coupon'
import { makeCompany } from '../helpers/factory'
import { POST } from '@/app/onsite/forms/coupon/route'

async function setup(codes: string[]) {
  const c = await makeCompany()
  const key = (await db.company.findUniqueOrThrow({ where: { id: c.id } })).publicApiKey
  await createCoupon(c.id, {
    externalId: 'WELCOME',
    description: '',
    integrationKey: '$custom',
    monitorConfiguration: {},
  })
  for (const code of codes) await createCode(c.id, 'WELCOME', { code })
  const definition = findTemplate('discount_popup')!.build({ listId: null, companyName: 'Shop' }) as {
    steps: Array<{ columns: Array<{ rows: Array<{ blocks: Array<Record<string, unknown>> }> }> }>
  }
  const coupon = definition.steps[1]!.columns[0]!.rows.find((r) => r.blocks[0]!.type === 'coupon')!.blocks[0]!
  coupon.properties = {
    coupon: { type: 'unique', code: 'WELCOME', fallback_coupon_code: 'THANKS5' },
    success_message: 'Copied!',
  }
  const form = await createForm(c.id, { name: 'Unique popup', versions: [{ definition }] })
  await publishForm(c.id, form.id)
  const versionId = (await db.formVersion.findFirstOrThrow({ where: { formId: form.id, status: 'live' } })).id
  return { companyId: c.id, key, formId: form.id, versionId }
}

const ask = (key: string, body: unknown) =>
  POST(
    new Request(`http://localhost/onsite/forms/coupon?company_id=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
      body: JSON.stringify(body),
    }),
  )

test('the unique coupon block is found in the definition', () => {
  expect(
    uniqueCouponOf({
      steps: [
        {
          columns: [
            { rows: [{ blocks: [{ type: 'coupon', properties: { coupon: { type: 'static', text: 'X' } } }] }] },
          ],
        },
      ],
    }),
  ).toBeNull()
  expect(
    uniqueCouponOf({
      steps: [
        {
          columns: [
            {
              rows: [
                {
                  blocks: [
                    {
                      type: 'coupon',
                      properties: { coupon: { type: 'unique', code: 'C1', fallback_coupon_code: 'F' } },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    }),
  ).toEqual({ couponId: 'C1', fallback: 'F' })
})

test('one code per profile and form, the same on every ask; the fallback when nobody is known or none are left', async () => {
  const s = await setup(['AAA111', 'BBB222'])
  await upsertProfile(s.companyId, { email: 'ada@shop.example' }, { mode: 'import' })
  await upsertProfile(s.companyId, { email: 'bo@shop.example' }, { mode: 'import' })
  await upsertProfile(s.companyId, { email: 'cy@shop.example' }, { mode: 'import' })
  const codeOf = async (email: string) => {
    const res = await ask(s.key, { form_id: s.formId, form_version_id: s.versionId, email })
    expect(res.status).toBe(200)
    return ((await res.json()) as { data: { code: string } }).data.code
  }
  const ada = await codeOf('Ada@Shop.example')
  expect(['AAA111', 'BBB222']).toContain(ada)
  expect(await codeOf('ada@shop.example')).toBe(ada)
  const bo = await codeOf('bo@shop.example')
  expect(bo).not.toBe(ada)
  expect(['AAA111', 'BBB222']).toContain(bo)
  expect(await codeOf('cy@shop.example')).toBe('THANKS5') // none left
  expect(await codeOf('nobody@shop.example')).toBe('THANKS5')
  const assigned = await db.couponCode.findMany({
    where: { companyId: s.companyId, status: 'ASSIGNED_TO_PROFILE' },
    select: { code: true },
  })
  expect(assigned.map((a) => a.code).sort()).toEqual(['AAA111', 'BBB222'])
})

test("another company's form, a draft version and bad input get no code", async () => {
  const s = await setup(['AAA111'])
  const other = await makeCompany()
  const otherKey = (await db.company.findUniqueOrThrow({ where: { id: other.id } })).publicApiKey
  expect(
    (await ask(otherKey, { form_id: s.formId, form_version_id: s.versionId, email: 'ada@shop.example' })).status,
  ).toBe(404)
  await db.formVersion.update({ where: { id: s.versionId }, data: { status: 'draft' } })
  expect(
    (await ask(s.key, { form_id: s.formId, form_version_id: s.versionId, email: 'ada@shop.example' })).status,
  ).toBe(404)
  expect((await ask(s.key, { form_id: s.formId, form_version_id: 'x', email: 'a' })).status).toBe(400)
  expect(await db.couponCode.count({ where: { companyId: s.companyId, status: 'ASSIGNED_TO_PROFILE' } })).toBe(0)
})
