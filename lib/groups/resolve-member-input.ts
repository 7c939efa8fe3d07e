// The members screen adds or removes profiles by id or by email. Emails are checked first and
// only then turned into profiles, so a bad address never leaves half the batch written.
import { z } from 'zod'
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { badRequest } from '@/lib/errors/app-error'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { getGroupRow } from './get-group'
import { LIST } from './group-view'

export const memberChangeBody = z
  .object({
    profileIds: z.array(z.string().min(1).max(64)).min(1).max(1000).optional(),
    emails: z.array(z.email().max(254)).min(1).max(1000).optional(),
  })
  .refine((b) => (b.profileIds ? 1 : 0) + (b.emails ? 1 : 0) === 1, {
    message: 'Send either profileIds or emails.',
    path: ['profileIds'],
  })
export type MemberChangeInput = z.infer<typeof memberChangeBody>

export async function resolveMemberInput(
  companyId: number,
  listId: string,
  body: MemberChangeInput,
  opts: { create: boolean },
): Promise<string[]> {
  // 404 for another company's or a missing list before any profile is created.
  await getGroupRow(companyId, listId, LIST)
  if (body.profileIds) return body.profileIds
  const emails = [...new Set(body.emails!.map((e) => e.trim().toLowerCase()))]
  // At most 1,000 emails (memberChangeBody), each bound.
  const lower = sql<string>`lower(${sql.ref('email')})`
  const found = await read(
    select(
      kysely()
        .selectFrom('Profile')
        .select(['id', lower.as('email')])
        .where('companyId', '=', companyId)
        .where(lower, 'in', emails),
    ),
  )
  const byEmail = new Map(found.map((r) => [r.email, r.id]))
  const missing = emails.filter((e) => !byEmail.has(e))
  if (missing.length && !opts.create)
    throw badRequest('Some emails were not found.', { emails: [`No profile with: ${missing.slice(0, 10).join(', ')}`] })
  for (const email of missing) {
    const { profile } = await upsertProfile(companyId, { email }, { mode: 'import', source: 'list' })
    byEmail.set(email, profile.id)
  }
  return emails.map((e) => byEmail.get(e)!)
}
