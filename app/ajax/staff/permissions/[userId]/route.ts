import { ajax } from '@/lib/http/ajax'
import { setStaffResources, setStaffResourcesBody } from '@/lib/staff/staff-permissions'

// PUT /ajax/staff/permissions/[userId] – staff: set another staff member's staff resources
export const PUT = ajax({
  staff: ['staff_permissions'],
  intParams: ['userId'],
  body: setStaffResourcesBody,
  handler: ({ ctx, params, body }) =>
    setStaffResources({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.userId), body.resources),
})
