// The reviews settings of a company (/reviews/settings): moderation (the minimum rating that is
// published without a person, whether every review waits, extra words to hold back) and the
// onsite widgets' styles per widget type (colours, star colour, layout), which the widget reads
// through /client/review-widget-settings. One JSON row per company, validated on the way in and
// read back over the defaults, so a stored value that no longer parses falls back.
import { db } from '@/lib/db/client'
import { safeColor } from '@/lib/hosted-pages/colors'
import { DEFAULT_PROFANITY, type ModerationSettings } from './moderation'
import {
  DEFAULT_GENERAL,
  DEFAULT_WIDGET_STYLE,
  generalSettingsInput,
  WIDGET_LAYOUTS,
  WIDGET_TYPES,
  type GeneralSettings,
  type WidgetStyle,
  type WidgetType,
} from './review-settings-input'

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
