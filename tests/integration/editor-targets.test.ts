/** @jest-environment node */
// The email-template editor's targets open the template their message owns: a campaign (and its
// segment-and-send and profile views), an A/B variation (its own template, else its message's) and
// a flow message; a message without a template, or another company's, is a 404; bad kinds a 400.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import * as target from '@/app/ajax/email-template-editor/target/route'

let A: number, B: number, ownerA: string, ownerB: string
const tpl = (id: string, companyId: number) =>
  db.template.create({
    data: {
      id,
      companyId,
      name: id,
      editorType: 'CODE',
      html: '<p>x</p>',
      compiledHtml: '<p>x</p>',
      compiledText: 'x',
    },
  })

beforeAll(async () => {
  A = (await makeCompany('Shop A')).id
  B = (await makeCompany('Shop B')).id
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
  await tpl('TplMsg', A)
  await tpl('TplVar', A)
  await tpl('TplFlow', A)
  await db.campaign.create({ data: { id: 'C1', companyId: A, name: 'Sale', channel: 'email' } })
  await db.campaign.create({ data: { id: 'C2', companyId: A, name: 'Empty', channel: 'email' } })
  await db.campaignMessage.create({
    data: { id: 'M1', companyId: A, campaignId: 'C1', channel: 'email', templateId: 'TplMsg' },
  })
  await db.campaignMessage.create({ data: { id: 'M2', companyId: A, campaignId: 'C2', channel: 'email' } })
  await db.campaignVariation.create({
    data: { id: 'V1', companyId: A, campaignId: 'C1', messageId: 'M1', name: 'B', templateId: 'TplVar' },
  })
  await db.campaignVariation.create({ data: { id: 'V2', companyId: A, campaignId: 'C1', messageId: 'M1', name: 'C' } })
  await db.flowMessage.create({
    data: {
      id: 'FM1',
      flowId: 'F1',
      actionId: 'A1',
      companyId: A,
      channel: 'email',
      templateId: 'TplFlow',
      definition: '{}',
    },
  })
})

const get = (cookie: string, kind: string, id: string) =>
  target.GET(ajaxRequest(`/ajax/email-template-editor/target?kind=${kind}&id=${id}`, { cookie }))
const templateOf = async (cookie: string, kind: string, id: string) => {
  const r = await get(cookie, kind, id)
  return r.status === 200 ? (await r.json()).target.templateId : r.status
}

test.each([
  ['campaign', 'C1', 'TplMsg'],
  ['segment-and-send', 'C1', 'TplMsg'],
  ['profile-campaign', 'C1', 'TplMsg'],
  ['variation', 'V1', 'TplVar'],
  ['variation', 'V2', 'TplMsg'],
  ['flow-message', 'FM1', 'TplFlow'],
  ['campaign', 'C2', 404],
  ['flow-message', 'nope', 404],
])('%s %s opens %s', async (kind, id, expected) => {
  expect(await templateOf(ownerA, kind, id)).toBe(expected)
})

test('another company cannot open the targets; an unknown kind is a 400', async () => {
  expect(await templateOf(ownerB, 'campaign', 'C1')).toBe(404)
  expect(await templateOf(ownerB, 'variation', 'V1')).toBe(404)
  expect(await templateOf(ownerB, 'flow-message', 'FM1')).toBe(404)
  expect((await get(ownerA, 'universal', 'C1')).status).toBe(400)
})
