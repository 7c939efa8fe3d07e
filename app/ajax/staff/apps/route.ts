import { ajax } from '@/lib/http/ajax'
import { appListQuery, listApps } from '@/lib/staff/app-reviews'

// GET /ajax/staff/apps – staff: the directory's apps, by review status
export const GET = ajax({
  staff: ['staff_app_management'],
  query: appListQuery,
  handler: ({ query }) => listApps(query.status),
})
