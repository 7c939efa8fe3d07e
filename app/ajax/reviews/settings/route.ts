import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { getReviewSettings, saveGeneralSettings, saveWidgetStyle } from '@/lib/reviews/review-settings'
import { generalSettingsInput, WIDGET_TYPES, widgetStyleInput } from '@/lib/reviews/review-settings-input'

// GET /ajax/reviews/settings – moderation settings and the widgets' styles
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  handler: ({ ctx }) => getReviewSettings(ctx.principal.companyId),
})
export type ReviewSettingsResponse = Awaited<ReturnType<typeof getReviewSettings>>

const body = z
  .object({
    general: generalSettingsInput.optional(),
    widget: z.object({ type: z.enum(WIDGET_TYPES), style: widgetStyleInput }).optional(),
  })
  .refine((b) => b.general || b.widget, { message: 'Nothing to change.' })

// PATCH /ajax/reviews/settings – the general section or one widget type's style
export const PATCH = ajax({
  resources: ['reviews_read', 'reviews_write'],
  flag: 'is_reviews_enabled',
  body,
  handler: async ({ ctx, body: b }) => {
    const companyId = ctx.principal.companyId
    if (b.general) await saveGeneralSettings(companyId, b.general)
    if (b.widget) await saveWidgetStyle(companyId, b.widget.type, b.widget.style)
    return getReviewSettings(companyId)
  },
})
