/** @jest-environment node */
// Issue 27: /campaign/{id}/content/edit/amp and /content/variation/{id}/content/edit/amp save the
// AMP part to the template the message sends (found by the editor target): an invalid AMP
// document is a 400 with the amp field's problems and changes nothing, a valid one is stored;
// another company's variation or template is a 404, and a read-only role cannot save.
import { useTestDatabase } from '../helpers/test-db'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { AMP_STARTER } from '@/lib/templates/amp/validate-amp'
import { createTemplate } from '@/lib/templates/store/save-template'
import * as target from '@/app/ajax/email-template-editor/target/route'
import * as template from '@/app/ajax/email-templates/[id]/route'

useTestDatabase()
jest.setTimeout(30_000)

const targetOf = async (cookie: string, kind: string, id: string) => {
  const r = await target.GET(ajaxRequest(`/ajax/email-template-editor/target?kind=${kind}&id=${id}`, { cookie }))
  return { status: r.status, json: await r.json() }
}
const saveAmp = async (cookie: string, id: string, amp: string | null) => {
  const r = await template.PUT(
    ajaxRequest(`/ajax/email-templates/${id}`, { method: 'PUT', cookie, body: { amp } }),
    params({ id }),
  )
  return { status: r.status, json: await r.json() }
}

test("a variation's AMP part is validated and saved on the template it sends; tenancy and roles", async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const cookie = await signIn((await makeUser({ companyId: a.id })).id, a.id)
  const tpl = await createTemplate(a.id, { name: 'Variation B', editorType: 'CODE', html: '<p>B</p>' })
  await db.campaign.create({ data: { id: 'CA1', companyId: a.id, name: 'Sale', channel: 'email' } })
  await db.campaignMessage.create({ data: { id: 'MA1', companyId: a.id, campaignId: 'CA1', channel: 'email' } })
  await db.campaignVariation.create({
    data: { id: 'VA1', companyId: a.id, campaignId: 'CA1', messageId: 'MA1', name: 'B', templateId: tpl.id },
  })

  const t = await targetOf(cookie, 'variation', 'VA1')
  expect(t.json.target).toMatchObject({ templateId: tpl.id, campaignId: 'CA1' })

  const bad = await saveAmp(cookie, tpl.id, '<html><body><img src="x"></body></html>')
  expect(bad.status).toBe(400)
  expect(JSON.stringify(bad.json)).toContain('amp-img')
  expect((await db.template.findUniqueOrThrow({ where: { id: tpl.id } })).amp).toBeNull()

  expect((await saveAmp(cookie, tpl.id, AMP_STARTER)).status).toBe(200)
  expect((await db.template.findUniqueOrThrow({ where: { id: tpl.id } })).amp).toBe(AMP_STARTER)

  const bCookie = await signIn((await makeUser({ companyId: b.id })).id, b.id)
  expect((await targetOf(bCookie, 'variation', 'VA1')).status).toBe(404)
  expect((await saveAmp(bCookie, tpl.id, null)).status).toBe(404)
  const support = await signIn((await makeUser({ companyId: a.id, role: 'support' })).id, a.id)
  expect((await saveAmp(support, tpl.id, null)).status).toBe(403)
  expect((await db.template.findUniqueOrThrow({ where: { id: tpl.id } })).amp).toBe(AMP_STARTER)
})
