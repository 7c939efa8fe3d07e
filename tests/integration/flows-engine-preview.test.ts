/** @jest-environment node */
// GET /ajax/flow/profile-preview/{flowId}/{profileId}: the path a profile would take now (each
// action, the branch and why, the delays, the sends the policy would skip), with no writes, and
// only for the signed-in company's flow and profile.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, getFlowVersionDefinition } from '@/lib/flows/store'
import { GET } from '@/app/ajax/flow/profile-preview/[flowId]/[profileId]/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

let companyId: number
let otherId: number
let cookie: string
let otherCookie: string
let flowId: string
let ids: string[]

beforeAll(async () => {
  companyId = (await makeCompany('Preview A')).id
  otherId = (await makeCompany('Preview B')).id
  cookie = await signIn((await makeUser({ companyId })).id, companyId)
  otherCookie = await signIn((await makeUser({ companyId: otherId })).id, otherId)
  await db.template.create({
    data: {
      id: 'TplPrv',
      companyId,
      name: 'T',
      editorType: 'CODE',
      html: 'x',
      compiledHtml: '<p>x</p>',
      compiledText: 'x',
    },
  })
  await db.profile.create({
    data: { id: 'PrvGold', companyId, email: 'gold@example.test', properties: JSON.stringify({ tier: 'gold' }) },
  })
  await db.profile.create({ data: { id: 'PrvNone', companyId, properties: JSON.stringify({ tier: 'bronze' }) } })
  await db.profile.create({ data: { id: 'PrvOther', companyId: otherId, email: 'o@example.test' } })
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: 'd',
    actions: [
      { temporary_id: 'd', type: 'time-delay', links: { next: 's' }, data: { unit: 'hours', value: 2 } },
      {
        temporary_id: 's',
        type: 'conditional-split',
        links: { next_if_true: 'e', next_if_false: null },
        data: {
          profile_filter: {
            condition_groups: [
              {
                conditions: [
                  {
                    type: 'profile-property',
                    property: "properties['tier']",
                    filter: { type: 'string', operator: 'in', value: ['gold', 'bronze'] },
                  },
                ],
              },
            ],
          },
        },
      },
      {
        temporary_id: 'e',
        type: 'send-email',
        links: { next: null },
        data: { status: 'live', message: { subject_line: 'Hi', template_id: 'TplPrv' } },
      },
    ],
  }) as FlowDefinition
  flowId = await createFlow(companyId, { name: 'Preview', definition: def, status: 'live' })
  ids = (await getFlowVersionDefinition(companyId, flowId))!.actions.map((a) => a.id!)
})

const get = (flow: string, profile: string, c = cookie) =>
  GET(
    ajaxRequest(`/ajax/flow/profile-preview/${flow}/${profile}`, { cookie: c }),
    params({ flowId: flow, profileId: profile }),
  )

test('the path: the delay, the branch and why, the send the policy would make or skip', async () => {
  const res = await get(flowId, 'PrvGold')
  expect(res.status).toBe(200)
  const body = await res.json()
  expect(body.qualifies).toBe(true)
  expect(body.steps.map((s: { actionId: string; result: string }) => [s.actionId, s.result])).toEqual([
    [ids[0], 'delay'],
    [ids[1], 'branch'],
    [ids[2], 'send'],
  ])
  expect(body.steps[1].branch).toBe('true')
  expect(body.steps[1].reasons[0]).toContain("properties['tier'] in")
  expect(body.steps[2].send).toEqual({ channel: 'email', decision: 'send' })
  const none = await (await get(flowId, 'PrvNone')).json()
  expect(none.steps[2].send).toEqual({ channel: 'email', decision: 'skip', reason: 'no_email' })
  expect(none.steps[2].reasons.join(' ')).toContain('no_email')
  // no writes
  expect(await db.flowRun.count()).toBe(0)
  expect(await db.flowStep.count()).toBe(0)
  expect(await db.send.count()).toBe(0)
})

test('another company cannot preview the flow, nor a profile of another company', async () => {
  expect((await get(flowId, 'PrvGold', otherCookie)).status).toBe(404)
  expect((await get(flowId, 'PrvOther')).status).toBe(404)
  expect((await get('nope', 'PrvGold')).status).toBe(404)
})

test('signed out: refused', async () => {
  const res = await GET(
    ajaxRequest(`/ajax/flow/profile-preview/${flowId}/PrvGold`),
    params({ flowId, profileId: 'PrvGold' }),
  )
  expect([401, 403]).toContain(res.status)
})
