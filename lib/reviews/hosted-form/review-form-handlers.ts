// GET and POST /reviews/write/{token}: the hosted form of a review request. The signed token is
// the only credential (no session, no CSRF token, as the hosted email pages): a tampered or
// foreign token is a 400 page that changes nothing, bad fields a 400 with the form again and its
// field errors, a second submission a 409 "already reviewed". Photos (multipart) are all checked
// before the review is written: a bad one is a 400 on the photos field and nothing is stored.
import { localeFromAcceptLanguage, resolveLocale, type Locale } from '@/lib/i18n/locales'
import { verifyReviewRequestToken, type ReviewRequestKey } from '../review-request-token'
import { formValues, parseReviewForm, type ReviewFormValues } from './review-form-input'
import { FORM_STATUS, renderReviewForm, type ReviewFormModel } from './render-review-form'
import { loadRequestTarget, submitReviewRequest } from './submit-review-request'
import { BodyError, readMultipartForm } from '@/lib/http/read-body'
import { MAX_IMAGE_BYTES } from '@/lib/templates/store/image-sniff'
import { checkReviewPhotos, REVIEW_PHOTOS_MAX, type PhotoProblem } from '../review-images'

function localeOf(req: Request, profileLocale?: string | null): Locale {
  if (profileLocale) return resolveLocale(profileLocale)
  return localeFromAcceptLanguage(req.headers.get('accept-language'))
}

async function respond(req: Request, m: ReviewFormModel, profileLocale?: string | null): Promise<Response> {
  return new Response(await renderReviewForm(m, localeOf(req, profileLocale)), {
    status: FORM_STATUS(m),
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  })
}

const action = (token: string) => '/reviews/write/' + encodeURIComponent(token)

async function formPage(req: Request, k: ReviewRequestKey, token: string, values?: ReviewFormValues, errors = {}) {
  const target = await loadRequestTarget(k)
  if (!target) return respond(req, { kind: 'not_found' })
  const company = { name: target.company.name, logoUrl: target.company.logoUrl }
  if (target.reviewed) return respond(req, { kind: 'already', company }, target.profile.locale)
  const name = [target.profile.firstName, target.profile.lastName].filter(Boolean).join(' ')
  return respond(
    req,
    {
      kind: 'form',
      company,
      product: { title: target.item.title, imageUrl: target.item.imageThumbnailUrl },
      action: action(token),
      values: values ?? { rating: new URL(req.url).searchParams.get('rating') ?? '', title: '', body: '', name },
      errors,
    },
    target.profile.locale,
  )
}

// Five photos of 5 MB and the text fields; a bigger body is refused before it is read whole.
const MAX_FORM_BYTES = REVIEW_PHOTOS_MAX * MAX_IMAGE_BYTES + 256 * 1024

const PHOTO_KEYS: Record<PhotoProblem, string> = {
  empty: 'photoEmpty',
  too_large: 'photoTooLarge',
  not_image: 'photoNotImage',
  too_many_pixels: 'photoDimensions',
  too_many: 'photosTooMany',
}

/** The form as sent: multipart (with photos) within MAX_FORM_BYTES, or a plain urlencoded form. */
async function readForm(req: Request): Promise<{ form: FormData | null; tooLarge: boolean }> {
  const type = req.headers.get('content-type') ?? ''
  try {
    if (/^multipart\/form-data/i.test(type))
      return { form: await readMultipartForm(req, MAX_FORM_BYTES), tooLarge: false }
    return { form: await req.formData(), tooLarge: false }
  } catch (e) {
    return { form: null, tooLarge: e instanceof BodyError && e.kind === 'too_large' }
  }
}

/** The chosen files; a file input left empty still sends one nameless empty part, which is no photo. */
async function photosOf(form: FormData | null): Promise<Buffer[]> {
  const files = (form?.getAll('photos') ?? []).filter((v): v is File => typeof v !== 'string')
  const chosen = files.filter((f) => f.size > 0 || f.name !== '')
  return Promise.all(chosen.map(async (f) => Buffer.from(await f.arrayBuffer())))
}

export async function reviewFormGet(req: Request, token: string): Promise<Response> {
  const k = verifyReviewRequestToken(token)
  if (!k) return respond(req, { kind: 'invalid' })
  return formPage(req, k, token)
}

export async function reviewFormPost(req: Request, token: string): Promise<Response> {
  const k = verifyReviewRequestToken(token)
  if (!k) return respond(req, { kind: 'invalid' })
  const read = await readForm(req)
  const values = formValues(read.form)
  const parsed = parseReviewForm(values)
  const photos = read.tooLarge ? null : await photosOf(read.form)
  const checked = photos ? checkReviewPhotos(photos) : ({ ok: false, problem: 'too_large' } as const)
  const errors = {
    ...(parsed.ok ? {} : parsed.errors),
    ...(checked.ok ? {} : { photos: { key: PHOTO_KEYS[checked.problem] } }),
  }
  if (!parsed.ok || !checked.ok) return formPage(req, k, token, values, errors)
  const r = await submitReviewRequest(k, parsed.input, checked.photos)
  if (r.kind === 'not_found') return respond(req, { kind: 'not_found' })
  const target = await loadRequestTarget(k)
  const company = target ? { name: target.company.name, logoUrl: target.company.logoUrl } : { name: '', logoUrl: null }
  if (r.kind === 'already') return respond(req, { kind: 'already', company }, target?.profile.locale)
  return respond(req, { kind: 'thanks', company, published: r.status === 'published' }, target?.profile.locale)
}
