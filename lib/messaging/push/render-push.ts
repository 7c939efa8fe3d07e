// Renders a claimed push Send for its profile: the title from content.subject and the body
// from content.text, through the template language (text mode), with the profile as
// `person` (and its fields at the top level) and the send's own context, as email does.
import { prepareScope, renderTemplate } from '@/lib/templates/render-template'
import { parseProps } from '@/lib/profiles/profile-store'
import type { ClaimedSend } from '../claim-sends'
import { templateLink } from '../unsubscribe-link'

export interface RenderedPush {
  title: string
  body: string
}

/** Throws TemplateRenderError / TemplateSyntaxError when the template cannot be rendered. */
export function renderPush(s: ClaimedSend, now: Date): RenderedPush {
  const p = s.profile
  const person = {
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
  const co = s.company
  const opts = {
    mode: 'text' as const,
    timeZone: p.timezone || co.timezone,
    locale: p.locale || undefined,
    currency: co.currency,
    now,
    organization: {
      name: co.name,
      url: co.websiteUrl,
      address1: co.addressLine1,
      address2: co.addressLine2,
      city: co.city,
      region: co.addressRegion,
      postalCode: co.postalCode,
      country: co.country,
    },
    links: (kind: Parameters<typeof templateLink>[1]) => templateLink(s, kind),
  }
  const context = { ...person, person, ...s.context }
  // one render budget for the title and the body (render-limits.ts)
  const scope = prepareScope(context, opts)
  const title = renderTemplate(s.content.subject ?? '', context, opts, scope)
    .replace(/[\r\n]+/g, ' ')
    .trim()
  const body = renderTemplate(s.content.text ?? '', context, opts, scope).trim()
  return { title, body }
}
