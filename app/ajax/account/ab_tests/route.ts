import { ajax } from '@/lib/http/ajax'
import { getAbTests } from '@/lib/shell/get-ab-tests'

// GET /ajax/account/ab_tests – the current company's A/B map {experiment: {ab_test_value}}
export const GET = ajax({
  handler: ({ ctx }) => getAbTests(ctx.principal.companyId),
})
