// The blocks a row holds (the vendor's RowV0.blocks oneOf), discriminated by `type`. A type not in
// this list is an error: the onsite script could not render it.
import { z } from 'zod'
import {
  additionalField,
  displayDevice,
  elementId,
  imageAsset,
  inputFields,
  nullableText,
  propertyOption,
} from './common'
import { blockStyles } from './styles'
import { blockAction } from './actions'

/** Text limits (issue 20 F1): one text block holds at most this many characters. */
export const MAX_BLOCK_TEXT = 10_000

const richText = z.string().max(MAX_BLOCK_TEXT, `At most ${MAX_BLOCK_TEXT} characters.`)
const propertyName = z.string().min(1).max(255)
const base = { id: elementId, styles: blockStyles.optional() }
const choices = z.looseObject({
  ...inputFields,
  property_name: propertyName,
  required: z.boolean().nullable().optional(),
  options: z.array(propertyOption).max(100),
})
const consentCheckbox = {
  ...inputFields,
  required: z.literal(false).optional(),
  checkbox_text: richText,
  placeholder: z.null().optional(),
}

const uniqueCoupon = z.looseObject({
  type: z.literal('unique'),
  code: nullableText,
  fallback_coupon_code: nullableText,
  integration: z.enum(['api', 'magento_two', 'prestashop', 'shopify', 'uploaded', 'woocommerce']).optional(),
})
const staticCoupon = z.looseObject({ type: z.literal('static'), text: nullableText })

const timerConfig = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('fixed'), timezone: z.string().min(1).max(64), end_time: nullableText }),
  z.looseObject({
    type: z.literal('variable'),
    days: z.number().int().min(0),
    hours: z.number().int().min(0),
    minutes: z.number().int().min(0),
  }),
])

const smsDisclosureContent = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('custom'),
    compliance_company_name: z.string().max(255).optional(),
    privacy_policy_url: z.string().max(2048).optional(),
    terms_of_service_url: z.string().max(2048).optional(),
    html: richText.optional(),
  }),
  z.looseObject({ type: z.literal('account_default'), html: richText.nullable().optional() }),
])

export const BLOCK_TYPES = [
  'button',
  'age_gate',
  'coupon',
  'date',
  'email',
  'html_text',
  'opt_in_code',
  'phone_number',
  'promotional_sms_checkbox',
  'text',
  'checkboxes',
  'radio_buttons',
  'dropdown',
  'image',
  'countdown_timer',
  'signup_counter',
  'spin_to_win',
  'sms_disclosure',
  'bis_promotional_email_checkbox',
  'review',
  'custom_html',
] as const

export const block = z.discriminatedUnion('type', [
  z.looseObject({
    ...base,
    type: z.literal('button'),
    action: blockAction.nullable().optional(),
    properties: z.looseObject({
      display_device: displayDevice,
      classname: nullableText,
      label: z.string().max(255),
      additional_fields: z.array(additionalField).max(50).nullable().optional(),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('age_gate'),
    display_device: displayDevice,
    properties: z.looseObject({
      ...inputFields,
      property_name: z.literal('$age_gated_date_of_birth').optional(),
      date_format: z.string().max(32).optional(),
      sms_country_code: z.string().length(2).optional(),
      required: z.literal(true).optional(),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('coupon'),
    properties: z.looseObject({
      display_device: displayDevice,
      classname: nullableText,
      coupon: z.discriminatedUnion('type', [uniqueCoupon, staticCoupon]),
      success_message: nullableText,
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('date'),
    properties: z.looseObject({
      ...inputFields,
      property_name: propertyName,
      required: z.boolean().nullable().optional(),
      date_format: z.string().max(32).optional(),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('email'),
    properties: z.looseObject({
      ...inputFields,
      required: z.boolean().nullable().optional(),
      property_name: z.literal('$email').optional(),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('html_text'),
    properties: z
      .looseObject({ display_device: displayDevice, classname: nullableText, content: richText.optional() })
      .optional(),
  }),
  z.looseObject({
    ...base,
    type: z.literal('opt_in_code'),
    properties: z.looseObject({
      ...inputFields,
      property_name: z.literal('opt_in_code').optional(),
      required: z.literal(true).optional(),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('phone_number'),
    properties: z.looseObject({
      ...inputFields,
      required: z.boolean().nullable().optional(),
      property_name: propertyName.optional(),
      sms_consent_type: z
        .array(z.enum(['phone_number_only', 'promotional', 'transactional']))
        .nullable()
        .optional(),
      channel_settings: z.looseObject({}).nullable().optional(),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('promotional_sms_checkbox'),
    properties: z.looseObject({
      ...consentCheckbox,
      property_name: z.literal('opt_in_promotional_sms').optional(),
      channels: z.array(z.enum(['sms', 'whatsapp'])).optional(),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('text'),
    properties: z.looseObject({
      ...inputFields,
      property_name: propertyName,
      required: z.boolean().nullable().optional(),
    }),
  }),
  z.looseObject({ ...base, type: z.literal('checkboxes'), properties: choices }),
  z.looseObject({ ...base, type: z.literal('radio_buttons'), properties: choices }),
  z.looseObject({ ...base, type: z.literal('dropdown'), properties: choices }),
  z.looseObject({
    ...base,
    type: z.literal('image'),
    action: blockAction.nullable().optional(),
    properties: z.looseObject({
      display_device: displayDevice,
      classname: nullableText,
      image: imageAsset.nullable(),
      additional_fields: z.array(additionalField).max(50).nullable().optional(),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('countdown_timer'),
    properties: z.looseObject({
      display_device: displayDevice,
      classname: nullableText,
      clock_face: z.enum(['flip', 'simple']).optional(),
      animation: z.enum(['flash', 'heartbeat', 'pulse']).nullable().optional(),
      configuration: timerConfig,
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('signup_counter'),
    properties: z.looseObject({
      display_device: displayDevice,
      classname: nullableText,
      timeframe: z.enum(['1_hour', '24_hours', '30_days', '7_days']),
      min_submits: z.number().int().min(0),
      content: richText,
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('spin_to_win'),
    properties: z.looseObject({
      display_device: displayDevice,
      classname: nullableText,
      duplicate_slices: z.boolean().optional(),
      slices: z
        .array(
          z.looseObject({
            label: z.string().max(255),
            probability: z.number().int().min(0).max(100),
            step_id: z.string().min(1).max(64),
          }),
        )
        .min(1)
        .max(12),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('sms_disclosure'),
    properties: z
      .looseObject({ display_device: displayDevice, classname: nullableText, content: smsDisclosureContent.optional() })
      .optional(),
  }),
  z.looseObject({
    ...base,
    type: z.literal('bis_promotional_email_checkbox'),
    properties: z.looseObject({ ...consentCheckbox, property_name: z.literal('opt_in_promotional_email').optional() }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('review'),
    properties: z.looseObject({
      display_device: displayDevice,
      classname: nullableText,
      author: nullableText,
      content: richText.nullable().optional(),
      rating: z.number().int().min(1).max(5).optional(),
      verified: z.boolean().optional(),
      review_id: z.number().int().nullable().optional(),
      show_rating: z.boolean().optional(),
      show_author: z.boolean().optional(),
      show_verified: z.boolean().optional(),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('custom_html'),
    properties: z
      .looseObject({ display_device: displayDevice, classname: nullableText, content: richText.optional() })
      .optional(),
  }),
])
export type FormBlock = z.infer<typeof block>
