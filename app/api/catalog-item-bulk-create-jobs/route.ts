// /api/catalog-item-bulk-create-jobs: see lib/catalog/api/handlers.ts and bulk-jobs.ts
import { bulkJobRoutes } from '@/lib/catalog/api/handlers'

const routes = bulkJobRoutes('item', 'create')
export const GET = routes.collection.GET
export const POST = routes.collection.POST
