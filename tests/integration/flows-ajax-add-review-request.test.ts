/** @jest-environment node */
// POST /ajax/flow/path/{pathId}/action/add offers the "Send review request" action the builder
// offers (issue 27 read-through): with a template of the company it is added as a draft with the
// builder's defaults; without a template, or with another company's, it is a 400 naming the field
// and nothing is saved (the definition refuses a review request without its template, as it
// refuses the builder's save).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, getFlowDefinition } from '@/lib/flows/store'
import { POST as addPost } from '@/app/ajax/flow/path/[id]/action/add/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

let A: number, B: number, cookieA: string

async function add(pathId: string, body: unknown) {
  const res = await addPost(
    ajaxRequest('/ajax/flow/x', { method: 'POST', cookie: cookieA, body }),
    params({ id: pathId }),
  )
  return { status: res.status, json: await res.json() }
}
const template = (id: string, companyId: number) =>
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
  A = (await makeCompany('Reviews A')).id
  B = (await makeCompany('Reviews B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  await template('TplRevA', A)
  await template('TplRevB', B)
})

async function emptyFlow() {
  return createFlow(A, {
    name: 'Reviews',
    definition: flowDefinition.parse({ triggers: [], entry_action_id: null, actions: [] }) as FlowDefinition,
  })
}
const version = async (flowId: string) => (await db.flow.findUniqueOrThrow({ where: { id: flowId } })).currentVersion

test('a review request with a template of the company is added as a draft with the defaults', async () => {
  const flowId = await emptyFlow()
  const r = await add(`entry:${flowId}`, { type: 'send-review-request', data: { message: { template_id: 'TplRevA' } } })
  expect(r.status).toBe(200)
  expect(r.json.action).toMatchObject({
    type: 'send-review-request',
    links: { next: null },
    data: {
      status: 'draft',
      message: { name: 'Review request', subject_line: 'How did we do?', heading: null, template_id: 'TplRevA' },
    },
  })
  const stored = await getFlowDefinition(A, flowId)
  expect(stored.entry_action_id).toBe(r.json.action.id)
  expect(stored.actions.map((a) => a.type)).toEqual(['send-review-request'])
})

test('without a template, or with a template of another company, it is a 400 and nothing is saved', async () => {
  const flowId = await emptyFlow()
  const v0 = await version(flowId)
  const none = await add(`entry:${flowId}`, { type: 'send-review-request' })
  expect(none.status).toBe(400)
  expect(none.json.fieldErrors['action.data.message.template_id']).toEqual(['Choose the review request template.'])
  const foreign = await add(`entry:${flowId}`, {
    type: 'send-review-request',
    data: { message: { template_id: 'TplRevB' } },
  })
  expect(foreign.status).toBe(400)
  expect(Object.keys(foreign.json.fieldErrors)).toContain('actions.0.data.message.template_id')
  const noSubject = await add(`entry:${flowId}`, {
    type: 'send-review-request',
    data: { message: { template_id: 'TplRevA', subject_line: ' ' } },
  })
  expect(noSubject.status).toBe(400)
  expect(noSubject.json.fieldErrors['action.data.message.subject_line']).toBeDefined()
  expect(await version(flowId)).toBe(v0)
  expect(await db.flowAction.count({ where: { flowId } })).toBe(0)
})
