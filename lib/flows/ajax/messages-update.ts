// The /ajax flow message edits (seed 002 §7.4): name, subject, settings, variation weight,
// content (a new template version for an email), content type, UTM parameters, undelete. Each
// is saved as a new flow version (lib/flows/ajax/messages-lookup.ts mutateMessage).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { createTemplate } from '@/lib/templates/store/save-template'
import { layoutById } from '@/lib/templates/store/layouts'
import type { EditorType } from '@/lib/templates/store/template-view'
import { actionLinks, setLink, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'
import { getFlowDefinition, getFlowOrThrow } from '@/lib/flows/store'
import {
  AB_TEST_TYPES,
  armsOf,
  experimentOf,
  findMessageOrThrow,
  locateInDefinition,
  mutateMessage,
  saveDefinition,
  type Json,
  type MessageLocation,
} from './messages-lookup'
import { messageView } from './messages-view'

const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'on', 'off', '1', '0']).transform((v) => v === 'true' || v === 'on' || v === '1'),
])

export const nameBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'A message name is required.')
    .max(255, 'The message name is longer than 255 characters.'),
})
export const subjectBody = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'A subject line is required.')
    .max(998, 'The subject line is longer than 998 characters.'),
  previewText: z.string().max(998, 'The preview text is longer than 998 characters.').nullable().optional(),
})
export const settingBody = z
  .object({
    smartSending: flag.optional(),
    transactional: flag.optional(),
    addTrackingParams: flag.optional(),
    smsQuietHours: flag.optional(),
    fromEmail: z.string().trim().email('Enter a valid sender address.').max(254).optional(),
    fromLabel: z.string().trim().max(255).optional(),
    replyToEmail: z.string().trim().email('Enter a valid reply-to address.').max(254).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message:
      'Name at least one setting: smart_sending, transactional, add_tracking_params, sms_quiet_hours, from_email, from_label or reply_to_email.',
  })
export const weightBody = z.object({
  variation: z.string().trim().min(1, 'Name the variation.').max(64),
  // The weight comes as text (seed 002 §3.3).
  weight: z.union([z.string(), z.number()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(v.trim())
    if (!Number.isInteger(n) || n < 0 || n > 100 || (typeof v === 'string' && !v.trim())) {
      ctx.addIssue({ code: 'custom', message: 'The weight must be a whole number from 0 to 100.' })
      return z.NEVER
    }
    return n
  }),
})
export const contentBody = z
  .object({
    html: z.string().max(1_000_000, 'The HTML is larger than 1 MB.').optional(),
    text: z.string().max(1_000_000).nullable().optional(),
    definition: z.unknown().optional(),
    body: z.string().max(1600, 'The message body is longer than 1,600 characters.').optional(),
    title: z.string().max(255).nullable().optional(),
    imageId: z.string().max(64).nullable().optional(),
    onOpen: z.enum(['home', 'link', 'open_url']).optional(),
    url: z.string().max(2048).nullable().optional(),
    sound: flag.optional(),
    badge: flag.optional(),
    pushType: z.enum(['standard', 'silent']).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send the content to save.' })
export const SETUP_TYPES = ['drag-and-drop', 'html', 'text'] as const
export const contentTypeBody = z.object({
  setupType: z.enum(SETUP_TYPES, 'setupType must be drag-and-drop, html or text.'),
})
const utmParam = z.object({
  param: z
    .string()
    .trim()
    .min(1, 'A parameter name is required.')
    .max(100)
    .regex(/^[A-Za-z0-9_.\-[\]]+$/, 'Parameter names use letters, digits, _ . - [ ].'),
  value: z.string().trim().min(1, 'A parameter value is required.').max(500),
  type: z.enum(['static', 'dynamic']).optional(),
})
export const utmBody = z.object({
  utmParams: z.array(utmParam).max(20, 'At most 20 parameters.'),
  addTrackingParams: flag.optional(),
})

export async function renameMessage(companyId: number, id: string, name: string) {
  const loc = await mutateMessage(companyId, id, (l) => void (l.message.name = name))
  return { message: messageView(loc) }
}

export async function setSubject(companyId: number, id: string, body: z.infer<typeof subjectBody>) {
  const loc = await mutateMessage(companyId, id, (l) => {
    if (l.channel !== 'email')
      throw badRequest('Only email messages have a subject line.', {
        subject: ['Only email messages have a subject line.'],
      })
    l.message.subject_line = body.subject
    if (body.previewText !== undefined) l.message.preview_text = body.previewText
  })
  return { message: messageView(loc) }
}

export async function setSetting(companyId: number, id: string, body: z.infer<typeof settingBody>) {
  const loc = await mutateMessage(companyId, id, (l) => {
    const m = l.message
    if (body.smartSending !== undefined) m.smart_sending_enabled = body.smartSending
    if (body.transactional !== undefined) m.transactional = body.transactional
    if (body.addTrackingParams !== undefined) m.add_tracking_params = body.addTrackingParams
    if (body.smsQuietHours !== undefined) {
      if (l.channel !== 'sms')
        throw badRequest('Quiet hours apply to SMS messages only.', {
          smsQuietHours: ['Quiet hours apply to SMS messages only.'],
        })
      m.sms_quiet_hours_enabled = body.smsQuietHours
    }
    for (const [k, field] of [
      ['fromEmail', 'from_email'],
      ['fromLabel', 'from_label'],
      ['replyToEmail', 'reply_to_email'],
    ] as const) {
      if (body[k] === undefined) continue
      if (l.channel !== 'email')
        throw badRequest('Sender settings apply to email messages only.', {
          [k]: ['Sender settings apply to email messages only.'],
        })
      m[field] = body[k]
    }
  })
  return { message: messageView(loc) }
}

/** Sets one variation's weight (the weights of an A/B test add up to 100 over its variations). */
export async function updateVariationWeight(companyId: number, id: string, body: z.infer<typeof weightBody>) {
  const loc = await mutateMessage(companyId, id, (l) => {
    if (!AB_TEST_TYPES.has(l.action.type))
      throw badRequest('This message is not part of an A/B test.', {
        variation: ['This message is not part of an A/B test.'],
      })
    const ids = armsOf(l.action).map((a) => a.id)
    if (!ids.includes(body.variation))
      throw badRequest(`The A/B test has no variation ${body.variation}.`, {
        variation: [`The A/B test has no variation ${body.variation}.`],
      })
    const exp = experimentOf(l.action, true)!
    const alloc = (exp.allocations && typeof exp.allocations === 'object' ? exp.allocations : {}) as Json
    // Variations without a weight so far share what is left evenly.
    for (const vid of ids) if (typeof alloc[vid] !== 'number') alloc[vid] = Math.floor(100 / ids.length)
    alloc[body.variation] = body.weight
    exp.allocations = alloc
  })
  const exp = experimentOf(loc.action)
  return { message: messageView(loc), allocations: (exp?.allocations as Json | undefined) ?? {} }
}

// ---- content -------------------------------------------------------------------------------

function nextTemplateName(loc: MessageLocation): string {
  const base = (typeof loc.message.name === 'string' && loc.message.name.trim()) || `${loc.flow.name} email`
  return `${base} (${new Date().toISOString().slice(0, 16).replace('T', ' ')})`.slice(0, 255)
}

export async function getContent(companyId: number, id: string) {
  const loc = await findMessageOrThrow(companyId, id)
  return { content: await contentOf(companyId, loc) }
}

async function contentOf(companyId: number, loc: MessageLocation) {
  const m = loc.message
  if (loc.channel === 'email' || loc.channel === 'internal-alert') {
    const tid = typeof m.template_id === 'string' ? m.template_id : null
    const t = tid ? await db.template.findFirst({ where: { companyId, id: tid } }) : null
    return {
      channel: loc.channel,
      templateId: t?.id ?? null,
      templateName: t?.name ?? null,
      editorType: t?.editorType ?? null,
      html: t?.html ?? null,
      text: t?.text ?? null,
      definition: t?.definition ? JSON.parse(t.definition) : null,
      compiledHtml: t?.compiledHtml ?? null,
      subject: m.subject_line ?? null,
      previewText: m.preview_text ?? null,
    }
  }
  if (loc.channel === 'sms')
    return { channel: 'sms', body: m.body ?? '', imageId: m.image_id ?? null, shortenLinks: m.shorten_links ?? true }
  if (loc.channel === 'push') {
    return {
      channel: 'push',
      title: m.title ?? null,
      body: m.body ?? '',
      sound: m.sound ?? false,
      badge: m.badge ?? false,
      onOpen: m.on_open ?? 'home',
      url: m.url ?? null,
      pushType: m.push_type ?? 'standard',
    }
  }
  if (loc.channel === 'whatsapp') return { channel: 'whatsapp', vendorId: m.vendor_id ?? null }
  return { channel: loc.channel, url: m.url ?? null, body: m.body ?? null, headers: m.headers ?? null }
}

/**
 * Saves new content. Email: a NEW template holding the content (the previous one stays, so runs
 * on earlier flow versions keep sending what they started with) and the message points to it.
 * SMS and push: the fields of the message itself.
 */
export async function setContent(companyId: number, id: string, body: z.infer<typeof contentBody>) {
  const loc = await findMessageOrThrow(companyId, id)
  const m = loc.message
  if (loc.channel === 'email' || loc.channel === 'internal-alert') {
    if (body.html === undefined && body.definition === undefined && body.text === undefined) {
      throw badRequest('Send html, text or definition for an email message.', {
        html: ['Send html, text or definition for an email message.'],
      })
    }
    const current =
      typeof m.template_id === 'string'
        ? await db.template.findFirst({ where: { companyId, id: m.template_id } })
        : null
    const editorType: EditorType =
      (current?.editorType as EditorType | undefined) ??
      (body.definition !== undefined && body.html === undefined ? 'SYSTEM_DRAGGABLE' : 'CODE')
    const isSystem = editorType === 'SYSTEM_DRAGGABLE'
    const t = await createTemplate(companyId, {
      name: nextTemplateName(loc),
      editorType,
      isTransactional: current?.isTransactional ?? m.transactional === true,
      html: isSystem ? null : (body.html ?? current?.html ?? ''),
      definition: isSystem
        ? (body.definition ?? (current?.definition ? JSON.parse(current.definition) : null))
        : undefined,
      text: body.text !== undefined ? body.text : (current?.text ?? null),
    })
    m.template_id = t.id
  } else if (loc.channel === 'sms') {
    if (body.body === undefined && body.imageId === undefined)
      throw badRequest('Send the SMS body.', { body: ['Send the SMS body.'] })
    if (body.body !== undefined) {
      if (!body.body.trim())
        throw badRequest('The SMS body cannot be empty.', { body: ['The SMS body cannot be empty.'] })
      m.body = body.body
    }
    if (body.imageId !== undefined) m.image_id = body.imageId
  } else if (loc.channel === 'push') {
    if (body.body !== undefined) {
      if (!body.body.trim())
        throw badRequest('The notification body cannot be empty.', { body: ['The notification body cannot be empty.'] })
      m.body = body.body
    }
    if (body.title !== undefined) m.title = body.title
    if (body.onOpen !== undefined) m.on_open = body.onOpen
    if (body.url !== undefined) m.url = body.url
    if (body.sound !== undefined) m.sound = body.sound
    if (body.badge !== undefined) m.badge = body.badge
    if (body.pushType !== undefined) m.push_type = body.pushType
  } else {
    throw badRequest(`The content of a ${loc.channel} message is not edited here.`)
  }
  const version = await saveDefinition(companyId, loc.flow, loc.def)
  const fresh = await findMessageOrThrow(companyId, id)
  return { version, message: messageView(fresh), content: await contentOf(companyId, fresh) }
}

/** Starts the email's content over in an editor: drag-and-drop, HTML or plain text (a new blank template). */
export async function setContentType(companyId: number, id: string, setupType: (typeof SETUP_TYPES)[number]) {
  const loc = await findMessageOrThrow(companyId, id)
  if (loc.channel !== 'email')
    throw badRequest('Only email messages have a content type.', {
      setupType: ['Only email messages have a content type.'],
    })
  const name = nextTemplateName(loc)
  let t
  if (setupType === 'drag-and-drop')
    t = await createTemplate(companyId, {
      name,
      editorType: 'SYSTEM_DRAGGABLE',
      definition: layoutById('blank')!.definition,
    })
  else if (setupType === 'html')
    t = await createTemplate(companyId, { name, editorType: 'CODE', html: layoutById('plain-html')!.html })
  else {
    // A text-only email: the text part as written, and the simplest HTML that shows it.
    t = await createTemplate(companyId, {
      name,
      editorType: 'CODE',
      html: '<html><body><pre style="font-family:inherit;white-space:pre-wrap">{{ first_name|default:"" }}</pre></body></html>',
      text: 'Hello {{ first_name|default:"there" }},',
    })
  }
  loc.message.template_id = t.id
  loc.message.text_only = setupType === 'text'
  const version = await saveDefinition(companyId, loc.flow, loc.def)
  const fresh = await findMessageOrThrow(companyId, id)
  return { version, setupType, message: messageView(fresh), content: await contentOf(companyId, fresh) }
}

// ---- UTM -------------------------------------------------------------------------------------

export async function getMessageUtm(companyId: number, id: string) {
  const loc = await findMessageOrThrow(companyId, id)
  return utmOf(loc)
}

function utmOf(loc: MessageLocation) {
  const m = loc.message
  const params = Array.isArray(m.custom_tracking_params) ? (m.custom_tracking_params as Json[]) : []
  return {
    addTrackingParams: m.add_tracking_params !== false,
    utmParams: params.map((p) => ({
      param: String(p.param ?? p.name ?? ''),
      value: String(p.value ?? ''),
      type: p.type === 'dynamic' ? 'dynamic' : 'static',
    })),
  }
}

export async function setMessageUtm(companyId: number, id: string, body: z.infer<typeof utmBody>) {
  const seen = new Set<string>()
  body.utmParams.forEach((p, i) => {
    if (seen.has(p.param))
      throw badRequest(`The parameter ${p.param} is listed twice.`, {
        [`utmParams.${i}.param`]: [`The parameter ${p.param} is listed twice.`],
      })
    seen.add(p.param)
  })
  const loc = await mutateMessage(companyId, id, (l) => {
    if (l.channel !== 'email' && l.channel !== 'sms')
      throw badRequest('UTM parameters apply to email and SMS messages.')
    l.message.custom_tracking_params = body.utmParams.map((p) => ({
      param: p.param,
      value: p.value,
      ...(p.type ? { type: p.type } : {}),
    }))
    if (body.addTrackingParams !== undefined) l.message.add_tracking_params = body.addTrackingParams
  })
  return utmOf(loc)
}

// ---- undelete --------------------------------------------------------------------------------

/**
 * Brings back a message whose action was deleted: the action as it was in the latest version
 * that had it, put back where it was when its neighbours still allow (the action that linked to
 * it links to it again and it links on to what that action links to now), else unlinked.
 */
export async function undeleteMessage(companyId: number, messageId: string) {
  if ((await db.flowMessage.count({ where: { companyId, id: messageId } })) > 0) {
    throw badRequest('This message is not deleted.', { id: ['This message is not deleted.'] })
  }
  const versions = await db.flowVersion.findMany({
    where: { companyId, definition: { contains: JSON.stringify(messageId) } },
    orderBy: [{ createdAt: 'desc' }, { version: 'desc' }],
    take: 5,
  })
  for (const v of versions) {
    const flow = await getFlowOrThrow(companyId, v.flowId)
    const old = JSON.parse(v.definition) as FlowDefinition
    const loc = locateInDefinition(flow, old, messageId)
    if (!loc || loc.kind !== 'message') continue
    const def = await getFlowDefinition(companyId, flow.id)
    if (def.actions.some((a) => a.id === loc.action.id))
      throw badRequest('This message is not deleted.', { id: ['This message is not deleted.'] })
    const restored = JSON.parse(JSON.stringify(loc.action)) as FlowAction
    const data = (restored as { data?: Json }).data
    if (data) data.status = 'draft'
    // Who linked to it before, and where it went.
    const oldNext = (restored as { links?: { next?: string | null } | null }).links?.next ?? null
    let placed = false
    for (const a of def.actions) {
      const before = old.actions.find((o) => o.id === a.id)
      if (!before) continue
      for (const l of actionLinks(before)) {
        if (l.target !== restored.id) continue
        const nowLink = actionLinks(a).find((x) => x.path.join('.') === l.path.join('.'))
        if (nowLink && nowLink.target === oldNext) {
          setLink(a, l.path, restored.id!)
          placed = true
        }
      }
    }
    if (def.entry_action_id === oldNext && old.entry_action_id === restored.id) {
      def.entry_action_id = restored.id!
      placed = true
    }
    const onward = placed && oldNext && def.actions.some((a) => a.id === oldNext) ? oldNext : null
    ;(restored as { links?: unknown }).links = { next: onward }
    def.actions.push(restored)
    const version = await saveDefinition(companyId, flow, def)
    // The store gives the restored action's message a fresh id (a message id is never reused).
    const row = await db.flowMessage.findFirst({ where: { companyId, actionId: restored.id! } })
    const fresh = await findMessageOrThrow(companyId, row?.id ?? messageId)
    return { version, placed, restoredFrom: messageId, message: messageView(fresh) }
  }
  throw notFound(`A deleted flow message with id ${messageId} was not found.`)
}
