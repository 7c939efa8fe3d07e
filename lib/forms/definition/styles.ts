// The vendor's style objects (VersionStyles, TeaserStyles, block styles and their parts). Colors
// and fonts are free strings as in the OpenAPI; sizes are integers. Loose objects: style keys a
// newer editor adds survive a round trip.
import { z } from 'zod'
import { color, imageAsset, px } from './common'

const box = z.looseObject({ left: px.optional(), right: px.optional(), top: px.optional(), bottom: px.optional() })
export const margin = box
export const padding = box

export const borderStyle = z.looseObject({
  radius: px.optional(),
  color: color.nullable().optional(),
  style: z.enum(['dashed', 'dotted', 'solid']).nullable().optional(),
  thickness: px.nullable().optional(),
})

export const dropShadow = z.looseObject({
  enabled: z.boolean().optional(),
  blur: px.optional(),
  color: color.nullable().optional(),
})

export const backgroundImage = z.looseObject({
  properties: imageAsset,
  styles: z
    .looseObject({
      horizontal_alignment: z.enum(['center', 'left', 'right']).optional(),
      vertical_alignment: z.enum(['bottom', 'center', 'top']).optional(),
      position: z.enum(['contain', 'cover', 'custom']).optional(),
      width: px.nullable().optional(),
      custom_width: px.nullable().optional(),
    })
    .optional(),
})

export const textStyle = z.looseObject({
  font_family: z.union([z.string().max(255), z.looseObject({})]).optional(),
  font_size: px.optional(),
  font_weight: z.number().int().min(100).max(900).multipleOf(100).nullable().optional(),
  text_color: color.optional(),
  character_spacing: px.nullable().optional(),
  font_style: z.string().max(64).nullable().optional(),
  text_decoration: z.string().max(64).nullable().optional(),
})

const richTextStyle = textStyle.extend({
  line_spacing: z.number().optional(),
  alignment: z.enum(['center', 'left', 'right']).optional(),
  margin: z.looseObject({}).optional(),
})

export const closeButtonStyle = z.looseObject({
  background_color: color.optional(),
  outline_color: color.optional(),
  color: color.optional(),
  stroke: z.number().optional(),
  size: px.optional(),
  margin: margin.optional(),
})

export const versionStyles = z.looseObject({
  wrap_content: z.boolean().optional(),
  border_styles: borderStyle.nullable().optional(),
  close_button: closeButtonStyle.optional(),
  margin: margin.optional(),
  padding: padding.optional(),
  minimum_height: px.optional(),
  width: z.enum(['custom', 'full', 'large', 'medium', 'small']).optional(),
  custom_width: px.nullable().optional(),
  background_image: backgroundImage.nullable().optional(),
  background_color: color.nullable().optional(),
  input_styles: z
    .looseObject({ text_styles: textStyle.optional(), corner_radius: px.optional(), field_height: px.optional() })
    .optional(),
  drop_shadow: dropShadow.optional(),
  overlay_color: color.optional(),
  rich_text_styles: z.record(z.string(), richTextStyle.or(z.looseObject({}))).optional(),
  mobile_overlay: z
    .looseObject({ color: color.nullable().optional(), enabled: z.boolean().optional() })
    .nullable()
    .optional(),
  banner_styles: z
    .looseObject({
      desktop_position: z.enum(['bottom', 'top']).optional(),
      mobile_position: z.enum(['bottom', 'top']).optional(),
      scroll_with_page: z.boolean().optional(),
    })
    .nullable()
    .optional(),
  custom_css: z.looseObject({ enabled: z.boolean().optional(), css: z.string().max(50_000).optional() }).optional(),
})

export const teaserStyles = z.looseObject({
  background_color: color.optional(),
  drop_shadow: dropShadow.optional(),
  corner_radius: px.optional(),
  background_image: backgroundImage.nullable().optional(),
  close_button: closeButtonStyle.optional(),
  margin: margin.optional(),
})

export const columnStyles = z.looseObject({
  background_image: backgroundImage.nullable().optional(),
  background_color: color.nullable().optional(),
})

/** Block styles (ButtonStyles, TextStyles, CouponStyles, ImageStyles …): the shared parts typed. */
export const blockStyles = z.looseObject({
  padding: padding.optional(),
  background_color: color.nullable().optional(),
  text_styles: textStyle.optional(),
  border_styles: borderStyle.nullable().optional(),
  drop_shadow: z.looseObject({}).optional(),
  horizontal_alignment: z.enum(['center', 'left', 'right']).optional(),
  alignment: z.enum(['center', 'left', 'right']).optional(),
  width: z
    .union([z.enum(['fill', 'fit']), px])
    .nullable()
    .optional(),
})
