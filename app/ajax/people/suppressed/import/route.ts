import { ajax } from '@/lib/http/ajax'
import { importSuppressions, importSuppressionsBody } from '@/lib/groups/import-suppressions'

// POST /ajax/people/suppressed/import – a CSV with an Email column; every address is suppressed for email
export const POST = ajax({
  resources: ['profile_write'],
  body: importSuppressionsBody,
  handler: ({ ctx, body }) => importSuppressions(ctx.principal.companyId, body.csv),
})
