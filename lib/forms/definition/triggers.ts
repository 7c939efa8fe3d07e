// When and to whom a form shows (the vendor's Version.triggers oneOf), discriminated by `type`.
// Targeting itself is evaluated by lib/forms/targeting; this file only says what is well-formed.
import { z } from 'zod'
import { device, elementId } from './common'

const none = z.strictObject({}).optional()
const comparison = z.enum(['equals', 'greater_than', 'less_than']).nullable().optional()
const cartValue = z.looseObject({ comparison, value: z.number().nullable().optional() })
const cartItems = z.looseObject({ comparison, value: z.number().int().nullable().optional() })
const cartProduct = z.looseObject({
  type: z.enum(['brand', 'categories', 'id', 'name']).nullable().optional(),
  value: z.string().max(500).nullable().optional(),
})
const idList = z.array(z.string().min(1).max(64)).max(100).nullable().optional()
const patternList = z.array(z.string().min(1).max(2048)).max(100).nullable().optional()
/** ISO 3166-1 alpha-2 countries or the vendor's continent codes (con_EU …). */
const region = z
  .string()
  .regex(/^([A-Z]{2}|con_[A-Z]{2,3})$/, 'A country code (ISO 3166-1 alpha-2) or a region code like con_EU.')

export const TRIGGER_TYPES = [
  'after_close_or_submit_timeout',
  'cart_content',
  'cart_item_count',
  'cart_product',
  'cart_value',
  'channel',
  'custom_javascript',
  'delay',
  'device',
  'exit_intent',
  'identified_profiles',
  'lists_and_segments',
  'location',
  'page_visits',
  'previously_submitted',
  'profile_event_tracked',
  'scroll_percentage',
  'unidentified_profiles',
  'url_patterns',
  'back_in_stock',
] as const

export const trigger = z.discriminatedUnion('type', [
  z.looseObject({
    id: elementId,
    type: z.literal('after_close_or_submit_timeout'),
    properties: z.looseObject({ timeout_days: z.number().int().min(0).max(3650).optional() }).optional(),
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('cart_content'),
    properties: z
      .looseObject({
        value: cartValue.nullable().optional(),
        items: cartItems.nullable().optional(),
        product: cartProduct.nullable().optional(),
      })
      .optional(),
  }),
  z.looseObject({ id: elementId, type: z.literal('cart_item_count'), properties: cartItems.optional() }),
  z.looseObject({ id: elementId, type: z.literal('cart_product'), properties: cartProduct.optional() }),
  z.looseObject({ id: elementId, type: z.literal('cart_value'), properties: cartValue.optional() }),
  z.looseObject({
    id: elementId,
    type: z.literal('channel'),
    properties: z.looseObject({ channel: z.enum(['email', 'sms']) }),
  }),
  z.looseObject({ id: elementId, type: z.literal('custom_javascript'), properties: none }),
  z.looseObject({
    id: elementId,
    type: z.literal('delay'),
    properties: z.looseObject({ seconds: z.number().int().min(0).max(86_400).optional() }).optional(),
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('device'),
    properties: z.looseObject({ device: device.optional() }).optional(),
  }),
  z.looseObject({ id: elementId, type: z.literal('exit_intent'), properties: none }),
  z.looseObject({ id: elementId, type: z.literal('identified_profiles'), properties: none }),
  z.looseObject({
    id: elementId,
    type: z.literal('lists_and_segments'),
    properties: z.looseObject({ allow_list: idList, deny_list: idList }),
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('location'),
    properties: z.looseObject({
      allow_list: z.array(region).max(300).nullable().optional(),
      deny_list: z.array(region).max(300).nullable().optional(),
    }),
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('page_visits'),
    properties: z.looseObject({ pages: z.number().int().min(0).max(10_000).optional() }).optional(),
  }),
  z.looseObject({ id: elementId, type: z.literal('previously_submitted'), properties: none }),
  z.looseObject({
    id: elementId,
    type: z.literal('profile_event_tracked'),
    properties: z.looseObject({
      metric: z.string().max(255).nullable().optional(),
      property_filters: z
        .array(z.looseObject({ property: z.string().max(255), value: z.string().max(1000) }))
        .max(50)
        .nullable()
        .optional(),
    }),
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('scroll_percentage'),
    properties: z.looseObject({ percentage: z.number().int().min(0).max(100).optional() }).optional(),
  }),
  z.looseObject({ id: elementId, type: z.literal('unidentified_profiles'), properties: none }),
  z.looseObject({
    id: elementId,
    type: z.literal('url_patterns'),
    properties: z.looseObject({ allow_list: patternList, deny_list: patternList }).optional(),
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('back_in_stock'),
    properties: z
      .looseObject({
        tag_allowlist: z.array(z.string().max(255)).max(100),
        tag_blocklist: z.array(z.string().max(255)).max(100),
      })
      .optional(),
  }),
])
export type FormTrigger = z.infer<typeof trigger>
