// Tag groups of a company: the default group is made on demand (a deterministic id, so two
// first requests at once make one group), at most 50 groups, deleting a group deletes its tags
// and their links. The default group cannot be deleted.
import { createHash, randomUUID } from 'node:crypto'
import { db } from '@/lib/db/client'
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import type { TagGroup } from '@/generated/prisma/client'
import { unlinkFlowTagsByName } from './flow-tag-sync'

export const MAX_TAG_GROUPS = 50
export const DEFAULT_GROUP_NAME = 'Default Tag Group'
const NAME_MAX = 100

/** A UUID-shaped id derived from the company: the default group's id. */
export function defaultGroupId(companyId: number): string {
  const h = createHash('sha1').update(`tag-group-default:${companyId}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export async function ensureDefaultGroup(companyId: number): Promise<TagGroup> {
  const id = defaultGroupId(companyId)
  return db.tagGroup.upsert({
    where: { id },
    update: {},
    create: { id, companyId, name: DEFAULT_GROUP_NAME, isDefault: true },
  })
}

export function cleanGroupName(raw: unknown, field = 'name'): string {
  const name = typeof raw === 'string' ? raw.trim() : ''
  if (!name) throw badRequest('A tag group name is required.', { [field]: ['A tag group name is required.'] })
  if (name.length > NAME_MAX)
    throw badRequest(`A tag group name has at most ${NAME_MAX} characters.`, {
      [field]: [`A tag group name has at most ${NAME_MAX} characters.`],
    })
  return name
}

export async function listTagGroups(companyId: number): Promise<TagGroup[]> {
  await ensureDefaultGroup(companyId)
  return db.tagGroup.findMany({
    where: { companyId },
    orderBy: [{ isDefault: 'desc' }, { name: 'asc' }, { id: 'asc' }],
  })
}

export async function findTagGroup(companyId: number, id: string): Promise<TagGroup | null> {
  if (id === defaultGroupId(companyId)) return ensureDefaultGroup(companyId)
  return db.tagGroup.findFirst({ where: { companyId, id } })
}

export async function getTagGroupOrThrow(companyId: number, id: string): Promise<TagGroup> {
  const g = await findTagGroup(companyId, id)
  if (!g) throw notFound(`A tag group with id ${id} was not found.`)
  return g
}

export async function createTagGroup(
  companyId: number,
  input: { name: unknown; exclusive?: boolean | null },
): Promise<TagGroup> {
  const name = cleanGroupName(input.name)
  await ensureDefaultGroup(companyId)
  return db.$transaction(async (tx) => {
    const count = await tx.tagGroup.count({ where: { companyId } })
    if (count >= MAX_TAG_GROUPS)
      throw new AppError('limit_reached', 400, `An account can have at most ${MAX_TAG_GROUPS} tag groups.`)
    const same = await tx.tagGroup.findFirst({ where: { companyId, name } })
    if (same)
      throw new AppError('duplicate', 409, `A tag group named "${name}" already exists.`, {
        name: [`A tag group named "${name}" already exists.`],
      })
    return tx.tagGroup.create({ data: { id: randomUUID(), companyId, name, exclusive: input.exclusive ?? false } })
  })
}

export async function renameTagGroup(companyId: number, id: string, rawName: unknown): Promise<TagGroup> {
  const name = cleanGroupName(rawName)
  const g = await getTagGroupOrThrow(companyId, id)
  const same = await db.tagGroup.findFirst({ where: { companyId, name, NOT: { id } } })
  if (same)
    throw new AppError('duplicate', 409, `A tag group named "${name}" already exists.`, {
      name: [`A tag group named "${name}" already exists.`],
    })
  return db.tagGroup.update({ where: { id: g.id }, data: { name } })
}

/** Deletes a group, its tags and their links (the default group stays). */
export async function deleteTagGroup(companyId: number, id: string): Promise<void> {
  const g = await getTagGroupOrThrow(companyId, id)
  if (g.isDefault) throw new AppError('invalid', 400, 'The default tag group cannot be deleted.')
  const tags = await db.tag.findMany({ where: { companyId, groupId: g.id } })
  const tagIds = tags.map((t) => t.id)
  await db.$transaction(async (tx) => {
    await tx.tagLink.deleteMany({ where: { companyId, tagId: { in: tagIds } } })
    await unlinkFlowTagsByName(
      tx,
      companyId,
      tags.map((t) => t.name),
    )
    await tx.tag.deleteMany({ where: { companyId, groupId: g.id } })
    await tx.tagGroup.delete({ where: { id: g.id } })
  })
}
