// api/catalog-categories/[id]: see lib/catalog/api/handlers.ts
import { categoryResource } from '@/lib/catalog/api/handlers'

export const GET = categoryResource.GET
export const PATCH = categoryResource.PATCH
export const DELETE = categoryResource.DELETE
