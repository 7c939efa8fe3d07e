// Create, edit and delete goals; a list_size goal's list must be one of the account's lists.
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import type { GoalInput } from './goal-input'

async function columns(companyId: number, g: GoalInput) {
  if (g.kind === 'list_size') {
    const list = await db.group.findFirst({ where: { companyId, id: g.groupId }, select: { id: true } })
    if (!list) throw badRequest('Unknown list.', { groupId: ['Unknown list.'] })
  }
  return {
    name: g.name,
    kind: g.kind,
    target: g.target,
    groupId: g.kind === 'list_size' ? g.groupId! : null,
    startsAt: g.startsAt,
    endsAt: g.endsAt,
  }
}

export async function createGoal(companyId: number, g: GoalInput) {
  const row = await db.goal.create({ data: { id: ulid(), companyId, ...(await columns(companyId, g)) } })
  return { id: row.id }
}

export async function updateGoal(companyId: number, id: string, g: GoalInput) {
  const data = await columns(companyId, g)
  const { count } = await db.goal.updateMany({ where: { companyId, id }, data })
  if (!count) throw notFound('Goal not found.')
  return { id }
}

export async function deleteGoal(companyId: number, id: string) {
  const { count } = await db.goal.deleteMany({ where: { companyId, id } })
  if (!count) throw notFound('Goal not found.')
}
