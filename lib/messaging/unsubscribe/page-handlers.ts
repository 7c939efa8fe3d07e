// The request handling of the recipient pages, shared by the thin route files:
//   /unsubscribe                               GET confirm page; POST one-click (RFC 8058) or the page's button
//   /email/pages/{pageType}[/{consentPageId}]  unsubscribe | unsubscribed | manage_preferences (GET, POST saves)
//   /list/{listId}/email/pages                 the preference page of one list
// The signed token (?t=) is the only credential. A bad token answers 400 with a page that says
// so and changes nothing. consentPageId names a custom consent page of the vendor's; those are
// not built, so every id renders the default page.
import { pageResponse, type PageModel } from './render-page'
import { loadPreferences, savePreferences, unsubscribeRecipient } from './recipient-actions'
import { resolveRecipient, type Recipient } from './resolve-token'
import { getConsentStatusOps } from '@/lib/profiles/consent-sync'
import { read } from '@/lib/db/ops'

export const PAGE_TYPES = ['unsubscribe', 'unsubscribed', 'manage_preferences'] as const

const tokenOf = (req: Request) => new URL(req.url).searchParams.get('t')
const q = (t: string) => '?t=' + encodeURIComponent(t)
const pagePath = (type: string, t: string) => `/email/pages/${type}${q(t)}`

async function form(req: Request): Promise<FormData | null> {
  try {
    return await req.formData()
  } catch {
    return null
  }
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })

async function recipientOr(req: Request): Promise<{ r: Recipient; t: string } | Response> {
  const t = tokenOf(req)
  const res = await resolveRecipient(t)
  if (!res.ok) return pageResponse({ kind: res.reason }, req)
  return { r: res.recipient, t: t! }
}

const isUnsubscribed = (r: Recipient) =>
  read(getConsentStatusOps(r.companyId, r.profileId, 'email_marketing')).then((s) => s === 'unsubscribed')

async function confirmPage(req: Request, r: Recipient, t: string): Promise<Response> {
  const model: PageModel = (await isUnsubscribed(r))
    ? { kind: 'unsubscribed', recipient: r, preferencesHref: pagePath('manage_preferences', t) }
    : {
        kind: 'confirm',
        recipient: r,
        unsubscribeAction: '/unsubscribe' + q(t),
        preferencesHref: pagePath('manage_preferences', t),
      }
  return pageResponse(model, req)
}

// GET /unsubscribe?t= – the hosted confirm page
export async function unsubscribeGet(req: Request): Promise<Response> {
  const got = await recipientOr(req)
  return got instanceof Response ? got : confirmPage(req, got.r, got.t)
}

// POST /unsubscribe?t= – RFC 8058 one-click (body List-Unsubscribe=One-Click), or the confirm page's button
export async function unsubscribePost(req: Request): Promise<Response> {
  const body = await form(req)
  const got = await recipientOr(req)
  if (got instanceof Response) return got
  if (body?.get('List-Unsubscribe') !== 'One-Click') {
    return new Response('The body must be List-Unsubscribe=One-Click (RFC 8058).', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  const fromPage = body.get('from') === 'page'
  await unsubscribeRecipient(
    got.r,
    fromPage
      ? { method: 'UNSUBSCRIBE_PAGE', source: 'Hosted unsubscribe page' }
      : { method: 'ONE_CLICK', source: 'List-Unsubscribe-Post' },
  )
  if (fromPage) return seeOther(pagePath('unsubscribed', got.t))
  return new Response(null, { status: 200, headers: { 'cache-control': 'no-store' } })
}

async function preferencesPage(
  req: Request,
  r: Recipient,
  t: string,
  action: string,
  listId?: string,
): Promise<Response> {
  const prefs = await loadPreferences(r, listId)
  if (!prefs) return pageResponse({ kind: 'not_found' }, req)
  const saved = new URL(req.url).searchParams.get('saved') === '1'
  const listName = listId ? prefs.lists[0]?.name : undefined
  const extra = listId
    ? { allPreferencesHref: pagePath('manage_preferences', t), listId, ...(listName ? { listName } : {}) }
    : {}
  return pageResponse({ kind: 'preferences', recipient: r, prefs, action: action + q(t), saved, ...extra }, req)
}

async function savePage(req: Request, r: Recipient, t: string, path: string, listId?: string): Promise<Response> {
  const body = await form(req)
  const choice = {
    emailSubscribed: body?.get('email_marketing') === '1',
    keepLists: (body?.getAll('list') ?? []).filter((v): v is string => typeof v === 'string'),
  }
  const saved = await savePreferences(r, choice, listId)
  if (!saved) return pageResponse({ kind: 'not_found' }, req)
  return seeOther(path + q(t) + '&saved=1')
}

// GET /email/pages/{pageType}[/{consentPageId}]?t=
export async function emailPageGet(req: Request, pageType: string): Promise<Response> {
  if (!(PAGE_TYPES as readonly string[]).includes(pageType)) return pageResponse({ kind: 'not_found' }, req)
  const got = await recipientOr(req)
  if (got instanceof Response) return got
  const { r, t } = got
  if (pageType === 'unsubscribe') return confirmPage(req, r, t)
  if (pageType === 'unsubscribed')
    return pageResponse({ kind: 'unsubscribed', recipient: r, preferencesHref: pagePath('manage_preferences', t) }, req)
  return preferencesPage(req, r, t, new URL(req.url).pathname)
}

// POST /email/pages/manage_preferences[/{consentPageId}]?t= – saves the preference page
export async function emailPagePost(req: Request, pageType: string): Promise<Response> {
  if (pageType !== 'manage_preferences') return pageResponse({ kind: 'not_found' }, req)
  const got = await recipientOr(req)
  if (got instanceof Response) return got
  return savePage(req, got.r, got.t, new URL(req.url).pathname)
}

// GET /list/{listId}/email/pages?t=
export async function listPageGet(req: Request, listId: string): Promise<Response> {
  const got = await recipientOr(req)
  if (got instanceof Response) return got
  return preferencesPage(req, got.r, got.t, `/list/${encodeURIComponent(listId)}/email/pages`, listId)
}

// POST /list/{listId}/email/pages?t=
export async function listPagePost(req: Request, listId: string): Promise<Response> {
  const got = await recipientOr(req)
  if (got instanceof Response) return got
  return savePage(req, got.r, got.t, `/list/${encodeURIComponent(listId)}/email/pages`, listId)
}
