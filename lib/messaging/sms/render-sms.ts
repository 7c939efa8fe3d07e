// Renders the text of a claimed SMS or WhatsApp Send for its profile (lib/templates, text
// mode): the profile as `person` and at the top level (as the vendor's templates use it), the
// send's own context (e.g. `event`), and {% unsubscribe %} as the /sms/unsubscribe link.
import { renderTemplate } from '@/lib/templates/render-template'
import type { RenderTemplateOptions } from '@/lib/templates/template-types'
import { parseProps } from '@/lib/profiles/profile-store'
import type { ClaimedSend } from '../claim-sends'
import { templateLink } from '../unsubscribe-link'
import { smsUnsubscribeUrl } from './sms-unsubscribe-token'

export function templateContextOf(s: ClaimedSend): Record<string, unknown> {
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
  return { ...person, person, ...s.context }
}

export function textOptionsOf(s: ClaimedSend, now: Date): RenderTemplateOptions {
  const co = s.company
  return {
    mode: 'text',
    timeZone: s.profile.timezone || co.timezone,
    locale: s.profile.locale || undefined,
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
    links: (kind) =>
      kind === 'unsubscribe' || kind === 'manage_preferences'
        ? smsUnsubscribeUrl(s.companyId, s.profile.id)
        : templateLink(s, kind),
  }
}

/** Throws TemplateRenderError / TemplateSyntaxError when the template cannot be rendered. */
export function renderSmsText(template: string, s: ClaimedSend, now: Date, context = templateContextOf(s)): string {
  return renderTemplate(template, context, textOptionsOf(s, now)).trim()
}
