// Executor of the 'list-update' action: adds the profile to a list (data.on_execution true, or
// null as the vendor's default) or removes it (false), inside the step's transaction through
// the audience engine's membership writes (lib/segments/apply-membership.ts), so the change,
// its GroupMembershipChange row and the step commit together. Only static lists: a list that
// was deleted (or is a segment) fails the step with reason 'list_missing' / 'not_a_list', and
// the run goes on. Adding a member or removing a non-member changes nothing ('unchanged').
import { kysely } from '@/lib/db/kysely'
import { selectFirst } from '@/lib/db/ops'
import { activeAmongOps, enterGroupOps, leaveGroupOps } from '@/lib/segments/apply-membership'
import type { ActionExecutor } from '../types'
import { nextOf } from '../types'

/** Group.type of a static list (1 is a segment). */
const LIST_TYPE = 0

export const listUpdateExecutor: ActionExecutor = function* (ctx) {
  const next = nextOf(ctx.action)
  const data = (ctx.action.data ?? {}) as { list_id?: string | null; on_execution?: boolean | null }
  const listId = data.list_id
  const add = data.on_execution !== false
  if (!listId)
    return { kind: 'next', next, status: 'failed', outcome: 'list_missing', detail: { reason: 'No list is chosen.' } }
  const group = yield* selectFirst(
    kysely()
      .selectFrom('Group')
      .select(['id', 'type', 'deletedAt'])
      .where('companyId', '=', ctx.companyId)
      .where('id', '=', listId),
  )
  if (!group || group.deletedAt != null) {
    return {
      kind: 'next',
      next,
      status: 'failed',
      outcome: 'list_missing',
      detail: { reason: 'The list was deleted.', listId },
    }
  }
  if (Number(group.type) !== LIST_TYPE) {
    return {
      kind: 'next',
      next,
      status: 'failed',
      outcome: 'not_a_list',
      detail: { reason: 'A segment cannot be changed by a flow; choose a list.', listId },
    }
  }
  const profile = yield* selectFirst(
    kysely().selectFrom('Profile').select('id').where('companyId', '=', ctx.companyId).where('id', '=', ctx.profileId),
  )
  if (!profile)
    return {
      kind: 'next',
      next,
      status: 'failed',
      outcome: 'no_profile',
      detail: { reason: 'The profile no longer exists.' },
    }
  const member = (yield* activeAmongOps(listId, [ctx.profileId])).length > 0
  if (add && !member) yield* enterGroupOps(ctx.companyId, listId, [ctx.profileId], ctx.now, `flow:${ctx.flowId}`)
  else if (!add && member) yield* leaveGroupOps(ctx.companyId, listId, [ctx.profileId], ctx.now)
  else return { kind: 'next', next, outcome: 'unchanged', detail: { listId, action: add ? 'add' : 'remove' } }
  return { kind: 'next', next, outcome: add ? 'added' : 'removed', detail: { listId } }
}
