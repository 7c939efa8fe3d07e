import { ajax } from '@/lib/http/ajax'
import { listProfileProperties } from '@/lib/metrics/list-profile-properties'

// GET /ajax/people/properties – profile property names in use (built-in and custom) with their types
export const GET = ajax({
  resources: ['profile_read'],
  handler: ({ ctx }) => listProfileProperties(ctx.principal.companyId),
})
