// api/catalog-items/[id]/relationships/categories: see lib/catalog/api/handlers.ts
import { itemCategoriesRelationship } from '@/lib/catalog/api/handlers'

export const GET = itemCategoriesRelationship.GET
export const POST = itemCategoriesRelationship.POST
export const PATCH = itemCategoriesRelationship.PATCH
export const DELETE = itemCategoriesRelationship.DELETE
