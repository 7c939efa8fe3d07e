import { ajax } from '@/lib/http/ajax'
import { generateSampleData, SAMPLE_LIMITS, sampleDataBody } from '@/lib/developer-tools/generate-sample-data'

// GET /ajax/developer-tools/sample-data – the generator's limits
export const GET = ajax({
  resources: ['applications_read'],
  handler: () => ({ limits: SAMPLE_LIMITS }),
})

// POST /ajax/developer-tools/sample-data – writes sample events (marked $sample) into the account
export const POST = ajax({
  resources: ['applications_write'],
  body: sampleDataBody,
  status: 201,
  handler: ({ ctx, body }) => generateSampleData(ctx.principal.companyId, body),
})
