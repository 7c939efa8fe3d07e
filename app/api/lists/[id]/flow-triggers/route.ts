import { flowTriggersRoute } from '@/lib/flows/api-handlers'

// GET /api/lists/{id}/flow-triggers – the flows this list triggers
export const GET = flowTriggersRoute('list', false)
