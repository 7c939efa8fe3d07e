// The editor's preview and "send a preview": the template rendered for a chosen profile (or a
// sample one), with one of that profile's real events as `event` when the template uses event
// variables. A sent preview is a Send row (sourceType 'preview', transactional) created through
// lib/messaging (lib/messaging/send-template-preview.ts), so it leaves by the company's sending
// (SMTP) or lands in the outbox.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { parseProps } from '@/lib/profiles/profile-store'
import type { Profile } from '@/generated/prisma/client'
import { renderStoredTemplate, type RenderedTemplate } from './render-stored-template'
import { getTemplateOrThrow, usesEventVariables, type TemplateContent } from './save-template'
import type { EditorType } from './template-view'
import { reviewRequestSample, usesReviewRequest } from '../review-request-block'

export interface PreviewEvent {
  id: number
  metric: string
  datetime: string
}
export interface PreviewProfile {
  id: string | null
  email: string | null
  firstName: string | null
  lastName: string | null
  sample: boolean
}

const SAMPLE_PERSON = {
  email: 'jane.sample@example.com',
  first_name: 'Jane',
  last_name: 'Sample',
  city: 'Boston',
  region: 'MA',
  country: 'United States',
  zip: '02110',
}

/** The template context of a profile, as the send pipeline builds it (render-email.ts). */
export function personOf(p: Profile): Record<string, unknown> {
  return {
    ...parseProps(p.properties),
    id: p.id,
    email: p.email,
    phone_number: p.phoneNumber,
    external_id: p.externalId,
    first_name: p.firstName,
    last_name: p.lastName,
    organization: p.organization,
    title: p.title,
    city: p.city,
    region: p.region,
    country: p.country,
    zip: p.zip,
  }
}

async function profileFor(companyId: number, profileId?: string | null): Promise<Profile | null> {
  if (profileId) {
    const p = await db.profile.findFirst({ where: { id: profileId, companyId } })
    if (!p) throw notFound(`A profile with id ${profileId} was not found.`)
    return p
  }
  return db.profile.findFirst({
    where: { companyId, email: { not: null } },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
  })
}

/** The top-level event properties a template reads: {{ event.Items.0.Name }} → "Items". */
export function eventKeysOf(...sources: Array<string | null | undefined>): Set<string> {
  const keys = new Set<string>()
  for (const src of sources) for (const m of (src ?? '').matchAll(/\bevent\.([A-Za-z_$][\w$]*)/g)) keys.add(m[1]!)
  return keys
}

/**
 * The event to preview with: the one asked for, else the profile's recent event that has the
 * most of the properties the template reads (the latest among equals), so an abandoned-cart
 * template previews with a checkout rather than with the last page view.
 */
async function eventFor(
  companyId: number,
  profile: Profile | null,
  eventId: number | null | undefined,
  wanted: boolean,
  keys: Set<string>,
) {
  if (eventId != null) {
    const ev = await db.event.findFirst({
      where: { id: eventId, companyId, ...(profile ? { profileId: profile.id } : {}) },
      include: { metric: true },
    })
    if (!ev) throw notFound(`An event with id ${eventId} was not found for this profile.`)
    return ev
  }
  if (!wanted || !profile) return null
  const recent = await db.event.findMany({
    where: { companyId, profileId: profile.id },
    orderBy: [{ ts: 'desc' }, { id: 'desc' }],
    take: 50,
    include: { metric: true },
  })
  let best = recent[0] ?? null
  let bestScore = -1
  for (const ev of recent) {
    const props = parseProps(ev.properties)
    const score = [...keys].filter((k) => k in props || k === 'value' || k === 'datetime').length
    if (score > bestScore) {
      best = ev
      bestScore = score
    }
  }
  return best
}

export interface PreviewInput {
  profileId?: string | null
  eventId?: number | null
  subject?: string | null
  /** Unsaved editor content: validated like a save, never stored. */
  content?: TemplateContent
}

export interface PreviewResult extends RenderedTemplate {
  profile: PreviewProfile
  event: PreviewEvent | null
  usesEvent: boolean
  context: Record<string, unknown>
}

export async function previewTemplate(
  companyId: number,
  templateId: string,
  input: PreviewInput,
): Promise<PreviewResult> {
  const t = await getTemplateOrThrow(companyId, templateId)
  const hasContent =
    !!input.content &&
    (input.content.html !== undefined || input.content.definition !== undefined || input.content.text !== undefined)
  const content: TemplateContent | null = hasContent
    ? {
        html: t.editorType === 'SYSTEM_DRAGGABLE' ? null : (input.content!.html ?? t.html),
        definition:
          t.editorType === 'SYSTEM_DRAGGABLE'
            ? (input.content!.definition ?? (t.definition ? JSON.parse(t.definition) : null))
            : undefined,
        text: input.content!.text !== undefined ? input.content!.text : t.text,
      }
    : null
  const usesEvent = content
    ? usesEventVariables(
        content.html,
        content.text,
        content.definition ? JSON.stringify(content.definition) : null,
        input.subject,
      )
    : t.usesEvent || usesEventVariables(input.subject)
  const profile = await profileFor(companyId, input.profileId)
  const keys = content
    ? eventKeysOf(
        content.html,
        content.text,
        content.definition ? JSON.stringify(content.definition) : null,
        input.subject,
      )
    : eventKeysOf(t.html, t.text, t.definition, input.subject)
  const ev = await eventFor(companyId, profile, input.eventId, usesEvent, keys)
  const person = profile ? personOf(profile) : SAMPLE_PERSON
  const event = ev
    ? {
        ...parseProps(ev.properties),
        value: ev.value,
        datetime: new Date(ev.ts * 1000).toISOString(),
        metric: ev.metric.name,
      }
    : {}
  // the review request block has no order here: sample products instead of an empty block
  const sample = (
    content
      ? usesReviewRequest(
          content.html,
          content.text,
          content.definition ? JSON.stringify(content.definition) : null,
          input.subject,
        )
      : usesReviewRequest(t.html, t.text, t.definition, input.subject)
  )
    ? reviewRequestSample()
    : {}
  const context = { ...person, person, event, ...sample }
  const source = content ? { editorType: t.editorType as EditorType, content } : { templateId: t.id }
  const rendered = await renderStoredTemplate(companyId, source, context, {
    subject: input.subject,
    overrides: profile?.timezone ? { timeZone: profile.timezone } : {},
  })
  return {
    ...rendered,
    profile: profile
      ? {
          id: profile.id,
          email: profile.email,
          firstName: profile.firstName,
          lastName: profile.lastName,
          sample: false,
        }
      : {
          id: null,
          email: SAMPLE_PERSON.email,
          firstName: SAMPLE_PERSON.first_name,
          lastName: SAMPLE_PERSON.last_name,
          sample: true,
        },
    event: ev ? { id: ev.id, metric: ev.metric.name, datetime: new Date(ev.ts * 1000).toISOString() } : null,
    usesEvent,
    context,
  }
}

export async function previewProfiles(companyId: number, search?: string) {
  const s = search?.trim()
  const rows = await db.profile.findMany({
    where: {
      companyId,
      email: { not: null },
      ...(s
        ? {
            OR: [
              { email: { startsWith: s.toLowerCase() } },
              { firstName: { startsWith: s } },
              { lastName: { startsWith: s } },
            ],
          }
        : {}),
    },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: 20,
    select: { id: true, email: true, firstName: true, lastName: true },
  })
  return { profiles: rows }
}

export async function previewEvents(companyId: number, profileId: string) {
  const p = await db.profile.findFirst({ where: { id: profileId, companyId }, select: { id: true } })
  if (!p) throw notFound(`A profile with id ${profileId} was not found.`)
  const rows = await db.event.findMany({
    where: { companyId, profileId },
    orderBy: [{ ts: 'desc' }, { id: 'desc' }],
    take: 20,
    include: { metric: { select: { name: true } } },
  })
  return {
    events: rows.map((e) => ({ id: e.id, metric: e.metric.name, datetime: new Date(e.ts * 1000).toISOString() })),
  }
}
