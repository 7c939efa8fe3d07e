// The hosted review form as a complete HTML document, like the hosted email pages
// (lib/messaging/unsubscribe/render-page.ts): a plain form that works without JavaScript, every
// value escaped, the company's name and logo on top, the texts in the shopper's language.
import { createTranslator } from 'next-intl'
import { loadMessages } from '@/lib/i18n/load-messages'
import type { Locale } from '@/lib/i18n/locales'
import { REVIEW_PHOTOS_MAX } from '../review-images'
import type { ReviewFormErrors, ReviewFormValues } from './review-form-input'

export interface FormCompany {
  name: string
  logoUrl: string | null
}

export type ReviewFormModel =
  | {
      kind: 'form'
      company: FormCompany
      product: { title: string; imageUrl: string | null }
      action: string
      values: ReviewFormValues
      errors: ReviewFormErrors
    }
  | { kind: 'thanks'; company: FormCompany; published: boolean }
  | { kind: 'already'; company: FormCompany }
  | { kind: 'invalid' | 'not_found' }

export const FORM_STATUS = (m: ReviewFormModel): number =>
  m.kind === 'invalid'
    ? 400
    : m.kind === 'not_found'
      ? 404
      : m.kind === 'already'
        ? 409
        : m.kind === 'form' && Object.keys(m.errors).length
          ? 400
          : 200

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const STYLE = `*{box-sizing:border-box}body{margin:0;background:#f4f5f7;color:#1b1f24;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:560px;margin:40px auto;padding:0 16px}.card{background:#fff;border:1px solid #e1e4e8;border-radius:8px;padding:28px}
.brand{display:flex;align-items:center;gap:12px;margin-bottom:20px;font-weight:600}.brand img{max-height:40px;max-width:160px}
h1{font-size:22px;line-height:1.3;margin:0 0 12px}p{margin:0 0 16px;color:#444c56}.product{display:flex;gap:12px;align-items:center;margin-bottom:16px}
.product img{width:64px;height:64px;object-fit:cover;border-radius:6px}label{display:block;font-weight:600;margin:14px 0 6px}
input[type=text],textarea{width:100%;font:inherit;padding:8px 10px;border:1px solid #c9ced4;border-radius:6px}textarea{min-height:140px}
fieldset{border:0;padding:0;margin:0}legend{font-weight:600;margin-bottom:6px;padding:0}.stars{display:flex;flex-wrap:wrap;gap:8px}
.hint{font-size:14px;margin:0 0 6px}input[type=file]{max-width:100%}.stars label{font-weight:400;margin:0;display:flex;gap:4px;align-items:center}.error{color:#b42318;font-size:14px;margin:4px 0 0}
[aria-invalid=true]{border-color:#b42318}button{margin-top:18px;background:#1b1f24;color:#fff;border:0;border-radius:6px;padding:10px 18px;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,input:focus-visible,textarea:focus-visible{outline:2px solid #2f6bd8;outline-offset:2px}`

type T = (key: string, values?: Record<string, string | number>) => string

function photosField(x: T, errors: ReviewFormErrors): string {
  const e = errors.photos
  return `<label for="photos">${esc(x('photos'))}</label><p class="hint" id="photos-hint">${esc(x('photosHint', { max: REVIEW_PHOTOS_MAX }))}</p>
<input type="file" id="photos" name="photos" multiple accept="image/png,image/jpeg,image/gif,image/webp" aria-describedby="photos-hint${e ? ' photos-error' : ''}"${e ? ' aria-invalid="true"' : ''}>${e ? `<p class="error" id="photos-error">${esc(x(e.key, { max: REVIEW_PHOTOS_MAX }))}</p>` : ''}`
}

function fieldError(t: T, errors: ReviewFormErrors, name: keyof ReviewFormValues): string {
  const e = errors[name]
  return e
    ? `<p class="error" id="${name}-error">${esc(t(e.key === 'tooLong' ? 'tooLong' : e.key, { max: e.max ?? 0 }))}</p>`
    : ''
}

const invalidAttrs = (errors: ReviewFormErrors, name: keyof ReviewFormValues) =>
  errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''

function formBody(t: T, x: T, m: Extract<ReviewFormModel, { kind: 'form' }>): string {
  const v = m.values
  const stars = [5, 4, 3, 2, 1]
    .map(
      (n) =>
        `<label><input type="radio" name="rating" value="${n}"${v.rating === String(n) ? ' checked' : ''} required>${esc('★'.repeat(n))} <span>${esc(t('stars', { count: n }))}</span></label>`,
    )
    .join('')
  return `<h1>${esc(t('title', { product: m.product.title }))}</h1>
<div class="product">${m.product.imageUrl && /^https:\/\//.test(m.product.imageUrl) ? `<img src="${esc(m.product.imageUrl)}" alt="">` : ''}<p>${esc(t('intro'))}</p></div>
<form method="post" action="${esc(m.action)}" enctype="multipart/form-data" novalidate>
<fieldset${invalidAttrs(m.errors, 'rating')}><legend>${esc(t('rating'))}</legend><div class="stars">${stars}</div>${fieldError(t, m.errors, 'rating')}</fieldset>
<label for="title">${esc(t('reviewTitle'))}</label><input type="text" id="title" name="title" maxlength="200" value="${esc(v.title)}"${invalidAttrs(m.errors, 'title')}>${fieldError(t, m.errors, 'title')}
<label for="body">${esc(t('body'))}</label><textarea id="body" name="body" maxlength="5000" required${invalidAttrs(m.errors, 'body')}>${esc(v.body)}</textarea>${fieldError(t, m.errors, 'body')}
<label for="name">${esc(t('name'))}</label><input type="text" id="name" name="name" maxlength="100" required value="${esc(v.name)}"${invalidAttrs(m.errors, 'name')}>${fieldError(t, m.errors, 'name')}
${photosField(x, m.errors)}
<button type="submit">${esc(t('submit'))}</button></form>`
}

export async function renderReviewForm(m: ReviewFormModel, locale: Locale): Promise<string> {
  const messages = await loadMessages(locale)
  const t = createTranslator({
    locale,
    messages: messages as never,
    namespace: 'reviews.form' as never,
  }) as unknown as T
  const x = createTranslator({
    locale,
    messages: messages as never,
    namespace: 'reviewsExtras.form' as never,
  }) as unknown as T
  let body: string
  switch (m.kind) {
    case 'form':
      body = formBody(t, x, m)
      break
    case 'thanks':
      body = `<h1>${esc(t('thanksTitle'))}</h1><p>${esc(t(m.published ? 'thanksPublished' : 'thanksPending'))}</p>`
      break
    case 'already':
      body = `<h1>${esc(t('alreadyTitle'))}</h1><p>${esc(t('alreadyBody'))}</p>`
      break
    case 'invalid':
      body = `<h1>${esc(t('invalidTitle'))}</h1><p>${esc(t('invalidBody'))}</p>`
      break
    case 'not_found':
      body = `<h1>${esc(t('notFoundTitle'))}</h1><p>${esc(t('notFoundBody'))}</p>`
      break
  }
  const company = 'company' in m ? m.company : null
  const brand = company
    ? `<div class="brand">${company.logoUrl && /^https:\/\//.test(company.logoUrl) ? `<img src="${esc(company.logoUrl)}" alt="">` : ''}<span>${esc(company.name)}</span></div>`
    : ''
  return `<!doctype html><html lang="${esc(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(t('documentTitle'))}</title><style>${STYLE}</style></head>
<body><main><div class="card">${brand}${body}</div></main></body></html>`
}
