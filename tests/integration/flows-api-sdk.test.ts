/** @jest-environment node */
// The official SDK (npm klaviyo-api 23.x) against our flow endpoints over real HTTP on
// 127.0.0.1: createFlow, getFlows, getFlow (with definition), updateFlow and deleteFlow.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { ApiKeySession, FlowsApi, FlowEnum } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { LIST } from '@/lib/groups/group-view'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { startFlowServer, type RouteServer } from './flows-api-routes'

let server: RouteServer
let flows: FlowsApi
let otherFlows: FlowsApi

beforeAll(async () => {
  server = await startFlowServer()
  const company = await makeCompany('SDK flows')
  await db.group.create({ data: { id: 'LstSDK', companyId: company.id, name: 'Newsletter', type: LIST } })
  flows = new FlowsApi(new ApiKeySession(await makeApiKey(company.id)))
  otherFlows = new FlowsApi(new ApiKeySession(await makeApiKey((await makeCompany('Other')).id)))
  for (const api of [flows, otherFlows]) api.basePath = server.url
})
beforeEach(() => resetRateLimits())
afterAll(async () => {
  await server.close()
})

// The SDK's models are camelCase; it writes them as the vendor's snake_case fields.
const definition = {
  triggers: [{ type: 'list', id: 'LstSDK' }],
  entryActionId: 'wait',
  reentryCriteria: { duration: 0, unit: 'alltime' },
  actions: [
    { temporaryId: 'wait', type: 'time-delay', links: { next: 'sms' }, data: { unit: 'hours', value: 3 } },
    {
      temporaryId: 'sms',
      type: 'send-sms',
      links: { next: null },
      data: { status: 'draft', message: { body: 'Welcome! Reply STOP to opt out.', name: 'Welcome SMS' } },
    },
  ],
}

test('createFlow (201, real ids), getFlows, getFlow with definition, updateFlow, deleteFlow', async () => {
  const created = await flows.createFlow(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    { data: { type: FlowEnum.Flow, attributes: { name: 'SDK welcome', definition: definition as any } } },
    { additionalFieldsFlow: ['definition'] },
  )
  expect(created.response.status).toBe(201)
  const id = created.body.data.id
  expect(created.body.data.attributes).toMatchObject({
    name: 'SDK welcome',
    status: 'draft',
    triggerType: 'Added to List',
  })
  expect(created.body.data.attributes.created).toBeInstanceOf(Date)

  const stored = await db.flowVersion.findFirst({ where: { flowId: id } })
  const def = JSON.parse(stored!.definition)
  const [waitId, smsId] = def.actions.map((a: { id: string }) => a.id)
  expect(def.entry_action_id).toBe(waitId)
  expect(def.actions[0].links.next).toBe(smsId)
  expect(def.actions[1].data.message.body).toBe('Welcome! Reply STOP to opt out.')

  const list = await flows.getFlows({ filter: 'equals(name,"SDK welcome")' })
  expect(list.body.data.map((f) => f.id)).toEqual([id])
  expect(list.body.data[0]!.attributes.archived).toBe(false)

  const one = await flows.getFlow(id, { additionalFieldsFlow: ['definition'], include: ['flow-actions'] })
  expect(one.body.data.id).toBe(id)
  const got = one.body.data.attributes.definition as unknown as {
    entryActionId: string
    actions: Array<{ id: string }>
  }
  expect(got.entryActionId).toBe(waitId)
  expect(got.actions.map((a) => a.id)).toEqual([waitId, smsId])
  expect(one.body.included?.map((i) => i.id).sort()).toEqual([waitId, smsId].sort())

  const live = await flows.updateFlow(id, { data: { type: FlowEnum.Flow, id, attributes: { status: 'live' } } })
  expect(live.body.data.attributes.status).toBe('live')
  expect((await db.flowAction.findMany({ where: { flowId: id } })).map((a) => a.status)).toEqual(['live', 'live'])

  await expect(otherFlows.getFlow(id)).rejects.toMatchObject({ response: { status: 404 } })
  expect((await otherFlows.getFlows()).body.data).toEqual([])

  await flows.deleteFlow(id)
  await expect(flows.getFlow(id)).rejects.toMatchObject({ response: { status: 404 } })
})
