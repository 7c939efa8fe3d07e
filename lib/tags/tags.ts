// Tags of a company: at most 500, unique names, each in a group (the default group unless
// given). Renaming and deleting keep the flows' free-text tags in step.
import { randomUUID } from 'node:crypto'
import { db } from '@/lib/db/client'
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import type { Tag } from '@/generated/prisma/client'
import { ensureDefaultGroup, getTagGroupOrThrow } from './tag-groups'
import { renameFlowTags, unlinkFlowTagsByName } from './flow-tag-sync'

export const MAX_TAGS = 500
const NAME_MAX = 100

export function cleanTagName(raw: unknown, field = 'name'): string {
  const name = typeof raw === 'string' ? raw.trim() : ''
  if (!name) throw badRequest('A tag name is required.', { [field]: ['A tag name is required.'] })
  if (name.length > NAME_MAX)
    throw badRequest(`A tag name has at most ${NAME_MAX} characters.`, {
      [field]: [`A tag name has at most ${NAME_MAX} characters.`],
    })
  return name
}

const duplicate = (name: string) =>
  new AppError('duplicate', 409, `A tag named "${name}" already exists.`, {
    name: [`A tag named "${name}" already exists.`],
  })

export interface TagFilter {
  name?: { op: 'equals' | 'contains' | 'starts-with' | 'ends-with'; value: string }
  groupId?: string
  ids?: string[]
}

export async function listTags(companyId: number, f: TagFilter = {}): Promise<Tag[]> {
  const where: NonNullable<Parameters<typeof db.tag.findMany>[0]>['where'] = { companyId }
  if (f.groupId) where.groupId = f.groupId
  if (f.ids) where.id = { in: f.ids }
  let rows = await db.tag.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }] })
  if (f.name) {
    // Case-insensitive on both engines: compared here (an account holds at most 500 tags).
    const v = f.name.value.toLowerCase()
    const test = {
      equals: (n: string) => n === v,
      contains: (n: string) => n.includes(v),
      'starts-with': (n: string) => n.startsWith(v),
      'ends-with': (n: string) => n.endsWith(v),
    }[f.name.op]
    rows = rows.filter((t) => test(t.name.toLowerCase()))
  }
  return rows
}

export async function getTagOrThrow(companyId: number, id: string): Promise<Tag> {
  const t = await db.tag.findFirst({ where: { companyId, id } })
  if (!t) throw notFound(`A tag with id ${id} was not found.`)
  return t
}

export async function createTag(companyId: number, input: { name: unknown; groupId?: string | null }): Promise<Tag> {
  const name = cleanTagName(input.name)
  const group = input.groupId ? await getTagGroupOrThrow(companyId, input.groupId) : await ensureDefaultGroup(companyId)
  return db.$transaction(async (tx) => {
    if ((await tx.tag.count({ where: { companyId } })) >= MAX_TAGS)
      throw new AppError('limit_reached', 400, `An account can have at most ${MAX_TAGS} tags.`)
    if (await tx.tag.findFirst({ where: { companyId, name } })) throw duplicate(name)
    return tx.tag.create({ data: { id: randomUUID(), companyId, groupId: group.id, name } })
  })
}

export async function renameTag(companyId: number, id: string, rawName: unknown): Promise<Tag> {
  const name = cleanTagName(rawName)
  const tag = await getTagOrThrow(companyId, id)
  if (tag.name === name) return tag
  if (await db.tag.findFirst({ where: { companyId, name, NOT: { id } } })) throw duplicate(name)
  return db.$transaction(async (tx) => {
    await renameFlowTags(tx, companyId, tag.name, name)
    return tx.tag.update({ where: { id: tag.id }, data: { name } })
  })
}

export async function deleteTag(companyId: number, id: string): Promise<void> {
  const tag = await getTagOrThrow(companyId, id)
  await db.$transaction(async (tx) => {
    await tx.tagLink.deleteMany({ where: { companyId, tagId: tag.id } })
    await unlinkFlowTagsByName(tx, companyId, [tag.name])
    await tx.tag.delete({ where: { id: tag.id } })
  })
}
