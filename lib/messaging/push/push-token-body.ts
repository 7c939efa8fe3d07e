// The vendor's push-token bodies (POST /api/push-tokens, /client/push-tokens and the
// unregister calls) as zod schemas, and their mapping to the domain's PushTokenInput.
import { z } from 'zod'
import { profileAttributesShape, profileMeta } from '@/lib/api/profile-body'

export const PLATFORMS = ['android', 'ios', 'web'] as const
export const VENDORS = ['fcm', 'apns'] as const
export const ENABLEMENT_STATUSES = ['AUTHORIZED', 'DENIED', 'NOT_DETERMINED', 'PROVISIONAL', 'UNAUTHORIZED'] as const
export const BACKGROUND_STATUSES = ['AVAILABLE', 'DENIED', 'RESTRICTED'] as const

const text = z.string().max(255).nullable().optional()

export const deviceMetadata = z.object({
  device_id: text,
  klaviyo_sdk: z.enum(['android', 'flutter', 'flutter_community', 'react_native', 'swift']).nullable().optional(),
  sdk_version: text,
  device_model: text,
  os_name: z.enum(['android', 'ios', 'ipados', 'macos', 'tvos']).nullable().optional(),
  os_version: text,
  manufacturer: text,
  app_name: text,
  app_version: text,
  app_build: text,
  app_id: text,
  environment: z.enum(['debug', 'release']).nullable().optional(),
})

const profileRef = z.object({
  data: z.object({
    type: z.literal('profile'),
    id: z.string().nullable().optional(),
    attributes: z.object(profileAttributesShape).optional().default({}),
    meta: profileMeta.nullable().optional(),
  }),
})

const token = z
  .string()
  .trim()
  .min(1, 'A push token is required.')
  .max(4096, 'A push token is at most 4096 characters.')

export const createPushTokenBody = z.object({
  data: z.object({
    type: z.literal('push-token'),
    attributes: z.object({
      token,
      platform: z.enum(PLATFORMS),
      enablement_status: z.enum(ENABLEMENT_STATUSES).nullable().optional(),
      vendor: z.enum(VENDORS),
      background: z.enum(BACKGROUND_STATUSES).nullable().optional(),
      device_metadata: deviceMetadata.nullable().optional(),
      profile: profileRef,
    }),
  }),
})
export type CreatePushTokenBody = z.infer<typeof createPushTokenBody>

export const unregisterPushTokenBody = z.object({
  data: z.object({
    type: z.literal('push-token-unregister'),
    attributes: z.object({
      token,
      platform: z.enum(PLATFORMS),
      vendor: z.enum(VENDORS).nullable().optional(),
      profile: profileRef,
    }),
  }),
})
export type UnregisterPushTokenBody = z.infer<typeof unregisterPushTokenBody>
