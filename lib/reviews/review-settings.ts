// The reviews settings of a company (/reviews/settings): moderation (the minimum rating that is
// published without a person, whether every review waits, extra words to hold back) and the
// onsite widgets' styles per widget type (colours, star colour, layout), which the widget reads
// through /client/review-widget-settings. One JSON row per company, validated on the way in and
// read back over the defaults, so a stored value that no longer parses falls back.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { hexColor, safeColor } from '@/lib/hosted-pages/colors'
import { DEFAULT_PROFANITY, type ModerationSettings } from './moderation'

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

export interface ReviewSettings {
  general: GeneralSettings
  widgets: Record<WidgetType, WidgetStyle>
}

function readStyle(v: unknown): WidgetStyle {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>
  const d = DEFAULT_WIDGET_STYLE
  return {
    textColor: safeColor(o.textColor, d.textColor),
    backgroundColor: safeColor(o.backgroundColor, d.backgroundColor),
    accentColor: safeColor(o.accentColor, d.accentColor),
    starColor: safeColor(o.starColor, d.starColor),
    layout: (WIDGET_LAYOUTS as readonly unknown[]).includes(o.layout) ? (o.layout as WidgetStyle['layout']) : d.layout,
  }
}

export function parseReviewSettings(json: string | null | undefined): ReviewSettings {
  let raw: Record<string, unknown> = {}
  try {
    raw = (json ? JSON.parse(json) : {}) as Record<string, unknown>
  } catch {}
  const g = generalSettingsInput.safeParse(raw.general)
  const w = (raw.widgets && typeof raw.widgets === 'object' ? raw.widgets : {}) as Record<string, unknown>
  return {
    general: g.success ? g.data : DEFAULT_GENERAL,
    widgets: Object.fromEntries(WIDGET_TYPES.map((t) => [t, readStyle(w[t])])) as Record<WidgetType, WidgetStyle>,
  }
}

export async function getReviewSettings(companyId: number): Promise<ReviewSettings> {
  const row = await db.reviewWidgetSettings.findUnique({ where: { companyId } })
  return parseReviewSettings(row?.settings)
}

async function save(companyId: number, next: ReviewSettings) {
  const settings = JSON.stringify(next)
  await db.reviewWidgetSettings.upsert({ where: { companyId }, create: { companyId, settings }, update: { settings } })
  return next
}

export async function saveGeneralSettings(companyId: number, general: GeneralSettings) {
  return save(companyId, { ...(await getReviewSettings(companyId)), general })
}

export async function saveWidgetStyle(companyId: number, type: WidgetType, style: WidgetStyle) {
  const cur = await getReviewSettings(companyId)
  return save(companyId, { ...cur, widgets: { ...cur.widgets, [type]: style } })
}

/** The automatic moderation rules of the company's settings. */
export function moderationOf(g: GeneralSettings): ModerationSettings {
  return {
    minRatingToPublish: g.autoPublishMinRating,
    profanity: [...DEFAULT_PROFANITY, ...g.blockedWords.map((w) => w.toLowerCase())],
    holdAll: g.moderation === 'manual',
  }
}
