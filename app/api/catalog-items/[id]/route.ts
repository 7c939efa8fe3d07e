// api/catalog-items/[id]: see lib/catalog/api/handlers.ts
import { itemResource } from '@/lib/catalog/api/handlers'

export const GET = itemResource.GET
export const PATCH = itemResource.PATCH
export const DELETE = itemResource.DELETE
