// Previews of a flow message for a profile (or the sample profile), the UTM parameters its links
// will carry as the merchant reads them (displayable_utm), its action type, and what the content
// editor needs to open it (content/edit/bootstrap).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { renderTemplate } from '@/lib/templates/render-template'
import { TemplateRenderError, TemplateSyntaxError } from '@/lib/templates/template-types'
import { personOf, previewTemplate } from '@/lib/templates/store/preview-template'
import { getUtmSettings } from '@/lib/messaging/tracking/utm-settings'
import { UTM_PARAMS, type ParamValue } from '@/lib/messaging/tracking/utm-constants'
import { CHANNEL_CODES, MESSAGE_KEYS, findMessageOrThrow, type MessageLocation } from './messages-lookup'
import { messageView } from './messages-view'
import { getContent } from './messages-update'

export const previewBody = z.object({
  profileId: z.string().min(1).max(64).optional(),
  eventId: z.coerce.number().int().positive().optional(),
})

/** The same as a query string (?profile_id=&event_id=, not camelized by the wrapper). */
export const previewQuery = z
  .object({
    profile_id: z.string().min(1).max(64).optional(),
    profileId: z.string().min(1).max(64).optional(),
    event_id: z.coerce.number().int().positive().optional(),
    eventId: z.coerce.number().int().positive().optional(),
  })
  .transform((q) => ({ profileId: q.profileId ?? q.profile_id, eventId: q.eventId ?? q.event_id }))

const SAMPLE = {
  email: 'jane.sample@example.com',
  first_name: 'Jane',
  last_name: 'Sample',
  phone_number: '+15555550100',
}

function renderText(source: string, context: Record<string, unknown>, tz: string): string {
  try {
    return renderTemplate(source, context, { mode: 'text', timeZone: tz })
  } catch (e) {
    if (e instanceof TemplateRenderError || e instanceof TemplateSyntaxError)
      throw badRequest(`The message cannot be rendered: ${e.message}`, { body: [e.message] })
    throw e
  }
}

/** Renders the message for a profile: email subject, HTML and text; SMS body; push title and body. */
export async function previewMessage(companyId: number, id: string, input: z.infer<typeof previewBody>) {
  const loc = await findMessageOrThrow(companyId, id)
  const m = loc.message
  const flowContext = { $flow: loc.flow.id, $flow_message: loc.messageId, $action: loc.action.id }
  if (loc.channel === 'email' || loc.channel === 'internal-alert') {
    const tid = typeof m.template_id === 'string' ? m.template_id : null
    if (!tid) throw badRequest('This message has no content yet.', { templateId: ['This message has no content yet.'] })
    try {
      const r = await previewTemplate(companyId, tid, {
        profileId: input.profileId,
        eventId: input.eventId,
        subject: typeof m.subject_line === 'string' ? m.subject_line : '',
      })
      return {
        channel: loc.channel,
        subject: r.subject,
        previewText: typeof m.preview_text === 'string' ? m.preview_text : null,
        html: r.html,
        text: r.text,
        profile: r.profile,
        event: r.event,
        context: flowContext,
      }
    } catch (e) {
      if (e instanceof TemplateRenderError || e instanceof TemplateSyntaxError)
        throw badRequest(`The message cannot be rendered: ${e.message}`, { html: [e.message] })
      throw e
    }
  }
  const profile = input.profileId ? await db.profile.findFirst({ where: { companyId, id: input.profileId } }) : null
  if (input.profileId && !profile) throw notFound(`A profile with id ${input.profileId} was not found.`)
  const person = profile ? personOf(profile) : SAMPLE
  const company = await db.company.findUnique({ where: { id: companyId }, select: { timezone: true } })
  const tz = profile?.timezone || company?.timezone || 'UTC'
  const context = { ...person, person, event: {}, ...flowContext }
  const who = profile
    ? { id: profile.id, email: profile.email, phoneNumber: profile.phoneNumber, sample: false }
    : { id: null, email: SAMPLE.email, phoneNumber: SAMPLE.phone_number, sample: true }
  if (loc.channel === 'sms')
    return { channel: 'sms', body: renderText(String(m.body ?? ''), context, tz), profile: who }
  if (loc.channel === 'push') {
    return {
      channel: 'push',
      title: m.title ? renderText(String(m.title), context, tz) : null,
      body: renderText(String(m.body ?? ''), context, tz),
      profile: who,
    }
  }
  return {
    channel: loc.channel,
    body: typeof m.body === 'string' ? renderText(m.body, context, tz) : null,
    profile: who,
  }
}

function dynamicText(value: string, loc: MessageLocation): string {
  const m = loc.message
  const name = typeof m.name === 'string' ? m.name : ''
  switch (value) {
    case 'flow_id':
      return loc.flow.id
    case 'flow_name':
      return loc.flow.name
    case 'message_name':
      return name
    case 'message_name_id':
      return name ? `${name} (${loc.messageId})` : loc.messageId
    case 'message_type':
      return loc.channel
    case 'email_subject':
      return typeof m.subject_line === 'string' ? m.subject_line : ''
    default:
      return `{${value}}` // per profile or per link: shown as a placeholder
  }
}

/**
 * The parameters the message's links will carry, as text: the company's flow-side UTM settings
 * unless the message turns them off, with the message's own parameters replacing those of the
 * same name; dynamic values filled where the message knows them, placeholders otherwise.
 */
export async function displayableUtm(companyId: number, id: string) {
  const loc = await findMessageOrThrow(companyId, id)
  const m = loc.message
  const settings = await getUtmSettings(companyId)
  const enabled = m.add_tracking_params !== undefined ? m.add_tracking_params !== false : settings.autoAddParameters
  const out = new Map<string, { param: string; value: string; source: 'account' | 'message' }>()
  const show = (v: ParamValue) => (v.type === 'static' ? v.value : dynamicText(v.value, loc))
  if (enabled) {
    for (const p of UTM_PARAMS) {
      const s = settings.params[p]?.flow
      if (s) out.set(p, { param: p, value: show(s), source: 'account' })
    }
    for (const c of settings.custom)
      if (c.flow) out.set(c.name, { param: c.name, value: show(c.flow), source: 'account' })
  }
  for (const p of Array.isArray(m.custom_tracking_params)
    ? (m.custom_tracking_params as Array<Record<string, unknown>>)
    : []) {
    const param = String(p.param ?? p.name ?? '')
    if (!param) continue
    const value = String(p.value ?? '')
    out.set(param, { param, value: p.type === 'dynamic' ? dynamicText(value, loc) : value, source: 'message' })
  }
  return { enabled, params: [...out.values()] }
}

export async function actionType(companyId: number, id: string) {
  const loc = await findMessageOrThrow(companyId, id)
  const channel = loc.channel as keyof typeof CHANNEL_CODES
  return {
    actionId: loc.action.id ?? null,
    actionType: loc.action.type,
    sendActionType: typeof loc.sendAction.type === 'string' ? loc.sendAction.type : loc.action.type,
    channel: loc.channel,
    channelCode: CHANNEL_CODES[channel] ?? null,
    isAbTest: loc.action.type === 'ab-test' || loc.action.type === 'content-experiment',
    abTestChannelCode: loc.action.type === 'ab-test' ? CHANNEL_CODES.ab_test : null,
    messageKey: MESSAGE_KEYS[loc.channel] ?? null,
  }
}

/** What the content editor needs to open the message: the message, its content, the flow, preview profiles. */
export async function contentEditBootstrap(companyId: number, id: string) {
  const loc = await findMessageOrThrow(companyId, id)
  const { content } = await getContent(companyId, id)
  const profiles = await db.profile.findMany({
    where: { companyId, email: { not: null } },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: 10,
    select: { id: true, email: true, firstName: true, lastName: true },
  })
  const utm = await displayableUtm(companyId, id)
  return {
    message: messageView(loc),
    content,
    flow: { id: loc.flow.id, name: loc.flow.name, status: String(loc.flow.status), version: loc.flow.currentVersion },
    previewProfiles: profiles,
    utm,
    editorTypes: ['SYSTEM_DRAGGABLE', 'CODE'],
    setupTypes: ['drag-and-drop', 'html', 'text'],
  }
}
