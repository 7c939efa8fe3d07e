import { ajax } from '@/lib/http/ajax'
import { cloneGroup, cloneGroupBody } from '@/lib/groups/clone-group'

// POST /ajax/list/[id]/clone – a new list with this list's settings (members only when asked), or a new segment with this segment's conditions
export const POST = ajax({
  resources: ['groups_write'],
  body: cloneGroupBody,
  status: 201,
  handler: ({ ctx, params, body }) => cloneGroup(ctx.principal.companyId, params.id!, body),
})
