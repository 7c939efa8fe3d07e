import { flowTriggersRoute } from '@/lib/flows/api-handlers'

// GET /api/metrics/{id}/flow-triggers – the flows this metric triggers
export const GET = flowTriggersRoute('metric', false)
