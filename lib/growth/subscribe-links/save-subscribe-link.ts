// Creates or edits a subscribe link. The list must be one of the company's lists; the slug is
// unique across the installation (it is the public address), a clash is a field error.
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { shortId } from '@/lib/ids/make-id'
import type { SubscribeLinkBody } from './link-body'

const slugFrom = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'subscribe'

async function assertList(companyId: number, listId: string) {
  const list = await db.group.findFirst({
    where: { id: listId, companyId, type: 0, deletedAt: null },
    select: { id: true },
  })
  if (!list) throw badRequest('Choose one of your lists.', { listId: ['Choose one of your lists.'] })
}

async function freeSlug(base: string): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const slug = i === 0 ? base : `${base}-${shortId(4).toLowerCase()}`
    if (!(await db.subscribeLink.findUnique({ where: { slug }, select: { id: true } }))) return slug
  }
  return `${base}-${shortId(8).toLowerCase()}`
}

const taken = () => badRequest('That address is taken.', { slug: ['That address is taken. Choose another.'] })

// Two saves racing for one slug: the unique index decides, the loser gets the field error.
const isUniqueClash = (e: unknown) => (e as { code?: string })?.code === 'P2002'

export async function createSubscribeLink(companyId: number, body: SubscribeLinkBody) {
  await assertList(companyId, body.listId)
  let slug = body.slug
  if (slug) {
    if (await db.subscribeLink.findUnique({ where: { slug }, select: { id: true } })) throw taken()
  } else {
    slug = await freeSlug(slugFrom(body.name))
  }
  try {
    return await db.subscribeLink.create({
      data: {
        id: shortId(8),
        companyId,
        listId: body.listId,
        slug,
        name: body.name,
        status: body.status,
        content: JSON.stringify(body.content),
      },
    })
  } catch (e) {
    if (isUniqueClash(e)) throw taken()
    throw e
  }
}

export async function updateSubscribeLink(companyId: number, linkId: string, body: SubscribeLinkBody) {
  const link = await db.subscribeLink.findFirst({ where: { id: linkId, companyId } })
  if (!link) throw notFound()
  await assertList(companyId, body.listId)
  const slug = body.slug ?? link.slug
  if (slug !== link.slug && (await db.subscribeLink.findUnique({ where: { slug }, select: { id: true } })))
    throw taken()
  try {
    return await db.subscribeLink.update({
      where: { id: link.id },
      data: { listId: body.listId, slug, name: body.name, status: body.status, content: JSON.stringify(body.content) },
    })
  } catch (e) {
    if (isUniqueClash(e)) throw taken()
    throw e
  }
}
