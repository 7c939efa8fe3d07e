// A stand-in for a claimed Send, so a preview or test message is rendered by exactly the code a
// real delivery uses (render-push.ts, render-sms.ts): the chosen profile of this company (or a
// sample one when none is chosen) and the company's own details.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import type { ClaimedSend } from '@/lib/messaging/claim-sends'
import type { Channel, MessageContent } from '@/lib/messaging/types'

export async function previewSend(
  companyId: number,
  channel: Channel,
  sourceId: string,
  content: MessageContent,
  profileId: string | null,
): Promise<ClaimedSend> {
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId } })
  const p = profileId ? await db.profile.findFirst({ where: { companyId, id: profileId } }) : null
  if (profileId && !p) throw notFound('This profile does not exist.')
  return {
    id: 'preview',
    companyId,
    channel,
    sourceType: 'preview',
    sourceId,
    transactional: true,
    attempts: 0,
    content,
    context: {},
    profile: {
      id: p?.id ?? 'preview',
      email: p?.email ?? 'jane@example.com',
      phoneNumber: p?.phoneNumber ?? '+15005550006',
      externalId: p?.externalId ?? null,
      firstName: p ? p.firstName : 'Jane',
      lastName: p ? p.lastName : 'Doe',
      organization: p?.organization ?? null,
      title: p?.title ?? null,
      city: p?.city ?? null,
      region: p?.region ?? null,
      country: p?.country ?? null,
      zip: p?.zip ?? null,
      timezone: p?.timezone ?? null,
      locale: p?.locale ?? null,
      properties: p?.properties ?? '{}',
    },
    company: {
      id: company.id,
      name: company.name,
      timezone: company.timezone,
      currency: company.currency,
      websiteUrl: company.websiteUrl,
      addressLine1: company.addressLine1,
      addressLine2: company.addressLine2,
      city: company.city,
      addressRegion: company.addressRegion,
      postalCode: company.postalCode,
      country: company.country,
    },
  }
}
