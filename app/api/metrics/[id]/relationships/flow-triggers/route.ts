import { flowTriggersRoute } from '@/lib/flows/api-handlers'

// GET /api/metrics/{id}/relationships/flow-triggers – the ids of the flows this metric triggers
export const GET = flowTriggersRoute('metric', true)
