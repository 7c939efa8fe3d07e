// What a flow's side-effect actions render their templates with (a webhook's body and headers,
// an internal alert's subject): the profile as `person` (and its fields at the top level, as the
// vendor's templates use them), the triggering event as `event`, and the flow as `flow`, plus
// the render options of the company (time zone, currency, organization).
import { kysely } from '@/lib/db/kysely'
import { selectFirst, type Ops } from '@/lib/db/ops'
import { findProfileByOps, parseProps, type RawProfile } from '@/lib/profiles/profile-store'
import type { RenderTemplateOptions } from '@/lib/templates/template-types'
import type { TriggerEvent } from '@/lib/flows/engine/types'

export function personOf(p: RawProfile | null): Record<string, unknown> {
  if (!p) return {}
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
    locale: p.locale,
    timezone: p.timezone,
  }
}

export interface FlowTemplateInput {
  companyId: number
  flowId: string
  profileId: string | null
  triggerEvent: TriggerEvent | null
  now: Date
}

export interface FlowTemplateContext {
  context: Record<string, unknown>
  options: RenderTemplateOptions
  profile: RawProfile | null
  flowName: string | null
}

/** Loads the profile, the flow's name and the company's render settings (one read each). */
export function* flowTemplateContextOps(i: FlowTemplateInput): Ops<FlowTemplateContext> {
  const profile = i.profileId ? yield* findProfileByOps(i.companyId, 'id', i.profileId) : null
  const flow = yield* selectFirst(
    kysely().selectFrom('Flow').select(['id', 'name']).where('companyId', '=', i.companyId).where('id', '=', i.flowId),
  )
  const co = yield* selectFirst(
    kysely()
      .selectFrom('Company')
      .select([
        'name',
        'timezone',
        'currency',
        'websiteUrl',
        'addressLine1',
        'addressLine2',
        'city',
        'addressRegion',
        'postalCode',
        'country',
      ])
      .where('id', '=', i.companyId),
  )
  const person = personOf(profile)
  const event = i.triggerEvent
    ? {
        ...i.triggerEvent.properties,
        $metric: i.triggerEvent.metric,
        $event_id: i.triggerEvent.id,
        $time: i.triggerEvent.time,
        $value: i.triggerEvent.value ?? null,
      }
    : {}
  const context = { ...person, person, event, flow: { id: i.flowId, name: flow?.name ?? null } }
  const options: RenderTemplateOptions = {
    mode: 'text',
    timeZone: (profile?.timezone as string | null) || co?.timezone || 'UTC',
    locale: (profile?.locale as string | null) || undefined,
    currency: co?.currency ?? 'USD',
    now: i.now,
    organization: co
      ? {
          name: co.name,
          url: co.websiteUrl,
          address1: co.addressLine1,
          address2: co.addressLine2,
          city: co.city,
          region: co.addressRegion,
          postalCode: co.postalCode,
          country: co.country,
        }
      : undefined,
  }
  return { context, options, profile, flowName: flow?.name ?? null }
}
