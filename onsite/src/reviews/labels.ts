// The widgets' own words. /client/review-widget-settings serves them in the account's language
// (lib/reviews/widget-labels.ts, messages namespace 'onsiteWidgets'); these English ones stand in
// for a label it did not send or when it cannot be read. Every label goes into textContent or an
// attribute, so a translation can never become markup.
export const EN_LABELS = {
  verifiedBuyer: 'Verified buyer',
  moreReviews: 'More reviews',
  starRating: '{rating} out of 5 stars',
  photoAlt: 'Photo {number} from the reviewer',
  customerReviews: 'Customer reviews',
  previousReviews: 'Previous reviews',
  nextReviews: 'Next reviews',
  slidePosition: '{number} of {total}',
  askQuestion: 'Ask a question',
  yourName: 'Your name',
  yourEmail: 'Your email',
  submitQuestion: 'Submit question',
  questionSent: 'Thank you! Your question will show here once it has been answered.',
  questionInvalid: 'Please fill in every field with a valid email address.',
  questionFailed: 'Your question could not be sent. Please try again.',
}
export type WidgetLabels = typeof EN_LABELS & { locale?: string }

/** The served labels over the English ones: only non-empty strings of known keys count. */
export function readLabels(served: unknown, locale?: unknown): WidgetLabels {
  const out: WidgetLabels = { ...EN_LABELS }
  const o = (served && typeof served === 'object' ? served : {}) as Record<string, unknown>
  for (const k of Object.keys(EN_LABELS) as Array<keyof typeof EN_LABELS>) {
    const v = o[k]
    if (typeof v === 'string' && v) out[k] = v
  }
  if (typeof locale === 'string' && locale) out.locale = locale
  return out
}

/** A label with its {placeholders} filled (plain text; the caller writes it as text). */
export const fill = (label: string, values: Record<string, string | number>) =>
  label.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m))

/** A rating in the account's language (a decimal comma in German), one decimal at most. */
export const num = (n: number, locale: string | undefined, minDigits = 0) =>
  n.toLocaleString(locale ?? 'en-US', { minimumFractionDigits: minDigits, maximumFractionDigits: 1 })
