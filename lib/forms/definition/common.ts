// Pieces every part of a form definition shares: ids, device choices, error messages, options.
import { z } from 'zod'

/** Ids the vendor assigns to steps, blocks and triggers ("Not allowed on create"; kept when present). */
export const elementId = z.string().max(64).nullable().optional()
export const DEVICES = ['both', 'desktop', 'mobile'] as const
export const device = z.enum(DEVICES)
export const displayDevice = z.array(device).optional()
export const nullableText = z.string().nullable().optional()
export const color = z.string().max(64)
export const px = z.number().int().min(-10_000).max(10_000)

export const errorMessages = z.looseObject({
  required: z.string().max(500).optional(),
  invalid: z.string().max(500).optional(),
})

export const propertyOption = z.looseObject({ label: z.string().max(500), value: z.string().max(500) })
export const additionalField = z.looseObject({ name: z.string().max(255), value: z.string().max(2000) })

export const imageAsset = z.looseObject({
  src: nullableText,
  alt_text: nullableText,
  original_image_url: nullableText,
  asset_id: z.number().int().nullable().optional(),
})

/** The fields every input-like block's properties carry (TextProperties, EmailProperties …). */
export const inputFields = {
  display_device: displayDevice,
  classname: nullableText,
  label: nullableText,
  show_label: z.boolean().optional(),
  placeholder: nullableText,
  error_messages: errorMessages.nullable().optional(),
}

/** Where a form or teaser sits on the page (the vendor's display location enumeration). */
export const LOCATIONS = [
  'bottom_center',
  'bottom_left',
  'bottom_right',
  'center_left',
  'center_right',
  'top_center',
  'top_left',
  'top_right',
] as const
