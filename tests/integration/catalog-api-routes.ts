// The catalog /api route handlers behind a tiny router (in-process, or real HTTP on 127.0.0.1
// for the official SDK), for the catalog-api*.test.ts files. Path ids are percent-decoded once,
// as Next does.
import { resetRateLimits } from '@/lib/api/rate-limit'
import * as items from '@/app/api/catalog-items/route'
import * as item from '@/app/api/catalog-items/[id]/route'
import * as itemVariants from '@/app/api/catalog-items/[id]/variants/route'
import * as itemVariantsRel from '@/app/api/catalog-items/[id]/relationships/variants/route'
import * as itemCategories from '@/app/api/catalog-items/[id]/categories/route'
import * as itemCategoriesRel from '@/app/api/catalog-items/[id]/relationships/categories/route'
import * as variants from '@/app/api/catalog-variants/route'
import * as variant from '@/app/api/catalog-variants/[id]/route'
import * as categories from '@/app/api/catalog-categories/route'
import * as category from '@/app/api/catalog-categories/[id]/route'
import * as categoryItems from '@/app/api/catalog-categories/[id]/items/route'
import * as categoryItemsRel from '@/app/api/catalog-categories/[id]/relationships/items/route'
import * as itemCreateJobs from '@/app/api/catalog-item-bulk-create-jobs/route'
import * as itemCreateJob from '@/app/api/catalog-item-bulk-create-jobs/[job_id]/route'
import * as itemUpdateJobs from '@/app/api/catalog-item-bulk-update-jobs/route'
import * as itemUpdateJob from '@/app/api/catalog-item-bulk-update-jobs/[job_id]/route'
import * as itemDeleteJobs from '@/app/api/catalog-item-bulk-delete-jobs/route'
import * as itemDeleteJob from '@/app/api/catalog-item-bulk-delete-jobs/[job_id]/route'
import * as variantCreateJobs from '@/app/api/catalog-variant-bulk-create-jobs/route'
import * as variantCreateJob from '@/app/api/catalog-variant-bulk-create-jobs/[job_id]/route'
import * as variantUpdateJobs from '@/app/api/catalog-variant-bulk-update-jobs/route'
import * as variantUpdateJob from '@/app/api/catalog-variant-bulk-update-jobs/[job_id]/route'
import * as variantDeleteJobs from '@/app/api/catalog-variant-bulk-delete-jobs/route'
import * as variantDeleteJob from '@/app/api/catalog-variant-bulk-delete-jobs/[job_id]/route'
import * as categoryCreateJobs from '@/app/api/catalog-category-bulk-create-jobs/route'
import * as categoryCreateJob from '@/app/api/catalog-category-bulk-create-jobs/[job_id]/route'
import * as categoryUpdateJobs from '@/app/api/catalog-category-bulk-update-jobs/route'
import * as categoryUpdateJob from '@/app/api/catalog-category-bulk-update-jobs/[job_id]/route'
import * as categoryDeleteJobs from '@/app/api/catalog-category-bulk-delete-jobs/route'
import * as categoryDeleteJob from '@/app/api/catalog-category-bulk-delete-jobs/[job_id]/route'
import { routeTable, type RouteModule, type RouteServer } from '../helpers/route-table'

const TABLE: Array<[string, RouteModule]> = [
  ['/api/catalog-items', items],
  ['/api/catalog-items/:id', item],
  ['/api/catalog-items/:id/variants', itemVariants],
  ['/api/catalog-items/:id/relationships/variants', itemVariantsRel],
  ['/api/catalog-items/:id/categories', itemCategories],
  ['/api/catalog-items/:id/relationships/categories', itemCategoriesRel],
  ['/api/catalog-variants', variants],
  ['/api/catalog-variants/:id', variant],
  ['/api/catalog-categories', categories],
  ['/api/catalog-categories/:id', category],
  ['/api/catalog-categories/:id/items', categoryItems],
  ['/api/catalog-categories/:id/relationships/items', categoryItemsRel],
  ['/api/catalog-item-bulk-create-jobs', itemCreateJobs],
  ['/api/catalog-item-bulk-create-jobs/:job_id', itemCreateJob],
  ['/api/catalog-item-bulk-update-jobs', itemUpdateJobs],
  ['/api/catalog-item-bulk-update-jobs/:job_id', itemUpdateJob],
  ['/api/catalog-item-bulk-delete-jobs', itemDeleteJobs],
  ['/api/catalog-item-bulk-delete-jobs/:job_id', itemDeleteJob],
  ['/api/catalog-variant-bulk-create-jobs', variantCreateJobs],
  ['/api/catalog-variant-bulk-create-jobs/:job_id', variantCreateJob],
  ['/api/catalog-variant-bulk-update-jobs', variantUpdateJobs],
  ['/api/catalog-variant-bulk-update-jobs/:job_id', variantUpdateJob],
  ['/api/catalog-variant-bulk-delete-jobs', variantDeleteJobs],
  ['/api/catalog-variant-bulk-delete-jobs/:job_id', variantDeleteJob],
  ['/api/catalog-category-bulk-create-jobs', categoryCreateJobs],
  ['/api/catalog-category-bulk-create-jobs/:job_id', categoryCreateJob],
  ['/api/catalog-category-bulk-update-jobs', categoryUpdateJobs],
  ['/api/catalog-category-bulk-update-jobs/:job_id', categoryUpdateJob],
  ['/api/catalog-category-bulk-delete-jobs', categoryDeleteJobs],
  ['/api/catalog-category-bulk-delete-jobs/:job_id', categoryDeleteJob],
]

const table = routeTable(TABLE)

export async function catalogApi(method: string, path: string, key: string, body?: unknown) {
  resetRateLimits()
  return table.call(method, path, key, body)
}

export const startCatalogServer = () => table.start({ onRequest: resetRateLimits })
export type { RouteServer }
