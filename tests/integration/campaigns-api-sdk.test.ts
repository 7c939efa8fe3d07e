/** @jest-environment node */
// The official SDK (npm klaviyo-api 23.x) against our campaign endpoints over real HTTP on
// 127.0.0.1: createCampaign, getCampaigns (the channel filter), getCampaign, updateCampaign,
// getMessagesForCampaign, updateCampaignMessage, assignTemplateToCampaignMessage,
// createCampaignClone, sendCampaign, getCampaignSendJob, cancelCampaignSend,
// refreshCampaignRecipientEstimation, getCampaignRecipientEstimationJob,
// getCampaignRecipientEstimation and deleteCampaign; another company's key gets 404.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import {
  ApiKeySession,
  CampaignsApi,
  CampaignEnum,
  CampaignMessageEnum,
  CampaignSendJobEnum,
  CampaignRecipientEstimationJobEnum,
  TemplateEnum,
} from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeApiKey } from '../helpers/route-server'
import { company, list, profiles, template } from '../helpers/campaigns-engine-fixture'
import { startCampaignServer, type RouteServer } from './campaigns-api-routes'

let server: RouteServer
let api: CampaignsApi
let other: CampaignsApi
let listId: string
let tplId: string

beforeAll(async () => {
  server = await startCampaignServer()
  const A = await company()
  listId = await list(A, 'SDK list')
  await profiles(A, 5, [listId])
  tplId = await template(A, '<p>SDK</p>')
  api = new CampaignsApi(new ApiKeySession(await makeApiKey(A)))
  other = new CampaignsApi(new ApiKeySession(await makeApiKey(await company())))
  for (const x of [api, other]) x.basePath = server.url
})
beforeEach(() => resetRateLimits())
afterAll(async () => {
  await server.close()
})

test('a campaign round trip through the official SDK', async () => {
  const created = await api.createCampaign({
    data: {
      type: CampaignEnum.Campaign,
      attributes: {
        name: 'SDK campaign',
        audiences: { included: [listId] },
        sendStrategy: { method: 'static', datetime: new Date('2031-02-01T12:00:00Z') as unknown as string },
        campaignMessages: {
          data: [
            {
              type: CampaignMessageEnum.CampaignMessage,
              attributes: {
                definition: {
                  channel: 'email',
                  label: 'SDK',
                  content: { subject: 'From the SDK', previewText: 'Preview' },
                },
              },
            },
          ],
        },
      },
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK's union models are wider than this literal
  } as any)
  expect(created.response.status).toBe(201)
  const id = created.body.data.id
  expect(created.body.data.attributes).toMatchObject({
    name: 'SDK campaign',
    status: 'Draft',
    archived: false,
    audiences: { included: [listId] },
  })
  expect(created.body.data.attributes.createdAt).toBeInstanceOf(Date)
  const messageId = created.body.data.relationships!.campaignMessages!.data![0]!.id

  const listed = await api.getCampaigns("equals(messages.channel,'email')", { include: ['campaign-messages'] })
  expect(listed.body.data.map((c) => c.id)).toEqual([id])
  expect(listed.body.included?.map((i) => i.id)).toEqual([messageId])
  await expect(api.getCampaigns('')).rejects.toMatchObject({ response: { status: 400 } })

  const updated = await api.updateCampaign(id, {
    data: {
      type: CampaignEnum.Campaign,
      id,
      attributes: { name: 'SDK campaign (renamed)', sendOptions: { useSmartSending: false } },
    },
  })
  expect(updated.body.data.attributes).toMatchObject({
    name: 'SDK campaign (renamed)',
    sendOptions: { useSmartSending: false },
  })

  const msgs = await api.getMessagesForCampaign(id)
  expect(msgs.body.data.map((m) => m.id)).toEqual([messageId])
  const um = await api.updateCampaignMessage(messageId, {
    data: {
      type: CampaignMessageEnum.CampaignMessage,
      id: messageId,
      attributes: { definition: { channel: 'email', content: { subject: 'Updated subject' } } },
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK's definition union
  } as any)
  expect(
    (um.body.data.attributes.definition as { content: { subject: string; previewText: string } }).content,
  ).toMatchObject({ subject: 'Updated subject', previewText: 'Preview' })

  const assigned = await api.assignTemplateToCampaignMessage({
    data: {
      type: CampaignMessageEnum.CampaignMessage,
      id: messageId,
      relationships: { template: { data: { type: TemplateEnum.Template, id: tplId } } },
    },
  })
  expect(assigned.response.status).toBe(200)
  const one = await api.getCampaignMessage(messageId, { include: ['template'] })
  expect(one.body.data.relationships?.template?.data?.id).toBeTruthy()
  expect(one.body.data.relationships?.template?.data?.id).not.toBe(tplId)

  const cl = await api.createCampaignClone({
    data: { type: CampaignEnum.Campaign, id, attributes: { newName: 'SDK clone' } },
  })
  expect(cl.response.status).toBe(201)
  expect(cl.body.data.attributes.name).toBe('SDK clone')

  const sent = await api.sendCampaign({ data: { type: CampaignSendJobEnum.CampaignSendJob, id } })
  expect(sent.response.status).toBe(202)
  expect(sent.body.data.attributes.status).toBe('queued')
  expect((await api.getCampaignSendJob(id)).body.data.attributes.status).toBe('queued')
  const cancelled = await api.cancelCampaignSend(id, {
    data: { type: CampaignSendJobEnum.CampaignSendJob, id, attributes: { action: 'cancel' } },
  })
  expect(cancelled.response.status).toBe(204)
  expect((await api.getCampaign(id)).body.data.attributes.status).toBe('Cancelled')

  const est = await api.refreshCampaignRecipientEstimation({
    data: { type: CampaignRecipientEstimationJobEnum.CampaignRecipientEstimationJob, id },
  })
  expect(est.response.status).toBe(202)
  await runJobsUntilIdle()
  expect((await api.getCampaignRecipientEstimationJob(id)).body.data.attributes.status).toBe('complete')
  expect((await api.getCampaignRecipientEstimation(id)).body.data.attributes.estimatedRecipientCount).toBe(5)

  await expect(other.getCampaign(id)).rejects.toMatchObject({ response: { status: 404 } })
  expect((await other.getCampaigns("equals(messages.channel,'email')")).body.data).toEqual([])

  await api.deleteCampaign(id)
  await expect(api.getCampaign(id)).rejects.toMatchObject({ response: { status: 404 } })
  expect(await db.campaign.count({ where: { id } })).toBe(0)
})
