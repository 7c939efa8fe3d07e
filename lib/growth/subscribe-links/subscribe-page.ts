// The public page of a subscribe link, /subscribe/{slug}: GET renders the form, POST subscribes
// through the same path as POST /client/subscriptions (clientSubscriptionBody → subscribeProfiles,
// so double opt-in, consent history and list membership behave the same) with the link as the
// consent source. No session and no JavaScript: the per-render signed token stands in for CSRF,
// a hidden honeypot field catches form-filling bots, and each address is rate-limited.
import { createTranslator } from 'next-intl'
import { db } from '@/lib/db/client'
import { loadMessages } from '@/lib/i18n/load-messages'
import { localeFromAcceptLanguage, resolveLocale, type Locale } from '@/lib/i18n/locales'
import { clientIp } from '@/lib/http/client-ip'
import { readBodyText, readMultipartForm } from '@/lib/http/read-body'
import { takeToken } from '@/lib/api/rate-limit'
import { AppError } from '@/lib/errors/app-error'
import { clientSubscribeInput, clientSubscriptionBody } from '@/lib/api/subscription-body'
import { subscribeProfiles } from '@/lib/profiles/subscribe-profiles'
import { getHostedPagesSettings } from '@/lib/hosted-pages/settings'
import { esc, hostedDocument, paragraphs, type HostedDoc } from '../hosted-page-html'
import { resolveConsentPage } from '@/lib/hosted-pages/consent-page-store'
import { readContent, type SubscribeLinkContent } from './content'
import { signFormToken, verifyFormToken } from './form-token'
import { linkSource } from './list-subscribe-links'

export const HONEYPOT_FIELD = 'website'
export const SUBSCRIBE_PAGE_LIMIT = { burst: 3, steady: 20 }

type T = (key: string, values?: Record<string, string>) => string
type Link = NonNullable<Awaited<ReturnType<typeof findLink>>>

async function findLink(slug: string) {
  if (slug.length > 64) return null
  const link = await db.subscribeLink.findUnique({ where: { slug } })
  if (!link || link.status !== 'active') return null
  const [company, list] = await Promise.all([
    db.company.findUnique({
      where: { id: link.companyId },
      select: { id: true, name: true, logoUrl: true, avatarColor: true, localeLanguage: true },
    }),
    db.group.findFirst({
      where: { id: link.listId, companyId: link.companyId, type: 0, deletedAt: null },
      select: { id: true },
    }),
  ])
  // A link whose list was deleted can no longer subscribe anyone: it is gone too.
  if (!company || !list) return null
  return { ...link, company }
}

async function translator(req: Request, companyLocale?: string): Promise<{ t: T; locale: Locale }> {
  const header = req.headers.get('accept-language')
  const locale = header ? localeFromAcceptLanguage(header) : resolveLocale(companyLocale)
  const messages = await loadMessages(locale)
  const t = createTranslator({ locale, messages: messages as never, namespace: 'hostedPages' as never }) as unknown as T
  return { t, locale }
}

const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      ...headers,
    },
  })

async function notFoundPage(req: Request): Promise<Response> {
  const { t, locale } = await translator(req)
  const body = `<h1>${esc(t('notFoundTitle'))}</h1><p>${esc(t('notFoundBody'))}</p>`
  return html(
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(t('notFoundTitle'))}</title></head><body><main style="max-width:520px;margin:48px auto;padding:0 16px;font:15px/1.5 system-ui,sans-serif">${body}</main></body></html>`,
    404,
  )
}

async function doc(req: Request, link: Link, title: string, body: string, c: SubscribeLinkContent): Promise<HostedDoc> {
  const [settings, branding] = await Promise.all([
    getHostedPagesSettings(link.companyId),
    resolveConsentPage(link.companyId, 'subscribe', link.listId),
  ])
  const { locale } = await translator(req, link.company.localeLanguage)
  return {
    locale,
    title,
    company: link.company,
    settings,
    showLogo: branding.showLogo,
    body,
    colors: { background: c.backgroundColor, text: c.textColor, button: c.buttonColor, buttonText: c.buttonTextColor },
  }
}

interface FormState {
  values: Record<string, string>
  errors: Record<string, string>
  notice?: string
  info?: string
}

function formBody(t: T, link: Link, c: SubscribeLinkContent, state: FormState): string {
  const v = (k: string) => esc(state.values[k] ?? '')
  const err = (k: string) =>
    state.errors[k] ? `<p class="error" id="${k}-error" role="alert">${esc(state.errors[k]!)}</p>` : ''
  const described = (k: string) => (state.errors[k] ? ` aria-invalid="true" aria-describedby="${k}-error"` : '')
  return `<h1>${esc(c.headline)}</h1>${paragraphs(c.body)}
${state.notice ? `<p class="notice" role="alert">${esc(state.notice)}</p>` : ''}${state.info ? `<p class="info" role="status">${esc(state.info)}</p>` : ''}
<form method="post" action="/subscribe/${esc(encodeURIComponent(link.slug))}" novalidate>
<input type="hidden" name="token" value="${esc(signFormToken(link.id))}">
<div class="hp" aria-hidden="true"><label for="${HONEYPOT_FIELD}">${esc(t('honeypotLabel'))}</label><input type="text" id="${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>
<label for="email">${esc(t('emailLabel'))}</label><input type="email" id="email" name="email" required autocomplete="email" value="${v('email')}"${described('email')}>${err('email')}
${c.collectFirstName ? `<label for="first_name">${esc(t('firstNameLabel'))}</label><input type="text" id="first_name" name="first_name" autocomplete="given-name" maxlength="100" value="${v('first_name')}"${described('first_name')}>${err('first_name')}` : ''}
${c.collectPhone ? `<label for="phone_number">${esc(t('phoneLabel'))}</label><input type="tel" id="phone_number" name="phone_number" autocomplete="tel" value="${v('phone_number')}"${described('phone_number')}>${err('phone_number')}<p class="consent">${esc(c.smsConsentText)}</p>` : ''}
<button type="submit">${esc(c.buttonText)}</button></form>`
}

export async function subscribePageGet(req: Request, slug: string): Promise<Response> {
  const link = await findLink(slug)
  if (!link) return notFoundPage(req)
  const c = readContent(link.content)
  const { t } = await translator(req, link.company.localeLanguage)
  return html(hostedDocument(await doc(req, link, c.headline, formBody(t, link, c, { values: {}, errors: {} }), c)))
}

// A sign-up form is a few short fields: anything larger is read no further and treated as empty.
const MAX_FORM_BYTES = 16 * 1024

async function readForm(req: Request): Promise<Record<string, string>> {
  try {
    const type = req.headers.get('content-type') ?? ''
    if (type.includes('multipart/form-data')) {
      const f = await readMultipartForm(req, MAX_FORM_BYTES)
      return Object.fromEntries([...f.entries()].filter(([, v]) => typeof v === 'string') as [string, string][])
    }
    return Object.fromEntries(new URLSearchParams(await readBodyText(req, MAX_FORM_BYTES)))
  } catch {
    return {}
  }
}

/** Maps subscribeProfiles' field names ("profiles.0.email") to the form's inputs. */
function formErrors(e: AppError, t: T): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of Object.keys(e.fieldErrors ?? {})) {
    if (/email/.test(key)) out.email = t('emailInvalid')
    else if (/phone/.test(key)) out.phone_number = t('phoneInvalid')
    else if (/first_name|firstName/.test(key)) out.first_name = t('firstNameInvalid')
  }
  if (!Object.keys(out).length) out.email = t('emailInvalid')
  return out
}

async function successPage(req: Request, link: Link, c: SubscribeLinkContent, pending: boolean): Promise<Response> {
  const { t } = await translator(req, link.company.localeLanguage)
  const body = pending
    ? `<h1>${esc(t('pendingTitle'))}</h1><p>${esc(t('pendingBody'))}</p>`
    : `<h1>${esc(c.successHeadline)}</h1>${paragraphs(c.successMessage)}`
  return html(hostedDocument(await doc(req, link, pending ? t('pendingTitle') : c.successHeadline, body, c)))
}

export async function subscribePagePost(req: Request, slug: string): Promise<Response> {
  const link = await findLink(slug)
  if (!link) return notFoundPage(req)
  const c = readContent(link.content)
  const { t } = await translator(req, link.company.localeLanguage)
  const form = await readForm(req)
  const values = {
    email: (form.email ?? '').trim(),
    first_name: (form.first_name ?? '').trim(),
    phone_number: (form.phone_number ?? '').trim(),
  }
  const again = async (status: number, state: FormState, headers: Record<string, string> = {}) =>
    html(hostedDocument(await doc(req, link, c.headline, formBody(t, link, c, state), c)), status, headers)

  const rate = await takeToken(`subscribe-link:${clientIp(req)}`, SUBSCRIBE_PAGE_LIMIT)
  if (!rate.allowed)
    return again(
      429,
      { values, errors: {}, notice: t('tooMany') },
      { 'retry-after': String(Math.max(1, rate.retryAfter)) },
    )
  // A form on the merchant's own site (the list's embed snippet) posts without our token: the
  // page comes back pre-filled for the visitor to confirm; nothing is written without a token.
  if (!form.token) return again(200, { values, errors: {}, info: t('confirmPrompt') })
  if (!verifyFormToken(link.id, form.token)) return again(403, { values, errors: {}, notice: t('formExpired') })
  // A bot filled the field people cannot see: it gets the success page, nothing is written.
  if (form[HONEYPOT_FIELD]) return successPage(req, link, c, false)
  if (!values.email) return again(400, { values, errors: { email: t('emailRequired') } })
  if (c.collectPhone && values.phone_number && values.phone_number.length > 32)
    return again(400, { values, errors: { phone_number: t('phoneInvalid') } })

  const attributes: Record<string, string> = { email: values.email }
  if (c.collectFirstName && values.first_name) attributes.first_name = values.first_name.slice(0, 100)
  if (c.collectPhone && values.phone_number) attributes.phone_number = values.phone_number
  const parsed = clientSubscriptionBody.safeParse({
    data: {
      type: 'subscription',
      attributes: {
        custom_source: linkSource(link.name).slice(0, 255),
        profile: { data: { type: 'profile', attributes } },
      },
      relationships: { list: { data: { type: 'list', id: link.listId } } },
    },
  })
  if (!parsed.success) {
    const errs: Record<string, string> = {}
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.')
      if (path.endsWith('phone_number')) errs.phone_number = t('phoneInvalid')
      else if (path.endsWith('first_name')) errs.first_name = t('firstNameInvalid')
      else errs.email = t('emailInvalid')
    }
    return again(400, { values, errors: errs })
  }
  try {
    await subscribeProfiles(link.companyId, clientSubscribeInput(parsed.data), { mode: 'client' })
  } catch (e) {
    if (e instanceof AppError && e.status === 400) return again(400, { values, errors: formErrors(e, t) })
    throw e
  }
  const list = await db.group.findFirst({
    where: { id: link.listId, companyId: link.companyId },
    select: { optInProcess: true },
  })
  const consent = await db.profileConsent.findFirst({
    where: { companyId: link.companyId, channel: 'email_marketing', profile: { email: values.email.toLowerCase() } },
    select: { status: true },
  })
  return successPage(req, link, c, list?.optInProcess === 'double_opt_in' && consent?.status === 'pending')
}
