import { ajax } from '@/lib/http/ajax'
import { getHealth } from '@/lib/health/get-health'

// GET /ajax/developer-tools/backlog – the figures of GET /health for the developer dashboard's card
export const GET = ajax({
  resources: ['applications_read'],
  handler: () => getHealth(),
})
