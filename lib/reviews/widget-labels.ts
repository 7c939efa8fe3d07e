// The onsite reviews widgets' own words (badges, buttons, accessible names, the question form) in
// the account's language, served with the widget styles by /client/review-widget-settings so the
// script needs no extra request. The company's locale setting picks the messages file; a key a
// locale lacks falls back to English (loadMessages merges over en-US). The script writes every
// label with textContent or as an attribute, never as markup.
import { db } from '@/lib/db/client'
import { resolveLocale, type Locale } from '@/lib/i18n/locales'
import { loadMessages } from '@/lib/i18n/load-messages'

/** The label keys of the messages namespace 'onsiteWidgets' (onsite/src/reviews/labels.ts mirrors them). */
export const WIDGET_LABEL_KEYS = [
  'verifiedBuyer',
  'moreReviews',
  'starRating',
  'photoAlt',
  'customerReviews',
  'previousReviews',
  'nextReviews',
  'slidePosition',
  'askQuestion',
  'yourName',
  'yourEmail',
  'submitQuestion',
  'questionSent',
  'questionInvalid',
  'questionFailed',
] as const
export type WidgetLabelKey = (typeof WIDGET_LABEL_KEYS)[number]

export async function widgetLabels(
  companyId: number,
): Promise<{ locale: Locale; labels: Record<WidgetLabelKey, string> }> {
  const company = await db.company.findUnique({
    where: { id: companyId },
    select: { localeLanguage: true, localeRegion: true },
  })
  const locale = resolveLocale(company ? `${company.localeLanguage}-${company.localeRegion}` : null)
  const ns = ((await loadMessages(locale)).onsiteWidgets ?? {}) as Record<string, unknown>
  const labels = Object.fromEntries(
    WIDGET_LABEL_KEYS.map((k) => [k, typeof ns[k] === 'string' ? ns[k] : '']),
  ) as Record<WidgetLabelKey, string>
  return { locale, labels }
}
