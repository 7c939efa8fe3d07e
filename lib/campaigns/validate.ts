// The shapes a campaign is written with (zod), in the vendor's snake_case as stored in the
// Campaign row's JSON columns: audiences, send_strategy, send_options, tracking_options, the
// message definitions per channel, A/B test config and variations. Shared by /api and /ajax.
import { z } from 'zod'
import { THROTTLE_PERCENTAGES } from './send/model'
import { pushOptionFields } from '@/lib/messaging/push/push-content'

export const CHANNELS = ['email', 'sms', 'mobile_push'] as const
export type CampaignChannel = (typeof CHANNELS)[number]
export const channelSchema = z.enum(CHANNELS, 'The channel must be one of email, sms or mobile_push.')

const groupId = z.string().trim().min(1, 'An audience id cannot be empty.').max(64)
const groupIds = z.array(groupId).max(100, 'At most 100 lists or segments.')

export const audiencesSchema = z
  .object({
    included: groupIds,
    excluded: groupIds.nullish(),
  })
  .refine((a) => !a.excluded?.some((id) => a.included.includes(id)), {
    message: 'A list or segment cannot be both included and excluded.',
    path: ['excluded'],
  })
/** PATCH: each given list replaces the old one. */
export const audiencesUpdateSchema = z.object({ included: groupIds.nullish(), excluded: groupIds.nullish() })

const isoDateTime = z
  .string()
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(new Date(s).getTime()),
    'Give a date-time such as 2026-12-01T15:00:00+00:00.',
  )

export const sendStrategySchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('immediate') }),
    z.object({
      method: z.literal('static'),
      datetime: isoDateTime,
      options: z
        .union([
          z.object({ is_local: z.literal(true), send_past_recipients_immediately: z.boolean().optional() }),
          z.object({ is_local: z.literal(false) }),
        ])
        .nullish(),
    }),
    z.object({
      method: z.literal('throttled'),
      datetime: isoDateTime,
      throttle_percentage: z
        .number()
        .refine(
          (n) => (THROTTLE_PERCENTAGES as readonly number[]).includes(n),
          `The throttle percentage must be one of ${THROTTLE_PERCENTAGES.join(', ')}.`,
        ),
    }),
    z.object({
      method: z.literal('smart_send_time'),
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date such as 2026-12-01.'),
    }),
  ],
  'The send strategy method must be one of immediate, static, throttled or smart_send_time.',
)
export type SendStrategyInput = z.infer<typeof sendStrategySchema>

export const sendOptionsSchema = z.object({ use_smart_sending: z.boolean().nullish() })

export const DYNAMIC_TRACKING_VALUES = [
  'campaign_id',
  'campaign_name',
  'campaign_name_id',
  'campaign_name_send_day',
  'email_subject',
  'group_id',
  'group_name',
  'group_name_id',
  'link_alt_text',
  'message_type',
  'profile_external_id',
  'profile_id',
] as const

const trackingParam = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('dynamic'),
      name: z.string().trim().min(1, 'A tracking parameter needs a name.').max(100),
      value: z.enum(DYNAMIC_TRACKING_VALUES, `A dynamic value must be one of ${DYNAMIC_TRACKING_VALUES.join(', ')}.`),
    }),
    z.object({
      type: z.literal('static'),
      name: z.string().trim().min(1, 'A tracking parameter needs a name.').max(100),
      value: z.string().min(1, 'A static tracking parameter needs a value.').max(255),
    }),
  ],
  'A tracking parameter type must be dynamic or static.',
)

export const trackingOptionsSchema = z.object({
  add_tracking_params: z.boolean().nullish(),
  custom_tracking_params: z.array(trackingParam).max(50).nullish(),
  is_tracking_clicks: z.boolean().nullish(),
  is_tracking_opens: z.boolean().nullish(),
})

const optText = (max: number) => z.string().max(max).nullish()
const optEmail = z.union([z.literal(''), z.email('Give a valid email address.')]).nullish()

export const emailContentSchema = z.object({
  subject: optText(255),
  preview_text: optText(255),
  from_email: optEmail,
  from_label: optText(255),
  reply_to_email: optEmail,
  cc_email: optEmail,
  bcc_email: optEmail,
})
export const smsContentSchema = z.object({ body: optText(1600) })
export const pushContentSchema = z.object({
  title: optText(255),
  body: optText(1000),
  dynamic_image: optText(2048),
  action_buttons: z.array(z.looseObject({})).max(3, 'At most 3 action buttons.').nullish(),
  ...pushOptionFields,
})
export const renderOptionsSchema = z.object({
  shorten_links: z.boolean().nullish(),
  add_org_prefix: z.boolean().nullish(),
  add_info_link: z.boolean().nullish(),
  add_opt_out_language: z.boolean().nullish(),
})

export const contentSchemaFor = (channel: string) =>
  channel === 'sms' ? smsContentSchema : channel === 'mobile_push' ? pushContentSchema : emailContentSchema

/** A message definition as /api writes it ({channel, label, content, render_options, …}). */
export const messageDefinitionSchema = z.discriminatedUnion(
  'channel',
  [
    z.object({ channel: z.literal('email'), label: optText(255), content: emailContentSchema.nullish() }),
    z.object({
      channel: z.literal('sms'),
      label: optText(255),
      content: smsContentSchema.nullish(),
      render_options: renderOptionsSchema.nullish(),
    }),
    z.object({
      channel: z.literal('mobile_push'),
      label: optText(255),
      content: pushContentSchema.nullish(),
      kv_pairs: z.record(z.string(), z.unknown()).nullish(),
      options: z.looseObject({}).nullish(),
      notification_type: z.literal('standard').optional(),
    }),
  ],
  'The message channel must be one of email, sms or mobile_push.',
)
export type MessageDefinitionInput = z.infer<typeof messageDefinitionSchema>

export const campaignName = z
  .string()
  .trim()
  .min(1, 'A campaign name is required.')
  .max(255, 'The name can be at most 255 characters.')

export const abTestSchema = z.object({
  variable: z
    .enum(
      ['subject', 'preview_text', 'from', 'content', 'send_time'],
      'The tested variable must be subject, preview_text, from, content or send_time.',
    )
    .optional(),
  testPercent: z
    .number()
    .int()
    .min(1, 'The test share must be between 1 and 100 percent.')
    .max(100, 'The test share must be between 1 and 100 percent.')
    .optional(),
  metric: z
    .enum(['open_rate', 'click_rate', 'revenue'], 'The winning metric must be open_rate, click_rate or revenue.')
    .optional(),
  windowHours: z
    .number()
    .int()
    .min(1, 'The test window must be at least 1 hour.')
    .max(720, 'The test window can be at most 30 days.')
    .optional(),
  confidence: z.number().min(0.5).max(0.999).optional(),
  fallback: z.enum(['send_leader', 'manual']).optional(),
})
export type AbTestInput = z.infer<typeof abTestSchema>

export const variationSchema = z.object({
  id: z.string().min(1).optional(),
  messageId: z.string().min(1, 'Choose the message the variation belongs to.'),
  name: z.string().trim().min(1, 'A variation needs a name.').max(255),
  weight: z.number().int().min(1, 'Every variation needs a weight above 0.').max(100),
  content: z.record(z.string(), z.unknown()).default({}),
  templateId: z.string().min(1).nullish(),
})
export type VariationInput = z.infer<typeof variationSchema>

export const variationsBody = z.object({
  abTest: abTestSchema.nullable(),
  variations: z.array(variationSchema).max(8, 'At most 8 variations.'),
})

/** The editable fields of a campaign (store.updateCampaign). */
export const campaignPatchSchema = z.object({
  name: campaignName.optional(),
  audiences: audiencesUpdateSchema.optional(),
  sendStrategy: sendStrategySchema.optional(),
  sendOptions: sendOptionsSchema.optional(),
  trackingOptions: trackingOptionsSchema.nullish(),
  holdoutPercent: z
    .number()
    .int()
    .min(0, 'The holdout must be between 0 and 99 percent.')
    .max(99, 'The holdout must be between 0 and 99 percent.')
    .optional(),
  lateWindowHours: z
    .number()
    .int()
    .min(1, 'The late window must be at least 1 hour.')
    .max(168, 'The late window can be at most 168 hours.')
    .nullish(),
  tagIds: z.array(z.string().min(1)).max(100, 'A campaign can carry at most 100 tags.').optional(),
})
export type CampaignPatch = z.infer<typeof campaignPatchSchema>

export const messageInputSchema = z.object({
  label: z.string().max(255).nullish(),
  content: z.record(z.string(), z.unknown()).nullish(),
  templateId: z.string().min(1).nullish(),
  /** SMS: render_options; push: {kv_pairs, options}. */
  renderOptions: z.record(z.string(), z.unknown()).nullish(),
  imageId: z.string().min(1).nullish(),
})

export const createCampaignSchema = z.object({
  name: campaignName,
  channel: channelSchema,
  audiences: audiencesSchema.optional(),
  sendStrategy: sendStrategySchema.nullish(),
  sendOptions: sendOptionsSchema.nullish(),
  trackingOptions: trackingOptionsSchema.nullish(),
  messages: z.array(messageInputSchema).max(1, 'A campaign has one message per channel.').optional(),
  tagIds: z.array(z.string().min(1)).max(100, 'A campaign can carry at most 100 tags.').optional(),
  omnicampaignId: z.string().min(1).nullish(),
})
export type CreateCampaignInput = z.infer<typeof createCampaignSchema>
