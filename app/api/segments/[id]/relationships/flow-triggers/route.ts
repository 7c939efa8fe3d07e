import { flowTriggersRoute } from '@/lib/flows/api-handlers'

// GET /api/segments/{id}/relationships/flow-triggers – the ids of the flows this segment triggers
export const GET = flowTriggersRoute('segment', true)
