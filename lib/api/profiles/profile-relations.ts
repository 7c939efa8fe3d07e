// What a profile is related to, for /api/profiles/{id}/lists and …/segments (and their
// relationships; push tokens: lib/messaging/push/list-profile-push-tokens.ts): the profile must
// be the key's company's, or the answer is a 404 that does not tell another company's profile
// from a missing one.
import type { Group } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { apiNotFound } from '../api-error'

export async function requireProfile(companyId: number, id: string): Promise<void> {
  const p = await db.profile.findFirst({ where: { companyId, id }, select: { id: true } })
  if (!p) throw apiNotFound(`A profile with id ${id} was not found.`)
}

/** The lists or segments the profile is a member of now, oldest group first. */
export async function profileGroups(companyId: number, profileId: string, kind: 'list' | 'segment'): Promise<Group[]> {
  await requireProfile(companyId, profileId)
  return db.group.findMany({
    where: {
      companyId,
      type: kind === 'list' ? LIST : SEGMENT,
      deletedAt: null,
      memberships: { some: { companyId, profileId, leftAt: null } },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })
}

/** The self link of a to-many relationship answer, which the vendor pages but we answer whole. */
export const wholeLinks = (url: URL) => ({ self: url.toString(), next: null, prev: null })
