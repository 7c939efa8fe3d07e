/** @jest-environment node */
// Issue 27: /sandbox-omnicampaigns/{id} through GET and POST /ajax/omnicampaigns/{id}/sandbox. A
// test goes only to a test recipient or a team address, is a preview Send (so the campaign's
// sends and reports never count it), renders the email channel's template; bad input is a 400,
// another company's omnicampaign a 404, and a read-only role cannot send.
import { useTestDatabase } from '../helpers/test-db'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { createOmnicampaign } from '@/lib/campaigns/omnicampaigns'
import { createTemplate } from '@/lib/templates/store/save-template'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { GET, POST } from '@/app/ajax/omnicampaigns/[id]/sandbox/route'

useTestDatabase()
jest.setTimeout(30_000)

async function omniWithEmail(companyId: number) {
  const omni = await createOmnicampaign(companyId, { name: 'Spring launch', channels: ['email', 'sms'] })
  const email = omni.campaigns.find((c) => c.channel === 'email')!
  const tpl = await createTemplate(companyId, {
    name: 'Spring',
    editorType: 'CODE',
    html: '<p>Hi {{ first_name }}</p>',
  })
  const msg = await db.campaignMessage.findFirstOrThrow({ where: { companyId, campaignId: email.id } })
  await db.campaignMessage.update({
    where: { id: msg.id },
    data: { templateId: tpl.id, content: JSON.stringify({ subject: 'Spring is here' }) },
  })
  return { omni, email, sms: omni.campaigns.find((c) => c.channel === 'sms')! }
}

const get = async (cookie: string, id: string) => {
  const res = await GET(ajaxRequest(`/ajax/omnicampaigns/${id}/sandbox`, { cookie }), params({ id }))
  return { status: res.status, json: await res.json() }
}
const post = async (cookie: string, id: string, body: unknown) => {
  const res = await POST(
    ajaxRequest(`/ajax/omnicampaigns/${id}/sandbox`, { method: 'POST', cookie, body }),
    params({ id }),
  )
  return { status: res.status, json: await res.json() }
}

test('a sandbox test goes only to test addresses, as a preview send no report counts; tenancy and roles', async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const owner = await makeUser({ companyId: a.id, email: 'owner@shop-a.test' })
  const cookie = await signIn(owner.id, a.id)
  await db.testRecipient.create({ data: { companyId: a.id, kind: 'email', value: 'QA@shop-a.test' } })
  const { omni, email, sms } = await omniWithEmail(a.id)
  const ada = (await upsertProfile(a.id, { email: 'ada@customer.test', firstName: 'Ada' }, { mode: 'import' })).profile

  const view = await get(cookie, omni.id)
  expect(view.status).toBe(200)
  expect(view.json.sandbox.recipients).toEqual([
    { email: 'qa@shop-a.test', source: 'test_recipient' },
    { email: 'owner@shop-a.test', source: 'team' },
  ])
  const byId = Object.fromEntries(
    view.json.sandbox.channels.map((c: { campaignId: string; templateId: string | null }) => [c.campaignId, c]),
  )
  expect(byId[email.id].templateId).not.toBeNull()
  expect(byId[sms.id].templateId).toBeNull()

  const sent = await post(cookie, omni.id, { campaign_id: email.id, email: 'qa@shop-a.test', profile_id: ada.id })
  expect(sent.status).toBe(200)
  const send = await db.send.findUniqueOrThrow({ where: { id: sent.json.test.sendId } })
  expect(send).toMatchObject({ sourceType: 'preview', profileId: ada.id, channel: 'email' })
  expect(JSON.parse(send.context!).$preview_to).toBe('qa@shop-a.test')
  expect(JSON.parse(send.content).subject).toBe('[Test] Spring is here')
  // Nothing in the campaign's own sends, which its reports and recipients read.
  expect(await db.send.count({ where: { companyId: a.id, sourceType: 'campaign_message' } })).toBe(0)

  // A customer's address, an SMS channel, a foreign campaign, a foreign profile, junk: 400s.
  const otherOmni = await omniWithEmail(b.id)
  const bob = (await upsertProfile(b.id, { email: 'bob@x.test' }, { mode: 'import' })).profile
  const bad = [
    [{ campaign_id: email.id, email: 'ada@customer.test' }, 'email'],
    [{ campaign_id: sms.id, email: 'qa@shop-a.test' }, 'campaign_id'],
    [{ campaign_id: email.id, email: 'qa@shop-a.test', profile_id: bob.id }, 'profile_id'],
    [{ campaign_id: email.id }, 'email'],
  ] as const
  for (const [body, field] of bad) {
    const r = await post(cookie, omni.id, body)
    expect(r.status).toBe(400)
    expect(JSON.stringify(r.json)).toContain(field === 'campaign_id' ? 'campaign' : field)
  }
  expect((await post(cookie, omni.id, { campaign_id: otherOmni.email.id, email: 'qa@shop-a.test' })).status).toBe(404)
  expect((await get(cookie, otherOmni.omni.id)).status).toBe(404)
  expect(
    (await post(cookie, otherOmni.omni.id, { campaign_id: otherOmni.email.id, email: 'qa@shop-a.test' })).status,
  ).toBe(404)
  expect(await db.send.count({ where: { companyId: b.id } })).toBe(0)

  const analyst = await makeUser({ companyId: a.id, role: 'analyst' })
  const analystCookie = await signIn(analyst.id, a.id)
  expect((await get(analystCookie, omni.id)).status).toBe(200)
  expect((await post(analystCookie, omni.id, { campaign_id: email.id, email: 'qa@shop-a.test' })).status).toBe(403)
})
