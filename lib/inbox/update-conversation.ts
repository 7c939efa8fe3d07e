// The team's changes to a conversation: assignment (to a member of the company, or nobody),
// status (open, closed, snoozed until a time in the future), tags, and marking it read.
import { sql } from 'kysely'
import { z } from 'zod'
import { exec, inWriteTx, read, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { AppError, notFound } from '@/lib/errors/app-error'

export const updateConversationBody = z
  .object({
    assigneeUserId: z.number().int().positive().nullable().optional(),
    status: z.enum(['open', 'closed', 'snoozed']).optional(),
    snoozedUntil: z.coerce.date().optional(),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
    read: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change.' })
  .refine((b) => b.status !== 'snoozed' || b.snoozedUntil, {
    message: 'A snoozed conversation needs the time it opens again.',
    path: ['snoozedUntil'],
  })
export type UpdateConversationBody = z.infer<typeof updateConversationBody>

async function isMember(companyId: number, userId: number): Promise<boolean> {
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom('Membership')
        .select('userId')
        .where('companyId', '=', companyId)
        .where('userId', '=', userId),
    ),
  )
  return !!row
}

export async function updateConversation(
  companyId: number,
  conversationId: number,
  b: UpdateConversationBody,
  now = new Date(),
): Promise<void> {
  if (b.assigneeUserId && !(await isMember(companyId, b.assigneeUserId)))
    throw new AppError('invalid', 400, 'Please correct the highlighted fields.', {
      assigneeUserId: ['This user is not a member of the account.'],
    })
  if (b.status === 'snoozed' && b.snoozedUntil!.getTime() <= now.getTime())
    throw new AppError('invalid', 400, 'Please correct the highlighted fields.', {
      snoozedUntil: ['Choose a time in the future.'],
    })
  const set: Record<string, unknown> = {}
  if (b.assigneeUserId !== undefined) set.assigneeUserId = b.assigneeUserId
  if (b.status) {
    set.status = b.status
    set.snoozedUntil = b.status === 'snoozed' ? b.snoozedUntil : null
  }
  if (b.tags) set.tags = JSON.stringify([...new Set(b.tags)])
  if (b.read) set.unreadCount = 0
  const n = await inWriteTx(() =>
    exec(
      kysely()
        .updateTable('Conversation')
        .where('companyId', '=', companyId)
        .where('id', '=', conversationId)
        .set({ ...set, version: sql`"version" + 1`, updatedAt: now }),
    ),
  )
  if (!n) throw notFound('This conversation does not exist.')
}
