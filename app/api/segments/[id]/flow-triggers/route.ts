import { flowTriggersRoute } from '@/lib/flows/api-handlers'

// GET /api/segments/{id}/flow-triggers – the flows this segment triggers
export const GET = flowTriggersRoute('segment', false)
