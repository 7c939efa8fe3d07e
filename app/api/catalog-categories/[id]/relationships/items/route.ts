// api/catalog-categories/[id]/relationships/items: see lib/catalog/api/handlers.ts
import { categoryItemsRelationship } from '@/lib/catalog/api/handlers'

export const GET = categoryItemsRelationship.GET
export const POST = categoryItemsRelationship.POST
export const PATCH = categoryItemsRelationship.PATCH
export const DELETE = categoryItemsRelationship.DELETE
