// The /growth-tools/subscribe-links table: each link with its list, public URL and how many
// sign-ups carry its consent source ("Subscribe link: {name}").
import { db } from '@/lib/db/client'
import { appLink } from '@/lib/config/app-url'
import { notFound } from '@/lib/errors/app-error'
import { readContent } from './content'

export const linkSource = (name: string) => `Subscribe link: ${name}`
export const publicLinkUrl = (slug: string) => appLink(`/subscribe/${encodeURIComponent(slug)}`)

export async function listSubscribeLinks(companyId: number, opts: { listId?: string } = {}) {
  const links = await db.subscribeLink.findMany({
    where: { companyId, ...(opts.listId ? { listId: opts.listId } : {}) },
    orderBy: { createdAt: 'desc' },
  })
  const listIds = [...new Set(links.map((l) => l.listId))]
  const lists = listIds.length
    ? await db.group.findMany({ where: { companyId, id: { in: listIds } }, select: { id: true, name: true } })
    : []
  const names = new Map(lists.map((l) => [l.id, l.name]))
  const sources = links.map((l) => linkSource(l.name))
  const counts = sources.length
    ? await db.profileConsent.groupBy({
        by: ['source'],
        where: {
          companyId,
          channel: 'email_marketing',
          status: { in: ['subscribed', 'pending'] },
          source: { in: sources },
        },
        _count: { _all: true },
      })
    : []
  const bySource = new Map(counts.map((c) => [c.source, c._count._all]))
  return links.map((l) => ({
    id: l.id,
    name: l.name,
    slug: l.slug,
    status: l.status,
    listId: l.listId,
    listName: names.get(l.listId) ?? null,
    url: publicLinkUrl(l.slug),
    signups: bySource.get(linkSource(l.name)) ?? 0,
    createdAt: l.createdAt.toISOString(),
  }))
}

export async function getSubscribeLink(companyId: number, linkId: string) {
  const l = await db.subscribeLink.findFirst({ where: { id: linkId, companyId } })
  if (!l) throw notFound()
  return {
    id: l.id,
    name: l.name,
    slug: l.slug,
    status: l.status,
    listId: l.listId,
    url: publicLinkUrl(l.slug),
    content: readContent(l.content),
  }
}
