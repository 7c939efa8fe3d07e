// The recipient's hosted email pages (unsubscribe, unsubscribed, preferences, errors) as
// complete HTML documents. They are served by route handlers rather than React pages so they
// can answer with their real status (a forged link is a 400) and work without JavaScript:
// plain forms, no session, no CSRF token (the signed link is the only credential), branded
// with the company's name and its logo (Company.logoUrl) when it has one.
import { createTranslator } from 'next-intl'
import { loadMessages } from '@/lib/i18n/load-messages'
import { localeFromAcceptLanguage, resolveLocale, type Locale } from '@/lib/i18n/locales'
import type { Preferences } from './recipient-actions'
import type { Recipient } from './resolve-token'
import { brandingCss, loadPageBranding, showsLogo, type PageBranding } from '@/lib/hosted-pages/page-branding'
import type { ConsentPageKind } from '@/lib/hosted-pages/consent-page-content'

export type PageModel =
  | { kind: 'confirm'; recipient: Recipient; unsubscribeAction: string; preferencesHref: string }
  | { kind: 'unsubscribed'; recipient: Recipient; preferencesHref: string }
  | {
      kind: 'preferences'
      recipient: Recipient
      prefs: Preferences
      action: string
      saved: boolean
      listName?: string
      listId?: string
      allPreferencesHref?: string
    }
  | { kind: 'invalid' | 'expired' | 'not_found' }

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function pageLocale(req: Request, r?: Recipient): Locale {
  if (r?.profileLocale) return resolveLocale(r.profileLocale)
  const header = req.headers.get('accept-language')
  if (header) return localeFromAcceptLanguage(header)
  return r ? resolveLocale(r.company.localeLanguage) : 'en-US'
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;background:#f4f5f7;color:#1b1f24;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:520px;margin:48px auto;padding:0 16px}.card{background:#fff;border:1px solid #e1e4e8;border-radius:8px;padding:32px}
.brand{display:flex;align-items:center;gap:12px;margin-bottom:24px;font-weight:600;font-size:17px}
.brand img{max-height:40px;max-width:160px}.badge{width:36px;height:36px;border-radius:50%;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700}
h1{font-size:22px;line-height:1.3;margin:0 0 12px}p{margin:0 0 16px;color:#444c56}
button{background:#1b1f24;color:#fff;border:0;border-radius:6px;padding:10px 18px;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:2px solid #2f6bd8;outline-offset:2px}
a{color:#2f6bd8}.links{margin-top:20px}fieldset{border:0;padding:0;margin:0 0 20px}legend{font-weight:600;margin-bottom:8px}
legend{padding:0}label{display:flex;gap:10px;align-items:flex-start;padding:8px 0;border-bottom:1px solid #eef0f2}label:last-child{border-bottom:0}
input[type=checkbox]{width:18px;height:18px;margin:2px 0 0;flex:none}.card>:last-child{margin-bottom:0}.notice{background:#e8f5ec;border:1px solid #b7e1c3;border-radius:6px;padding:10px 12px;margin-bottom:16px;color:#1d5e33}
.muted{color:#6a737d;font-size:14px}`

export const PAGE_STATUS: Record<PageModel['kind'], number> = {
  confirm: 200,
  unsubscribed: 200,
  preferences: 200,
  invalid: 400,
  expired: 400,
  not_found: 404,
}

// The merchant's consent pages (issue 20) may replace the built-in headline, first paragraph
// and button text; empty fields keep the translated texts below. All of it goes through esc().
const CONSENT_KIND: Partial<Record<PageModel['kind'], ConsentPageKind>> = {
  confirm: 'unsubscribe',
  unsubscribed: 'unsubscribed',
  preferences: 'manage_preferences',
}

export async function renderPage(model: PageModel, locale: Locale, branding?: PageBranding): Promise<string> {
  const own = branding?.content
  const messages = await loadMessages(locale)
  const t = createTranslator({ locale, messages: messages as never, namespace: 'emailPages' as never }) as unknown as (
    key: string,
    values?: Record<string, string>,
  ) => string
  const r = 'recipient' in model ? model.recipient : null
  const company = r?.company.name ?? ''
  const email = r?.email ?? ''
  let body: string
  switch (model.kind) {
    case 'confirm':
      body = `<h1>${esc(own?.headline || t('confirmTitle', { company }))}</h1>
<p>${esc(own?.body || (email ? t('confirmBody', { email }) : t('confirmBodyNoEmail')))}</p>
<form method="post" action="${esc(model.unsubscribeAction)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click"><input type="hidden" name="from" value="page">
<button type="submit">${esc(own?.buttonText || t('confirmButton'))}</button></form>
<p class="links"><a href="${esc(model.preferencesHref)}">${esc(t('managePreferencesLink'))}</a></p>`
      break
    case 'unsubscribed':
      body = `<h1>${esc(own?.headline || t('unsubscribedTitle'))}</h1>
<p>${esc(own?.body || t('unsubscribedBody', { company }))}</p>
<p class="links"><a href="${esc(model.preferencesHref)}">${esc(t('managePreferencesLink'))}</a></p>`
      break
    case 'preferences': {
      const p = model.prefs
      const lists = p.lists
        .map(
          (l) =>
            `<label><input type="checkbox" name="list" value="${esc(l.id)}"${l.member ? ' checked' : ''}><span>${esc(l.name)}</span></label>`,
        )
        .join('')
      body = `<h1>${esc(own?.headline || (model.listName ? t('listTitle', { list: model.listName }) : t('preferencesTitle')))}</h1>
${model.saved ? `<p class="notice" role="status">${esc(t('savedNotice'))}</p>` : ''}
<p>${esc(own?.body || (email ? t('preferencesIntro', { company, email }) : t('preferencesIntroNoEmail', { company })))}</p>
<form method="post" action="${esc(model.action)}">
<fieldset><legend>${esc(t('emailHeading'))}</legend>
<label><input type="checkbox" name="email_marketing" value="1"${p.emailSubscribed ? ' checked' : ''}><span>${esc(t('emailMarketing', { company }))}</span></label></fieldset>
<fieldset><legend>${esc(t('listsHeading'))}</legend>${lists || `<p class="muted">${esc(t('noLists'))}</p>`}</fieldset>
<button type="submit">${esc(own?.buttonText || t('saveButton'))}</button></form>
${model.allPreferencesHref ? `<p class="links"><a href="${esc(model.allPreferencesHref)}">${esc(t('managePreferencesLink'))}</a></p>` : ''}`
      break
    }
    case 'invalid':
      body = `<h1>${esc(t('invalidTitle'))}</h1><p>${esc(t('invalidBody'))}</p>`
      break
    case 'expired':
      body = `<h1>${esc(t('expiredTitle'))}</h1><p>${esc(t('expiredBody'))}</p>`
      break
    case 'not_found':
      body = `<h1>${esc(t('notFoundTitle'))}</h1><p>${esc(t('notFoundBody'))}</p>`
      break
  }
  const brand =
    r && (!branding || showsLogo(branding))
      ? `<div class="brand">${
          r.company.logoUrl
            ? `<img src="${esc(r.company.logoUrl)}" alt="${esc(company)}">`
            : `<span class="badge" style="background:${esc(/^#[0-9a-fA-F]{3,8}$/.test(r.company.avatarColor) ? r.company.avatarColor : '#2f6bd8')}" aria-hidden="true">${esc(company.trim().charAt(0).toUpperCase() || '?')}</span><span>${esc(company)}</span>`
        }</div>`
      : ''
  return `<!doctype html><html lang="${esc(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(r ? t('documentTitleCompany', { company }) : t('documentTitle'))}</title><style>${STYLE}${branding ? brandingCss(branding) : ''}</style></head>
<body><main><div class="card">${brand}${body}</div></main></body></html>`
}

export async function pageResponse(model: PageModel, req: Request): Promise<Response> {
  const locale = pageLocale(req, 'recipient' in model ? model.recipient : undefined)
  const kind = CONSENT_KIND[model.kind]
  const branding =
    kind && 'recipient' in model
      ? await loadPageBranding(model.recipient.companyId, kind, model.kind === 'preferences' ? model.listId : undefined)
      : undefined
  return new Response(await renderPage(model, locale, branding), {
    status: PAGE_STATUS[model.kind],
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  })
}
