import { ajax, z } from '@/lib/http/ajax'
import { previewSegmentCount } from '@/lib/segments/preview-count'

const previewSegmentBody = z.object({ definition: z.unknown() })

// POST /ajax/segment/preview – how many profiles a definition matches now (the builder's live count)
export const POST = ajax({
  resources: ['groups_read'],
  body: previewSegmentBody,
  handler: async ({ ctx, body }) => ({ count: await previewSegmentCount(ctx.principal.companyId, body.definition) }),
})
