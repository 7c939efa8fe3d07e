import { ajax } from '@/lib/http/ajax'
import { listStaffAudit, staffAuditQuery } from '@/lib/staff/list-staff-audit'

// GET /ajax/staff/audit – staff: the staff audit trail, newest first (filters: companyId, staffUserId)
export const GET = ajax({
  staff: ['staff_audit'],
  query: staffAuditQuery,
  handler: ({ query }) => listStaffAudit(query),
})
