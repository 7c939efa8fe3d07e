// GET and POST /reviews/write/{token}: the hosted form of a review request. The signed token is
// the only credential (no session, no CSRF token, as the hosted email pages): a tampered or
// foreign token is a 400 page that changes nothing, bad fields a 400 with the form again and its
// field errors, a second submission a 409 "already reviewed".
import { localeFromAcceptLanguage, resolveLocale, type Locale } from '@/lib/i18n/locales'
import { verifyReviewRequestToken, type ReviewRequestKey } from '../review-request-token'
import { formValues, parseReviewForm, type ReviewFormValues } from './review-form-input'
import { FORM_STATUS, renderReviewForm, type ReviewFormModel } from './render-review-form'
import { loadRequestTarget, submitReviewRequest } from './submit-review-request'

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

export async function reviewFormGet(req: Request, token: string): Promise<Response> {
  const k = verifyReviewRequestToken(token)
  if (!k) return respond(req, { kind: 'invalid' })
  return formPage(req, k, token)
}

export async function reviewFormPost(req: Request, token: string): Promise<Response> {
  const k = verifyReviewRequestToken(token)
  if (!k) return respond(req, { kind: 'invalid' })
  let form: FormData | null = null
  try {
    form = await req.formData()
  } catch {}
  const values = formValues(form)
  const parsed = parseReviewForm(values)
  if (!parsed.ok) return formPage(req, k, token, values, parsed.errors)
  const r = await submitReviewRequest(k, parsed.input)
  if (r.kind === 'not_found') return respond(req, { kind: 'not_found' })
  const target = await loadRequestTarget(k)
  const company = target ? { name: target.company.name, logoUrl: target.company.logoUrl } : { name: '', logoUrl: null }
  if (r.kind === 'already') return respond(req, { kind: 'already', company }, target?.profile.locale)
  return respond(req, { kind: 'thanks', company, published: r.status === 'published' }, target?.profile.locale)
}
