import { ajax } from '@/lib/http/ajax'
import { removeLitigatorNumber } from '@/lib/staff/litigator-numbers'

// DELETE /ajax/litigator-upload/[id] – take a number off the account's own list
export const DELETE = ajax({
  resources: ['groups_read', 'groups_write'],
  intParams: ['id'],
  handler: ({ ctx, params }) => removeLitigatorNumber(ctx.principal.companyId, Number(params.id)),
})
