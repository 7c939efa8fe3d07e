// /api/catalog-variant-bulk-update-jobs: see lib/catalog/api/handlers.ts and bulk-jobs.ts
import { bulkJobRoutes } from '@/lib/catalog/api/handlers'

const routes = bulkJobRoutes('variant', 'update')
export const GET = routes.collection.GET
export const POST = routes.collection.POST
