// /api/catalog-variant-bulk-delete-jobs/{job_id}: see lib/catalog/api/handlers.ts and bulk-jobs.ts
import { bulkJobRoutes } from '@/lib/catalog/api/handlers'

export const GET = bulkJobRoutes('variant', 'delete').one.GET
