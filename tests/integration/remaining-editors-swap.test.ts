/** @jest-environment node */
// Issue 27: /to/be/swapped and /to/be/swapped/push through the real /ajax/messages/swap
// handlers. A swap puts saved content on a message and keeps what it replaced; restoring puts it
// back once; a sent campaign or a flow email on a shared template is refused (409); another
// company's message or template is a 404/400; a read-only role cannot swap.
import { useTestDatabase } from '../helpers/test-db'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { createCampaign } from '@/lib/campaigns/store'
import { createTemplate } from '@/lib/templates/store/save-template'
import * as swapRoute from '@/app/ajax/messages/swap/route'
import { GET as previewGET } from '@/app/ajax/messages/swap/preview/route'
import { POST as restorePOST } from '@/app/ajax/messages/swap/[swapId]/restore/route'

useTestDatabase()
jest.setTimeout(30_000)

const json = async (res: Response) => ({ status: res.status, json: await res.json() })
const list = (cookie: string, channel: string) =>
  swapRoute.GET(ajaxRequest(`/ajax/messages/swap?channel=${channel}`, { cookie })).then(json)
const preview = (cookie: string, q: string) =>
  previewGET(ajaxRequest(`/ajax/messages/swap/preview?${q}`, { cookie })).then(json)
const swap = (cookie: string, body: unknown) =>
  swapRoute.POST(ajaxRequest('/ajax/messages/swap', { method: 'POST', cookie, body })).then(json)
const restore = (cookie: string, id: string) =>
  restorePOST(
    ajaxRequest(`/ajax/messages/swap/${id}/restore`, { method: 'POST', cookie, body: {} }),
    params({ swapId: id }),
  ).then(json)

async function emailCampaign(companyId: number, html: string) {
  const c = await createCampaign(companyId, { name: 'Spring', channel: 'email' })
  const own = await createTemplate(companyId, { name: 'own', editorType: 'CODE', html })
  await db.template.update({ where: { id: own.id }, data: { archived: true } })
  const m = await db.campaignMessage.findFirstOrThrow({ where: { companyId, campaignId: c.id } })
  await db.campaignMessage.update({ where: { id: m.id }, data: { templateId: own.id } })
  return { campaign: c, messageId: m.id, ownTemplateId: own.id }
}

async function flowEmail(companyId: number, html: string, opts: { archived: boolean }) {
  const flow = await db.flow.create({
    data: { id: `F${Math.random().toString(36).slice(2, 8)}`, companyId, name: 'Welcome', webhookSecret: 's' },
  })
  const tpl = await createTemplate(companyId, { name: 'flow own', editorType: 'CODE', html })
  await db.template.update({ where: { id: tpl.id }, data: { archived: opts.archived } })
  const fm = await db.flowMessage.create({
    data: {
      id: `M${Math.random().toString(36).slice(2, 8)}`,
      flowId: flow.id,
      actionId: 'A1',
      companyId,
      channel: 'email',
      name: 'Welcome 1',
      templateId: tpl.id,
      definition: JSON.stringify({ template_id: tpl.id }),
    },
  })
  return { flowMessageId: fm.id, templateId: tpl.id }
}

test('email: campaign and flow messages swap to a saved template and restore; refusals; tenancy; roles', async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const owner = await makeUser({ companyId: a.id })
  const cookie = await signIn(owner.id, a.id)
  const saved = await createTemplate(a.id, { name: 'Summer look', editorType: 'CODE', html: '<p>Summer</p>' })
  const camp = await emailCampaign(a.id, '<p>Spring</p>')
  const flow = await flowEmail(a.id, '<p>Welcome</p>', { archived: true })
  const shared = await flowEmail(a.id, '<p>Library</p>', { archived: false })

  const l = await list(cookie, 'email')
  expect(l.status).toBe(200)
  const byId = Object.fromEntries(l.json.targets.map((x: { id: string }) => [x.id, x]))
  expect(byId[camp.messageId]).toMatchObject({ kind: 'campaign_message', blocked: null })
  expect(byId[flow.flowMessageId]).toMatchObject({ kind: 'flow_message', blocked: null })
  expect(byId[shared.flowMessageId].blocked).toMatch(/shared template/)
  // Saved (library) templates only; a message's own copy is not one.
  expect(l.json.sources.map((s: { id: string }) => s.id).sort()).toEqual([saved.id, shared.templateId].sort())

  // Side by side, then the swap.
  const p = await preview(cookie, `channel=email&kind=campaign_message&id=${camp.messageId}&source_id=${saved.id}`)
  expect(p.json.current.html).toContain('Spring')
  expect(p.json.replacement.html).toContain('Summer')
  const s1 = await swap(cookie, { channel: 'email', kind: 'campaign_message', id: camp.messageId, source_id: saved.id })
  expect(s1.status).toBe(200)
  const after = await db.campaignMessage.findUniqueOrThrow({ where: { id: camp.messageId } })
  expect(after.templateId).not.toBe(camp.ownTemplateId)
  expect((await db.template.findUniqueOrThrow({ where: { id: after.templateId! } })).compiledHtml).toContain('Summer')
  const versions = (await preview(cookie, `channel=email&kind=campaign_message&id=${camp.messageId}`)).json.versions
  expect(versions).toEqual([expect.objectContaining({ id: s1.json.swap.id, sourceId: saved.id, restoredAt: null })])
  expect((await restore(cookie, s1.json.swap.id)).status).toBe(200)
  const back = await db.campaignMessage.findUniqueOrThrow({ where: { id: camp.messageId } })
  expect((await db.template.findUniqueOrThrow({ where: { id: back.templateId! } })).compiledHtml).toContain('Spring')
  expect((await restore(cookie, s1.json.swap.id)).status).toBe(409)

  // A flow email's own template is changed in place, and restored in place.
  const s2 = await swap(cookie, { channel: 'email', kind: 'flow_message', id: flow.flowMessageId, source_id: saved.id })
  expect(s2.status).toBe(200)
  expect((await db.template.findUniqueOrThrow({ where: { id: flow.templateId } })).compiledHtml).toContain('Summer')
  await restore(cookie, s2.json.swap.id)
  expect((await db.template.findUniqueOrThrow({ where: { id: flow.templateId } })).compiledHtml).toContain('Welcome')
  expect((await db.template.findUniqueOrThrow({ where: { id: flow.templateId } })).html).toBe('<p>Welcome</p>')

  // Refused: a flow email on a library template, a sent campaign, bad input, another company's rows.
  expect(
    (await swap(cookie, { channel: 'email', kind: 'flow_message', id: shared.flowMessageId, source_id: saved.id }))
      .status,
  ).toBe(409)
  expect((await db.template.findUniqueOrThrow({ where: { id: shared.templateId } })).html).toBe('<p>Library</p>')
  const sent = await emailCampaign(a.id, '<p>Old</p>')
  await db.campaign.update({ where: { id: sent.campaign.id }, data: { status: 'Sent' } })
  expect(
    (await swap(cookie, { channel: 'email', kind: 'campaign_message', id: sent.messageId, source_id: saved.id }))
      .status,
  ).toBe(409)
  const noSource = await swap(cookie, { channel: 'email', kind: 'campaign_message', id: camp.messageId })
  expect(noSource.status).toBe(400)
  expect(
    (await swap(cookie, { channel: 'fax', kind: 'campaign_message', id: camp.messageId, source_id: saved.id })).status,
  ).toBe(400)
  const bSaved = await createTemplate(b.id, { name: 'B', editorType: 'CODE', html: '<p>B</p>' })
  const bCamp = await emailCampaign(b.id, '<p>B spring</p>')
  const foreignSource = await swap(cookie, {
    channel: 'email',
    kind: 'campaign_message',
    id: camp.messageId,
    source_id: bSaved.id,
  })
  expect(foreignSource.status).toBe(400)
  expect(
    (await swap(cookie, { channel: 'email', kind: 'campaign_message', id: bCamp.messageId, source_id: saved.id }))
      .status,
  ).toBe(404)
  expect((await preview(cookie, `channel=email&kind=campaign_message&id=${bCamp.messageId}`)).status).toBe(404)
  const bOwner = await makeUser({ companyId: b.id })
  expect((await restore(await signIn(bOwner.id, b.id), s2.json.swap.id)).status).toBe(404)
  expect((await db.campaignMessage.findUniqueOrThrow({ where: { id: bCamp.messageId } })).templateId).toBe(
    bCamp.ownTemplateId,
  )

  const analyst = await makeUser({ companyId: a.id, role: 'analyst' })
  const analystCookie = await signIn(analyst.id, a.id)
  expect((await list(analystCookie, 'email')).status).toBe(200)
  expect(
    (await swap(analystCookie, { channel: 'email', kind: 'campaign_message', id: camp.messageId, source_id: saved.id }))
      .status,
  ).toBe(403)
})

test('push: a campaign push message takes saved push content over its own and gets it back', async () => {
  const a = await makeCompany()
  const owner = await makeUser({ companyId: a.id })
  const cookie = await signIn(owner.id, a.id)
  const target = await createCampaign(a.id, { name: 'Flash', channel: 'mobile_push' })
  const source = await createCampaign(a.id, { name: 'Old flash', channel: 'mobile_push' })
  const tm = await db.campaignMessage.findFirstOrThrow({ where: { campaignId: target.id } })
  const sm = await db.campaignMessage.findFirstOrThrow({ where: { campaignId: source.id } })
  await db.campaignMessage.update({
    where: { id: tm.id },
    data: { content: JSON.stringify({ title: 'Now', body: 'Sale now' }) },
  })
  await db.campaignMessage.update({
    where: { id: sm.id },
    data: { content: JSON.stringify({ title: 'Later', body: 'Sale later' }) },
  })

  const l = await list(cookie, 'push')
  expect(l.json.sources).toEqual(expect.arrayContaining([{ id: sm.id, name: 'Later' }]))
  const p = await preview(cookie, `channel=push&kind=campaign_message&id=${tm.id}&source_id=${sm.id}`)
  expect(p.json).toMatchObject({
    current: { title: 'Now', body: 'Sale now' },
    replacement: { title: 'Later', body: 'Sale later' },
  })
  const s = await swap(cookie, { channel: 'push', kind: 'campaign_message', id: tm.id, source_id: sm.id })
  expect(s.status).toBe(200)
  expect(JSON.parse((await db.campaignMessage.findUniqueOrThrow({ where: { id: tm.id } })).content)).toMatchObject({
    title: 'Later',
    body: 'Sale later',
  })
  expect((await restore(cookie, s.json.swap.id)).status).toBe(200)
  expect(JSON.parse((await db.campaignMessage.findUniqueOrThrow({ where: { id: tm.id } })).content)).toMatchObject({
    title: 'Now',
    body: 'Sale now',
  })
  // An email message is not a push target.
  const email = await createCampaign(a.id, { name: 'Mail', channel: 'email' })
  const em = await db.campaignMessage.findFirstOrThrow({ where: { campaignId: email.id } })
  expect((await swap(cookie, { channel: 'push', kind: 'campaign_message', id: em.id, source_id: sm.id })).status).toBe(
    404,
  )
})
