import { ajax } from '@/lib/http/ajax'
import { recordStaffAction } from '@/lib/staff/record-staff-action'
import { GLOBAL_LIST, removeLitigatorNumber } from '@/lib/staff/litigator-numbers'

// DELETE /ajax/staff/litigators/[id] – staff: take a number off the list
export const DELETE = ajax({
  staff: ['staff_compliance'],
  intParams: ['id'],
  handler: async ({ ctx, params }) => {
    const result = await removeLitigatorNumber(GLOBAL_LIST, Number(params.id))
    await recordStaffAction({
      staffUserId: ctx.principal.userId,
      action: 'litigators.remove',
      details: { id: Number(params.id), removed: result.removed },
      ip: ctx.ip,
    })
    return result
  },
})
