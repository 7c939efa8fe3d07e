// /list/{listId}/embed: the onsite script tag, and for sites without JavaScript a plain HTML
// form posting to the list's subscribe link (created on demand, since a form needs an address).
import { db } from '@/lib/db/client'
import { appUrl } from '@/lib/config/app-url'
import { notFound } from '@/lib/errors/app-error'
import { onsiteSnippet } from './onsite/install-status'
import { SUBSCRIBE_LINK_DEFAULTS } from './subscribe-links/content'
import { createSubscribeLink } from './subscribe-links/save-subscribe-link'
import { publicLinkUrl } from './subscribe-links/list-subscribe-links'

async function listOf(companyId: number, listId: string) {
  const list = await db.group.findFirst({
    where: { id: listId, companyId, type: 0, deletedAt: null },
    select: { id: true, name: true },
  })
  if (!list) throw notFound('List not found.')
  return list
}

/**
 * The no-JavaScript form: it posts the address to /subscribe/{slug}, which answers a post
 * without its signed token with the hosted page pre-filled, so the visitor confirms there with
 * one click (a cross-site post alone never subscribes anyone).
 */
export function htmlFormSnippet(slug: string, buttonText: string, emailLabel = 'Email'): string {
  const url = publicLinkUrl(slug)
  const clean = (s: string) => s.replace(/[<>&"]/g, '')
  return `<form method="post" action="${url}">
  <label for="klaviyo-email">${clean(emailLabel)}</label>
  <input type="email" id="klaviyo-email" name="email" required autocomplete="email">
  <button type="submit">${clean(buttonText)}</button>
</form>`
}

export async function getListEmbed(companyId: number, listId: string) {
  const list = await listOf(companyId, listId)
  const company = await db.company.findUnique({ where: { id: companyId }, select: { publicApiKey: true } })
  if (!company) throw notFound()
  const link = await db.subscribeLink.findFirst({
    where: { companyId, listId, status: 'active' },
    orderBy: { createdAt: 'asc' },
  })
  return {
    list,
    scriptTag: onsiteSnippet(company.publicApiKey),
    appUrl: appUrl(),
    link: link ? { id: link.id, name: link.name, slug: link.slug, url: publicLinkUrl(link.slug) } : null,
    formSnippet: link ? htmlFormSnippet(link.slug, SUBSCRIBE_LINK_DEFAULTS.buttonText) : null,
  }
}

export async function ensureListLink(companyId: number, listId: string) {
  const list = await listOf(companyId, listId)
  const existing = await db.subscribeLink.findFirst({
    where: { companyId, listId, status: 'active' },
    select: { id: true },
  })
  if (!existing)
    await createSubscribeLink(companyId, {
      name: `${list.name} sign-up`.slice(0, 120),
      listId,
      status: 'active',
      content: SUBSCRIBE_LINK_DEFAULTS,
    })
  return getListEmbed(companyId, listId)
}

export async function listFormsOfList(companyId: number, listId: string) {
  const list = await listOf(companyId, listId)
  const forms = await db.form.findMany({
    where: { companyId, listId },
    orderBy: { updatedAt: 'desc' },
    select: { id: true, name: true, status: true, formType: true, updatedAt: true },
  })
  return { list, forms: forms.map((f) => ({ ...f, updatedAt: f.updatedAt.toISOString() })) }
}
