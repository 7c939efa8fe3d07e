import { ajax } from '@/lib/http/ajax'
import { listStaffMembers } from '@/lib/staff/staff-permissions'

// GET /ajax/staff/permissions – staff: staff members and their staff resources
export const GET = ajax({ staff: ['staff_permissions'], handler: () => listStaffMembers() })
