// The vendor's FormDefinition Version: steps → columns → rows → blocks, triggers, teasers, the
// dynamic (back-in-stock) button, styles and properties. Loose objects keep fields we do not model,
// so a definition round-trips; the one default applied is the form type (popup, the vendor's).
import { z } from 'zod'
import { device, displayDevice, elementId, LOCATIONS } from './common'
import { columnStyles, teaserStyles, versionStyles } from './styles'
import { block } from './blocks'
import { trigger } from './triggers'

/** Limits (issue 20 F1) that keep a definition renderable and the stored JSON small. */
export const MAX_NAME = 255
export const MAX_STEPS = 10
export const MAX_BLOCKS = 100

export const FORM_TYPES = ['banner', 'embed', 'flyout', 'full_screen', 'popup'] as const
export type VendorFormType = (typeof FORM_TYPES)[number]

export const row = z.looseObject({ id: elementId, blocks: z.array(block) })
export const column = z.looseObject({
  id: elementId,
  rows: z.array(row).optional(),
  styles: columnStyles.nullable().optional(),
})

export interface FormStep {
  id?: string | null
  name?: string | null
  columns: z.infer<typeof column>[]
  steps?: FormStep[] | null
  [key: string]: unknown
}
export const step: z.ZodType<FormStep> = z.looseObject({
  id: elementId,
  name: z.string().max(MAX_NAME).nullable().optional(),
  columns: z.array(column).min(1, 'A step needs at least one column.'),
  get steps() {
    return z.array(step).nullable().optional()
  },
})

export const teaser = z.looseObject({
  id: elementId,
  content: z.string().max(10_000),
  display_order: z.enum(['after', 'before', 'before_and_after']).optional(),
  teaser_type: z.enum(['circle', 'corner', 'rectangle']).optional(),
  location: z.enum(LOCATIONS).optional(),
  size: z.enum(['custom', 'large', 'medium', 'small']).optional(),
  custom_size: z.number().int().min(0).max(2000).nullable().optional(),
  styles: teaserStyles.optional(),
  close_button: z.boolean().optional(),
  device_type: device.optional(),
})

export const dynamicButton = z.looseObject({
  id: elementId,
  type: z.literal('BACK_IN_STOCK_OPEN'),
  data: z.looseObject({ label: z.string().max(255).optional(), display: z.enum(['NEXT_TO', 'REPLACE']).optional() }),
})

export const versionProperties = z.looseObject({
  side_image_settings: z
    .looseObject({
      size: z.enum(['large', 'medium', 'small']).optional(),
      alignment: z.enum(['left', 'right']).optional(),
      device_type: displayDevice,
    })
    .nullable()
    .optional(),
  click_outside_to_close: z.array(device).nullable().optional(),
  rule_based_trigger_evaluation: z.enum(['all', 'any']).nullable().optional(),
  record_utm_params_on_submit: z.boolean().optional(),
  show_close_button: z.boolean().optional(),
  accessible_name: z.string().max(MAX_NAME).nullable().optional(),
})

export const formVersion = z.looseObject({
  id: z.number().int().nullable().optional(),
  name: z.string().max(MAX_NAME, `At most ${MAX_NAME} characters.`).nullable().optional(),
  type: z.enum(FORM_TYPES).default('popup'),
  location: z.enum(LOCATIONS).nullable().optional(),
  status: z.enum(['draft', 'live']).optional(),
  ab_test: z.boolean().optional(),
  specialties: z.array(z.enum(['BACK_IN_STOCK'])).optional(),
  channel: z.enum(['IN_APP', 'WEB']).optional(),
  message_priority: z.number().int().optional(),
  steps: z.array(step).min(1, 'A form needs at least one step.').max(MAX_STEPS, `At most ${MAX_STEPS} steps.`),
  triggers: z.array(trigger).max(50).optional(),
  teasers: z.array(teaser).max(5).optional(),
  dynamic_button: dynamicButton.nullable().optional(),
  styles: versionStyles.optional(),
  properties: versionProperties.optional(),
})
export type FormVersionDefinition = z.infer<typeof formVersion>
