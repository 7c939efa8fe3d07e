// Push tokens as the reference's JSON:API resource (type "push-token").
import { apiDate, apiLink, pickFields } from '@/lib/api/json-api'
import type { PushTokenRow } from './push-tokens'

export const PUSH_TOKEN_FIELDS = [
  'background',
  'created',
  'enablement_status',
  'id',
  'metadata',
  'metadata.app_build',
  'metadata.app_id',
  'metadata.app_name',
  'metadata.app_version',
  'metadata.device_id',
  'metadata.device_model',
  'metadata.environment',
  'metadata.klaviyo_sdk',
  'metadata.manufacturer',
  'metadata.os_name',
  'metadata.os_version',
  'metadata.sdk_version',
  'platform',
  'recorded_date',
  'token',
  'vendor',
] as const

export function serializePushToken(url: URL, t: PushTokenRow, fields: Set<string> | null = null) {
  const attributes: Record<string, unknown> = {
    created: apiDate(t.createdAt),
    token: t.token,
    enablement_status: t.enablementStatus,
    platform: t.platform,
    vendor: t.vendor,
    background: t.background,
    recorded_date: apiDate(t.updatedAt),
    metadata: t.metadata,
  }
  return {
    type: 'push-token' as const,
    id: t.id,
    attributes: pickFields(attributes, fields),
    relationships: {
      profile: {
        data: { type: 'profile' as const, id: t.profileId },
        links: {
          self: apiLink(url, `/push-tokens/${t.id}/relationships/profile/`),
          related: apiLink(url, `/push-tokens/${t.id}/profile/`),
        },
      },
    },
    links: { self: apiLink(url, `/push-tokens/${t.id}/`) },
  }
}
