// The JSON:API request bodies of the /api campaign family (revision 2026-07-15), and the
// documents the single-resource endpoints answer with.
import { z } from 'zod'
import { apiNotFound } from '@/lib/api/api-error'
import { db } from '@/lib/db/client'
import { serializeImage, serializeTemplate } from '@/lib/templates/store/api-resources'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { getCampaign, getMessage, findCampaign, type CampaignDetail } from '../store'
import {
  audiencesSchema,
  audiencesUpdateSchema,
  campaignName,
  messageDefinitionSchema,
  sendOptionsSchema,
  sendStrategySchema,
  trackingOptionsSchema,
} from '../validate'
import {
  CAMPAIGN_FIELDS,
  MESSAGE_FIELDS,
  campaignApiCall,
  serializeCampaign,
  serializeMessage,
  serializeTagRef,
} from './documents'

const relOne = (type: string) => z.object({ data: z.object({ type: z.literal(type), id: z.string().min(1) }) })

const messageCreate = z.object({
  type: z.literal('campaign-message'),
  attributes: z.object({ definition: messageDefinitionSchema }),
  relationships: z.object({ image: relOne('image').optional() }).optional(),
})

export const createCampaignApiBody = z.object({
  data: z.object({
    type: z.literal('campaign'),
    attributes: z.object({
      name: campaignName,
      audiences: audiencesSchema,
      send_strategy: sendStrategySchema.nullish(),
      send_options: sendOptionsSchema.nullish(),
      tracking_options: trackingOptionsSchema.nullish(),
      'campaign-messages': z.object(
        { data: z.array(messageCreate).min(1, 'A campaign needs a message.').max(1, 'A campaign has one message.') },
        'campaign-messages is required.',
      ),
    }),
  }),
})

export const updateCampaignApiBody = z.object({
  data: z.object({
    type: z.literal('campaign'),
    id: z.string().min(1),
    attributes: z.object({
      name: campaignName.nullish(),
      audiences: audiencesUpdateSchema.nullish(),
      send_strategy: sendStrategySchema.nullish(),
      send_options: sendOptionsSchema.nullish(),
      tracking_options: trackingOptionsSchema.nullish(),
    }),
  }),
})

export const updateMessageApiBody = z.object({
  data: z.object({
    type: z.literal('campaign-message'),
    id: z.string().min(1),
    attributes: z.object({ definition: messageDefinitionSchema.nullish() }),
    relationships: z.object({ image: relOne('image').optional() }).optional(),
  }),
})

export const assignTemplateApiBody = z.object({
  data: z.object({
    type: z.literal('campaign-message'),
    id: z.string().min(1, 'The message id is required.'),
    relationships: z.object({ template: relOne('template') }),
  }),
})

export const sendJobApiBody = z.object({
  data: z.object({ type: z.literal('campaign-send-job'), id: z.string().min(1, 'The campaign id is required.') }),
})
export const sendJobUpdateApiBody = z.object({
  data: z.object({
    type: z.literal('campaign-send-job'),
    id: z.string().min(1),
    attributes: z.object({ action: z.enum(['cancel', 'revert'], 'action must be cancel or revert.') }),
  }),
})
export const estimationJobApiBody = z.object({
  data: z.object({
    type: z.literal('campaign-recipient-estimation-job'),
    id: z.string().min(1, 'The campaign id is required.'),
  }),
})
export const cloneApiBody = z.object({
  data: z.object({
    type: z.literal('campaign'),
    id: z.string().min(1, 'The campaign id is required.'),
    attributes: z.object({ new_name: z.string().trim().max(255).nullish() }).default({}),
  }),
})
export const imageRelationshipBody = relOne('image')

/** GET /api/campaigns/{id} and the create/update/clone answers: include=campaign-messages,tags; fields. */
export async function campaignDocument(url: URL, companyId: number, id: string, detail?: CampaignDetail) {
  const c = detail ?? (await campaignApiCall(() => getCampaign(companyId, id)))
  const include = enumList(url, 'include', ['campaign-messages', 'tags'] as const)
  const fields = sparseFields(url, 'campaign', CAMPAIGN_FIELDS)
  const data = serializeCampaign(url, c, { fields, messageIds: c.messages.map((m) => m.id), withTags: true })
  const included: unknown[] = []
  if (include.includes('campaign-messages')) {
    const mf = sparseFields(url, 'campaign-message', MESSAGE_FIELDS)
    for (const m of c.messages) included.push(serializeMessage(url, m, c, { fields: mf }))
  }
  if (include.includes('tags')) for (const t of c.tags) included.push(serializeTagRef(url, t))
  return { data, links: { self: data.links.self }, ...(include.length ? { included } : {}) }
}

/** GET /api/campaign-messages/{id}: include=campaign,image,template. */
export async function messageDocument(url: URL, companyId: number, id: string, opts: { older?: boolean } = {}) {
  const m = await campaignApiCall(() => getMessage(companyId, id))
  const c = await findCampaign(companyId, m.campaignId)
  if (!c) throw apiNotFound(`A campaign message with id ${id} was not found.`)
  const include = opts.older ? [] : enumList(url, 'include', ['campaign', 'image', 'template'] as const)
  const data = serializeMessage(url, m, c, {
    fields: opts.older ? null : sparseFields(url, 'campaign-message', MESSAGE_FIELDS),
    older: opts.older,
  })
  const included: unknown[] = []
  if (include.includes('campaign'))
    included.push(serializeCampaign(url, c, { fields: sparseFields(url, 'campaign', CAMPAIGN_FIELDS) }))
  if (include.includes('template') && m.templateId) {
    const t = await db.template.findFirst({ where: { companyId, id: m.templateId } })
    if (t) included.push(serializeTemplate(url, t))
  }
  if (include.includes('image') && m.imageId) {
    const img = await db.image.findFirst({ where: { companyId, id: m.imageId } })
    if (img) included.push(serializeImage(url, img))
  }
  return { data, links: { self: data.links.self }, ...(include.length ? { included } : {}) }
}
