// The profile page's calls. Property maps are keyed by the merchant's own names, so these calls
// turn off the http module's key transformation (both ways) and speak camelCase as the server does.
import { http } from '@/lib/client/http'
import type {
  ProfileDetail,
  ProfileIdentity,
  SuppressionChannel,
  TimelinePage,
} from '@/lib/profile-view/profile-detail-types'

const RAW = { transformKeys: false } as const

export const profileKey = (id: string) => `/ajax/profile/${encodeURIComponent(id)}`

export const fetchProfile = (url: string) => http.get<ProfileDetail>(url, RAW).then((r) => r.data)

export function fetchTimeline(id: string, opts: { cursor?: string | null; metricId?: string | null }) {
  return http
    .get<TimelinePage>(`${profileKey(id)}/events`, {
      ...RAW,
      params: { cursor: opts.cursor ?? undefined, metric_id: opts.metricId || undefined },
    })
    .then((r) => r.data)
}

export interface ProfilePatch {
  email?: string | null
  phoneNumber?: string | null
  externalId?: string | null
  firstName?: string | null
  lastName?: string | null
  organization?: string | null
  title?: string | null
  locale?: string | null
  location?: Partial<Record<keyof ProfileIdentity['location'], string | number | null>>
  properties?: Record<string, unknown>
  unsetProperties?: string[]
}

export const patchProfile = (id: string, body: ProfilePatch) =>
  http.patch<ProfileDetail>(profileKey(id), body, RAW).then((r) => r.data)

export const setSuppression = (id: string, channel: SuppressionChannel, suppressed: boolean) =>
  http
    .post<ProfileDetail>(`${profileKey(id)}/${suppressed ? 'suppress' : 'unsuppress'}`, { channel }, RAW)
    .then((r) => r.data)

export function displayName(
  p: Pick<ProfileIdentity, 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'externalId'>,
): string | null {
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || p.phoneNumber || p.externalId || null
}

/** A field error from the server, whichever spelling it used (ours camelCase, the core's snake_case). */
export function fieldError(errors: Record<string, string>, name: string): string | undefined {
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
  return errors[name] ?? errors[snake] ?? errors[`location.${name}`]
}
