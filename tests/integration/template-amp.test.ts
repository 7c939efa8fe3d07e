/** @jest-environment node */
// The AMP part of a code template through the editor's save: an invalid AMP document is a 400 on
// `amp` naming what is missing, a valid one is kept and null removes it; another account cannot.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as one from '@/app/ajax/email-templates/[id]/route'
import { AMP_STARTER } from '@/lib/templates/amp/validate-amp'

let A: number, ownerA: string, ownerB: string
beforeAll(async () => {
  A = (await makeCompany('Shop A')).id
  const B = (await makeCompany('Shop B')).id
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
  await db.template.create({
    data: {
      id: 'TAmp1',
      companyId: A,
      name: 'Code',
      editorType: 'CODE',
      html: '<p>Hi</p>',
      compiledHtml: '<p>Hi</p>',
      compiledText: 'Hi',
    },
  })
})

const put = (cookie: string, body: unknown) =>
  one.PUT(ajaxRequest('/ajax/email-templates/TAmp1', { method: 'PUT', cookie, body }), params({ id: 'TAmp1' }))

test('an AMP part is checked at save, kept when valid and removed with null', async () => {
  const bad = await put(ownerA, { amp: '<html><body>hi</body></html>' })
  expect(bad.status).toBe(400)
  expect(JSON.stringify(await bad.json())).toContain('boilerplate')
  expect((await db.template.findUniqueOrThrow({ where: { id: 'TAmp1' } })).amp).toBeNull()

  expect((await put(ownerA, { amp: AMP_STARTER })).status).toBe(200)
  expect((await db.template.findUniqueOrThrow({ where: { id: 'TAmp1' } })).amp).toBe(AMP_STARTER)
  expect((await put(ownerB, { amp: null })).status).toBe(404)
  expect((await put(ownerA, { amp: null })).status).toBe(200)
  expect((await db.template.findUniqueOrThrow({ where: { id: 'TAmp1' } })).amp).toBeNull()
})
