// The reviews settings' shapes and bounds (no database): the /ajax body, the screens' choices.
import { z } from 'zod'
import { hexColor } from '@/lib/hosted-pages/colors'

export const WIDGET_TYPES = ['product_reviews', 'star_rating', 'carousel', 'store_reviews', 'questions'] as const
export type WidgetType = (typeof WIDGET_TYPES)[number]
export const WIDGET_LAYOUTS = ['list', 'grid', 'compact'] as const

export const generalSettingsInput = z.object({
  autoPublishMinRating: z.number().int().min(1, 'From 1 to 5.').max(5, 'From 1 to 5.'),
  /** auto: the rules decide; manual: every review waits for a person. */
  moderation: z.enum(['auto', 'manual']),
  blockedWords: z.array(z.string().trim().min(1).max(40)).max(200),
})
export type GeneralSettings = z.infer<typeof generalSettingsInput>

export const widgetStyleInput = z.object({
  textColor: hexColor,
  backgroundColor: hexColor,
  accentColor: hexColor,
  starColor: hexColor,
  layout: z.enum(WIDGET_LAYOUTS),
})
export type WidgetStyle = z.infer<typeof widgetStyleInput>

export const DEFAULT_GENERAL: GeneralSettings = { autoPublishMinRating: 1, moderation: 'auto', blockedWords: [] }
export const DEFAULT_WIDGET_STYLE: WidgetStyle = {
  textColor: '#1b1f24',
  backgroundColor: '#ffffff',
  accentColor: '#2f6bd8',
  starColor: '#b7791f',
  layout: 'list',
}
