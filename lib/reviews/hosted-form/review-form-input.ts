// The hosted review form's fields (/reviews/write/{token}), read from a plain HTML form: every
// field is text; the errors are message keys (reviews.form.*) so the page can say them in the
// shopper's language. The same bounds as POST /client/reviews (review-body.ts).
import { AUTHOR_MAX, CONTENT_MAX, TITLE_MAX } from '../review-body'

export interface ReviewFormValues {
  rating: string
  title: string
  body: string
  name: string
}

export interface ReviewFormInput {
  rating: number
  title: string | null
  body: string
  name: string
}

/** `photos` errors are keys of reviewsExtras.form (the photo checks came later than the form). */
export type ReviewFormErrors = Partial<Record<keyof ReviewFormValues | 'photos', { key: string; max?: number }>>

const field = (f: FormData | null, name: string) => {
  const v = f?.get(name)
  return typeof v === 'string' ? v : ''
}

export function formValues(f: FormData | null): ReviewFormValues {
  return { rating: field(f, 'rating'), title: field(f, 'title'), body: field(f, 'body'), name: field(f, 'name') }
}

export function parseReviewForm(
  v: ReviewFormValues,
): { ok: true; input: ReviewFormInput } | { ok: false; errors: ReviewFormErrors } {
  const errors: ReviewFormErrors = {}
  const rating = /^[1-5]$/.test(v.rating.trim()) ? Number(v.rating.trim()) : null
  if (rating == null) errors.rating = { key: 'ratingRequired' }
  const title = v.title.trim()
  if (title.length > TITLE_MAX) errors.title = { key: 'tooLong', max: TITLE_MAX }
  const body = v.body.trim()
  if (!body) errors.body = { key: 'bodyRequired' }
  else if (body.length > CONTENT_MAX) errors.body = { key: 'tooLong', max: CONTENT_MAX }
  const name = v.name.trim()
  if (!name) errors.name = { key: 'nameRequired' }
  else if (name.length > AUTHOR_MAX) errors.name = { key: 'tooLong', max: AUTHOR_MAX }
  if (Object.keys(errors).length) return { ok: false, errors }
  return { ok: true, input: { rating: rating!, title: title || null, body, name } }
}
