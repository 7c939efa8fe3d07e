import { flowTriggersRoute } from '@/lib/flows/api-handlers'

// GET /api/lists/{id}/relationships/flow-triggers – the ids of the flows this list triggers
export const GET = flowTriggersRoute('list', true)
