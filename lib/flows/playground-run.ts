// /flow/playground: the path a chosen profile would take through a chosen flow at a chosen moment
// — the engine's read-only preview (engine/preview-profile-path.ts) with its clock set to that
// moment, so a delay's wake-up, quiet hours or a date trigger can be tried without waiting.
// Nothing is sent or written. The profile is named by id or email, both within the company.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { previewProfilePath } from './engine/preview-profile-path'

const YEAR = 365 * 86_400_000

export const playgroundQuery = z.object({
  flowId: z.string().trim().min(1, 'Choose a flow.').max(64),
  profile: z.string().trim().min(1, 'Enter a profile id or email address.').max(320),
  at: z.iso
    .datetime({ offset: true, message: 'Enter a date and time.' })
    .optional()
    .refine(
      (v) => !v || Math.abs(Date.parse(v) - Date.now()) <= 5 * YEAR,
      'Choose a moment within five years of today.',
    ),
})

export async function playgroundOptions(companyId: number) {
  const flows = await db.flow.findMany({
    where: { companyId, archived: false },
    orderBy: { updatedAt: 'desc' },
    take: 200,
    select: { id: true, name: true },
  })
  return { flows }
}
export type PlaygroundOptionsResponse = Awaited<ReturnType<typeof playgroundOptions>>

export async function runPlayground(companyId: number, q: z.infer<typeof playgroundQuery>) {
  const profile = await db.profile.findFirst({
    where: { companyId, OR: [{ id: q.profile }, { email: q.profile.toLowerCase() }] },
    select: { id: true, email: true },
  })
  if (!profile) throw notFound('No profile of this account has that id or email address.')
  const at = q.at ? new Date(q.at) : new Date()
  const path = await previewProfilePath(companyId, q.flowId, profile.id, at)
  if (!path) throw notFound('The flow was not found.')
  return { at: at.toISOString(), profile, path }
}
export type PlaygroundRunResponse = Awaited<ReturnType<typeof runPlayground>>
