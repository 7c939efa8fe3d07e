// The /ajax campaign calls (lib/campaigns/ajax/README.md): list and create, one campaign and its
// actions (lifecycle through lib/campaigns/lifecycle.ts), content, templates, variations, smart
// sending, send time, estimation, figures, exports, omnichannel campaigns, the wizard's steps
// and the library. Each takes the company (and user) and the parsed input; routes are thin.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { containsText } from '@/lib/db/dialect'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { CampaignError } from '../errors'
import {
  cancelCampaign,
  chooseAbWinner,
  getEstimation,
  NO_POSTAL_ADDRESS,
  pauseCampaign,
  planStart,
  POSTAL_ADDRESS_FIELD,
  requestEstimation,
  resumeCampaign,
  revertCampaignToDraft,
  sendCampaign,
} from '../lifecycle'
import { hasPostalAddress } from '@/lib/messaging/postal-address'
import {
  assignTemplate,
  cloneCampaign,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  listMessages,
  setArchived,
  setVariations,
  updateCampaign,
  updateMessage,
  type CampaignDetail,
  type CampaignSort,
} from '../store'
import {
  CHANNELS,
  abTestSchema,
  audiencesSchema,
  campaignPatchSchema,
  channelSchema,
  createCampaignSchema,
  sendOptionsSchema,
  sendStrategySchema,
  variationSchema,
} from '../validate'
import { createOmnicampaign, getOmnicampaign, listOmnicampaigns } from '../omnicampaigns'
import { campaignAjaxCall as call } from './common'
import { campaignSummary, startRecipientsExport } from './summary-export'

// ---------------------------------------------------------------------------------------------
// Query and body schemas

const boolParam = z.enum(['true', 'false'], 'Use true or false.').transform((v) => v === 'true')
const intParam = (max: number) => z.coerce.number('Give a whole number.').int('Give a whole number.').min(1).max(max)

export const listQuery = z.object({
  channel: channelSchema.optional(),
  status: z.string().max(64).optional(),
  archived: boolParam.optional(),
  tag: z.string().max(64).optional(),
  q: z.string().max(255).optional(),
  sort: z
    .enum(
      ['last_modified', 'first_modified', 'last_sent', 'first_sent'],
      'Sort by last_modified, first_modified, last_sent or first_sent.',
    )
    .optional(),
  page: intParam(100_000).optional(),
  pageSize: intParam(100).optional(),
  page_size: intParam(100).optional(),
})
export const pageQuery = z.object({
  page: intParam(100_000).optional(),
  pageSize: intParam(100).optional(),
  page_size: intParam(100).optional(),
})
export const libraryQuery = z.object({ channel: channelSchema.optional(), q: z.string().max(255).optional() })

export const createBody = createCampaignSchema.omit({ omnicampaignId: true })
export const cloneBody = z.object({ name: z.string().trim().max(255).nullish() })
export const scheduleBody = z.object({ sendStrategy: sendStrategySchema.optional() })
export const contentBody = z.object({
  messageId: z.string().min(1, 'Choose a message.'),
  label: z.string().max(255).nullish(),
  content: z.record(z.string(), z.unknown()).nullish(),
  renderOptions: z.record(z.string(), z.unknown()).nullish(),
  templateId: z.string().min(1).nullish(),
})
export const templateBody = z.object({
  messageId: z.string().min(1, 'Choose a message.'),
  templateId: z.string().min(1, 'Choose a template.'),
})
export const variationsPutBody = z.object({
  abTest: abTestSchema.nullable(),
  variations: z.array(variationSchema).max(8, 'At most 8 variations.'),
})
export const winnerBody = z.object({ variationId: z.string().min(1, 'Choose the winning variation.') })
export const smartSendingBody = z.object({ enabled: z.boolean('Give true or false.') })
export const sendTimeBody = z.object({ sendStrategy: sendStrategySchema })
export const exportBody = z.object({
  kind: z.literal('recipients', 'The only export is recipients.').default('recipients'),
})
export const omniBody = z.object({
  name: z.string().trim().min(1, 'A campaign name is required.').max(255),
  channels: z.array(channelSchema).min(1, 'Choose at least one channel.').max(CHANNELS.length),
  audiences: audiencesSchema.optional(),
})
export const audienceBody = z.object({
  included: z.array(z.string().min(1)).max(100),
  excluded: z.array(z.string().min(1)).max(100).default([]),
})
export const wizardScheduleBody = z.object({
  sendStrategy: sendStrategySchema,
  sendOptions: sendOptionsSchema.optional(),
  send: z.boolean().optional(),
})
export { campaignPatchSchema as patchBody }

// ---------------------------------------------------------------------------------------------
// Handlers

export const list = (companyId: number, q: z.infer<typeof listQuery>) =>
  listCampaigns(companyId, {
    channel: q.channel,
    status: q.status,
    archived: q.archived,
    tagId: q.tag,
    q: q.q,
    sort: q.sort as CampaignSort | undefined,
    page: q.page,
    pageSize: q.pageSize ?? q.page_size,
  })

export const create = async (companyId: number, userId: number, b: z.infer<typeof createBody>) => ({
  campaign: await call(() => createCampaign(companyId, b, { userId })),
})

export const get = async (companyId: number, id: string) => ({ campaign: await call(() => getCampaign(companyId, id)) })

export const update = async (companyId: number, id: string, b: z.infer<typeof campaignPatchSchema>) => ({
  campaign: await call(() => updateCampaign(companyId, id, b)),
})

export async function remove(companyId: number, id: string) {
  await call(() => deleteCampaign(companyId, id))
  return { ok: true }
}

export const clone = async (companyId: number, userId: number, id: string, b: z.infer<typeof cloneBody>) => ({
  campaign: await call(() => cloneCampaign(companyId, id, b.name, { userId })),
})

export type Action = 'cancel' | 'pause' | 'resume' | 'revert-to-draft' | 'archive' | 'unarchive'

export async function act(companyId: number, id: string, action: Action) {
  await call(async () => {
    if (action === 'cancel') return cancelCampaign(companyId, id)
    if (action === 'pause') return pauseCampaign(companyId, id)
    if (action === 'resume') return resumeCampaign(companyId, id)
    if (action === 'revert-to-draft') return revertCampaignToDraft(companyId, id)
    return setArchived(companyId, id, action === 'archive')
  })
  return get(companyId, id)
}

/** Saves the strategy (if given), then sends or schedules through the lifecycle. */
export async function schedule(companyId: number, userId: number, id: string, b: z.infer<typeof scheduleBody>) {
  if (b.sendStrategy) await call(() => updateCampaign(companyId, id, { sendStrategy: b.sendStrategy }))
  await call(() => sendCampaign(companyId, id, { userId }))
  return get(companyId, id)
}

export const content = async (companyId: number, id: string) => ({
  messages: await call(() => listMessages(companyId, id)),
})

export async function saveContent(companyId: number, id: string, b: z.infer<typeof contentBody>) {
  const message = await call(async () => {
    const mine = await listMessages(companyId, id)
    if (!mine.some((m) => m.id === b.messageId))
      throw new CampaignError('invalid', `The message ${b.messageId} is not one of this campaign's.`, {
        field: 'messageId',
      })
    return updateMessage(companyId, b.messageId, {
      label: b.label,
      content: b.content,
      renderOptions: b.renderOptions,
      templateId: b.templateId,
    })
  })
  return { message }
}

export async function templates(companyId: number, q: { channel?: string; q?: string } = {}) {
  void q.channel
  const rows = await db.template.findMany({
    where: { companyId, archived: false, ...(q.q?.trim() ? { name: containsText(q.q.trim()) } : {}) },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: 100,
    select: { id: true, name: true, editorType: true, updatedAt: true },
  })
  return { templates: rows.map((t) => ({ ...t, updatedAt: t.updatedAt.toISOString() })) }
}

export async function assign(companyId: number, id: string, b: z.infer<typeof templateBody>) {
  const message = await call(async () => {
    const mine = await listMessages(companyId, id)
    if (!mine.some((m) => m.id === b.messageId))
      throw new CampaignError('invalid', `The message ${b.messageId} is not one of this campaign's.`, {
        field: 'messageId',
      })
    return assignTemplate(companyId, b.messageId, b.templateId)
  })
  return { message }
}

export async function variations(companyId: number, id: string) {
  const c = await call(() => getCampaign(companyId, id))
  return { abTest: c.abTest, variations: c.variations }
}

export const putVariations = (companyId: number, id: string, b: z.infer<typeof variationsPutBody>) =>
  call(() => setVariations(companyId, id, b))

export async function winner(companyId: number, id: string, b: z.infer<typeof winnerBody>) {
  await call(() => chooseAbWinner(companyId, id, b.variationId))
  return get(companyId, id)
}

export async function smartSending(companyId: number, id: string) {
  const c = await call(() => getCampaign(companyId, id))
  return { enabled: c.sendOptions.use_smart_sending !== false }
}

export async function setSmartSending(companyId: number, id: string, b: z.infer<typeof smartSendingBody>) {
  const c = await call(() => updateCampaign(companyId, id, { sendOptions: { use_smart_sending: b.enabled } }))
  return { enabled: c.sendOptions.use_smart_sending !== false }
}

export async function sendTime(companyId: number, id: string) {
  const c = await call(() => getCampaign(companyId, id))
  return { sendStrategy: c.sendStrategy }
}

export async function setSendTime(companyId: number, id: string, b: z.infer<typeof sendTimeBody>) {
  const c = await call(() => updateCampaign(companyId, id, { sendStrategy: b.sendStrategy }))
  return { sendStrategy: c.sendStrategy }
}

const estimationView = (e: Awaited<ReturnType<typeof getEstimation>>) =>
  e && {
    status: e.status,
    count: e.count,
    exclusions: e.exclusions,
    createdAt: e.createdAt.toISOString(),
    completedAt: e.completedAt?.toISOString() ?? null,
  }

export async function estimation(companyId: number, id: string) {
  await call(() => getCampaign(companyId, id))
  return { estimation: estimationView(await getEstimation(companyId, id)) }
}

export const estimate = async (companyId: number, id: string) => ({
  estimation: estimationView(await call(() => requestEstimation(companyId, id))),
})

export const analytics = async (companyId: number, id: string) => ({
  summary: await call(() => campaignSummary(companyId, id)),
})

export async function exportCsv(companyId: number, userId: number, id: string, b: z.infer<typeof exportBody>) {
  void b.kind
  return call(() => startRecipientsExport(companyId, userId, id))
}

// Omnichannel campaigns
export const omniList = (companyId: number, q: z.infer<typeof pageQuery>) =>
  listOmnicampaigns(companyId, { page: q.page, pageSize: q.pageSize ?? q.page_size })
export const omniCreate = async (companyId: number, userId: number, b: z.infer<typeof omniBody>) => ({
  omnicampaign: await call(() => createOmnicampaign(companyId, b, { userId })),
})
export const omniGet = async (companyId: number, id: string) => ({
  omnicampaign: await call(() => getOmnicampaign(companyId, id)),
})

// ---------------------------------------------------------------------------------------------
// The wizard's steps

async function groupsOf(companyId: number) {
  const rows = await db.group.findMany({
    where: { companyId, deletedAt: null, type: { in: [LIST, SEGMENT] } },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: 1000,
    select: { id: true, name: true, type: true, memberCount: true },
  })
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    type: g.type === SEGMENT ? 'segment' : 'list',
    memberCount: g.memberCount,
  }))
}

export async function wizardAudience(companyId: number, id: string) {
  const c = await call(() => getCampaign(companyId, id))
  return { audiences: c.audiences, groups: await groupsOf(companyId) }
}

export async function saveWizardAudience(companyId: number, id: string, b: z.infer<typeof audienceBody>) {
  const c = await call(() =>
    updateCampaign(companyId, id, { audiences: { included: b.included, excluded: b.excluded } }),
  )
  return { audiences: c.audiences, groups: await groupsOf(companyId) }
}

export async function saveWizardContent(companyId: number, id: string, b: z.infer<typeof contentBody>) {
  await saveContent(companyId, id, b)
  return content(companyId, id)
}

export async function wizardSchedule(companyId: number, id: string) {
  return get(companyId, id)
}

export async function saveWizardSchedule(
  companyId: number,
  userId: number,
  id: string,
  b: z.infer<typeof wizardScheduleBody>,
) {
  await call(() =>
    updateCampaign(companyId, id, {
      sendStrategy: b.sendStrategy,
      ...(b.sendOptions ? { sendOptions: b.sendOptions } : {}),
    }),
  )
  if (b.send) await call(() => sendCampaign(companyId, id, { userId }))
  return get(companyId, id)
}

/** What would stop the send, without sending: the same checks as the lifecycle, gathered. */
export function problemsOf(
  c: CampaignDetail,
  now = new Date(),
  org: { hasPostalAddress: boolean } = { hasPostalAddress: true },
): Array<{ field: string; message: string }> {
  const out: Array<{ field: string; message: string }> = []
  if (!org.hasPostalAddress && c.messages.some((m) => m.channel === 'email'))
    out.push({ field: POSTAL_ADDRESS_FIELD, message: NO_POSTAL_ADDRESS })
  if (!c.audiences.included.length)
    out.push({ field: 'audiences.included', message: 'Choose at least one list or segment to send to.' })
  if (c.audiences.included.some((g) => c.audiences.excluded.includes(g)))
    out.push({ field: 'audiences.excluded', message: 'A list or segment cannot be both included and excluded.' })
  for (const m of c.messages) {
    if (m.channel === 'email') {
      if (!m.templateId)
        out.push({
          field: `messages.${m.id}.template`,
          message: 'The email has no template: choose or design one before sending.',
        })
      if (typeof m.content.subject !== 'string' || !m.content.subject.trim())
        out.push({ field: `messages.${m.id}.subject`, message: 'The email has no subject line.' })
    } else if (typeof m.content.body !== 'string' || !m.content.body.trim()) {
      out.push({
        field: `messages.${m.id}.body`,
        message: m.channel === 'sms' ? 'The SMS has no text.' : 'The push notification has no text.',
      })
    }
  }
  if (c.abTest && c.variations.length < 2)
    out.push({ field: 'variations', message: 'An A/B test needs at least two variations.' })
  try {
    planStart(c.sendStrategy as Parameters<typeof planStart>[0], now)
  } catch (e) {
    out.push({ field: (e as { field?: string }).field ?? 'send_strategy', message: (e as Error).message })
  }
  return out
}

export async function wizardReview(companyId: number, id: string) {
  const [c, company] = await Promise.all([
    call(() => getCampaign(companyId, id)),
    db.company.findUnique({ where: { id: companyId }, select: { addressLine1: true, city: true, country: true } }),
  ])
  return {
    campaign: c,
    problems: problemsOf(c, new Date(), { hasPostalAddress: hasPostalAddress(company) }),
    estimation: estimationView(await getEstimation(companyId, id)),
  }
}

// The library: templates to start from and recent sent campaigns to clone.
export async function library(companyId: number, q: z.infer<typeof libraryQuery>) {
  const [{ templates: tpls }, sent] = await Promise.all([
    templates(companyId, q),
    listCampaigns(companyId, { channel: q.channel, status: 'Sent', q: q.q, sort: 'last_sent', pageSize: 25 }),
  ])
  return { templates: tpls, campaigns: sent.campaigns }
}
