// One profile as a JSON:API document, honouring fields[profile] and additional-fields[profile].
import type { ProfileRow } from '@/lib/profiles/types'
import { enumList, sparseFields } from '../query-params'
import { serializeProfile, PROFILE_FIELDS } from '../serialize-profile'
import { subscriptionsFor } from './list-profiles'
import { predictiveAnalyticsFor } from '@/lib/profiles/predictive-analytics'

export async function profileDocument(companyId: number, url: URL, profile: ProfileRow) {
  const fields = sparseFields(url, 'profile', PROFILE_FIELDS)
  const additional = enumList(url, 'additional-fields[profile]', ['subscriptions', 'predictive_analytics'] as const)
  const subs = await subscriptionsFor(companyId, [profile.id], additional.includes('subscriptions'))
  const predictive = await predictiveAnalyticsFor(companyId, [profile.id], additional.includes('predictive_analytics'))
  const data = serializeProfile(url, profile, {
    fields,
    subscriptions: subs ? (subs.get(profile.id) ?? null) : undefined,
    predictiveAnalytics: predictive?.(profile.id),
  })
  return { data, links: { self: data.links.self } }
}
