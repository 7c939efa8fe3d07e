/** @jest-environment node */
// createFlowFromTemplate: every template saves as a draft flow of the company, with its metrics
// found or created by name, its emails stored as the company's templates (compiled), the flow
// messages pointing at them, and nothing of one company visible from another.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { getFlowDefinition, FLOW_STATUS } from '@/lib/flows/store'
import { createFlowFromTemplate, FLOW_TEMPLATE_KEYS, flowTemplate } from '@/lib/flows/templates'
import { makeCompany } from '../helpers/factory'

let companyId: number
let otherId: number

beforeAll(async () => {
  companyId = (await makeCompany('Templates A')).id
  otherId = (await makeCompany('Templates B')).id
  await db.metric.create({ data: { id: 'MetPO1', companyId, name: 'Placed Order' } })
})

test.each([...FLOW_TEMPLATE_KEYS])('%s saves as a working draft flow', async (key) => {
  const flowId = await createFlowFromTemplate(companyId, key)
  const flow = await db.flow.findFirstOrThrow({ where: { companyId, id: flowId } })
  const t = flowTemplate(key)!
  expect(flow).toMatchObject({ name: t.name, status: FLOW_STATUS.draft, archived: false, currentVersion: 1 })
  const def = await getFlowDefinition(companyId, flowId)
  expect(def.actions.every((a) => typeof a.id === 'string' && !a.temporary_id)).toBe(true)
  const messages = await db.flowMessage.findMany({ where: { companyId, flowId } })
  // Email actions get a flow message each; the review request action sends the company template
  // named in its data (no flow message), which must exist and be compiled as well.
  const emailActions = def.actions.filter((a) => a.type === 'send-email')
  expect(messages).toHaveLength(emailActions.length)
  for (const a of def.actions.filter((x) => x.type === 'send-review-request')) {
    const id = (a.data as { message: { template_id: string } }).message.template_id
    const tpl = await db.template.findFirstOrThrow({ where: { companyId, id } })
    expect(tpl.compiledHtml).toContain('unsubscribe')
  }
  expect(emailActions.length + def.actions.filter((x) => x.type === 'send-review-request').length).toBe(t.emails.length)
  for (const m of messages) {
    const tpl = await db.template.findFirstOrThrow({ where: { companyId, id: m.templateId! } })
    expect(tpl.compiledHtml).toContain('unsubscribe')
    expect(JSON.parse(m.definition)).toMatchObject({
      subject_line: expect.any(String),
      preview_text: expect.any(String),
    })
  }
  for (const name of t.metrics) expect(await db.metric.count({ where: { companyId, name } })).toBe(1)
})

test("the welcome series triggers on the company's Newsletter list, created once when missing and reused after", async () => {
  const thirdId = (await makeCompany('Templates C')).id
  const first = await createFlowFromTemplate(thirdId, 'welcome_series')
  const list = await db.group.findFirstOrThrow({ where: { companyId: thirdId, name: 'Newsletter', type: 0 } })
  expect(await db.flowTrigger.findFirstOrThrow({ where: { companyId: thirdId, flowId: first } })).toMatchObject({
    kind: 'list',
    targetId: list.id,
  })
  const second = await createFlowFromTemplate(thirdId, 'welcome_series')
  expect(await db.group.count({ where: { companyId: thirdId, name: 'Newsletter' } })).toBe(1)
  expect(await db.flowTrigger.findFirstOrThrow({ where: { companyId: thirdId, flowId: second } })).toMatchObject({
    kind: 'list',
    targetId: list.id,
  })
  // Company A's own Newsletter list (made by its welcome series above), never C's.
  const mine = await db.flowTrigger.findMany({ where: { companyId, kind: 'list' } })
  expect(mine.length).toBeGreaterThan(0)
  for (const t of mine) expect(t.targetId).not.toBe(list.id)
})

test('an existing metric is reused, not duplicated', async () => {
  const flowId = await createFlowFromTemplate(companyId, 'customer_thank_you', { name: 'Thanks again' })
  expect((await db.flow.findFirstOrThrow({ where: { id: flowId } })).name).toBe('Thanks again')
  expect(await db.metric.count({ where: { companyId, name: 'Placed Order' } })).toBe(1)
  const trig = await db.flowTrigger.findFirstOrThrow({ where: { companyId, flowId } })
  expect(trig).toMatchObject({ kind: 'metric', targetId: 'MetPO1' })
})

test('another company sees none of it', async () => {
  expect(await db.flow.count({ where: { companyId: otherId } })).toBe(0)
  expect(await db.template.count({ where: { companyId: otherId } })).toBe(0)
  const flowId = await createFlowFromTemplate(otherId, 'checkout_abandonment')
  const def = await getFlowDefinition(otherId, flowId)
  const other = await db.metric.findFirstOrThrow({ where: { companyId: otherId, name: 'Placed Order' } })
  expect(JSON.stringify(def)).toContain(other.id)
  expect(JSON.stringify(def)).not.toContain('MetPO1')
  await expect(getFlowDefinition(companyId, flowId)).rejects.toThrow('not found')
})
