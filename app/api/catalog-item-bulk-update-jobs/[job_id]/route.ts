// /api/catalog-item-bulk-update-jobs/{job_id}: see lib/catalog/api/handlers.ts and bulk-jobs.ts
import { bulkJobRoutes } from '@/lib/catalog/api/handlers'

export const GET = bulkJobRoutes('item', 'update').one.GET
