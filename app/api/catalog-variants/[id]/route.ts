// api/catalog-variants/[id]: see lib/catalog/api/handlers.ts
import { variantResource } from '@/lib/catalog/api/handlers'

export const GET = variantResource.GET
export const PATCH = variantResource.PATCH
export const DELETE = variantResource.DELETE
