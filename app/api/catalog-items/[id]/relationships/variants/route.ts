// api/catalog-items/[id]/relationships/variants: see lib/catalog/api/handlers.ts
import { itemVariantsRelationship } from '@/lib/catalog/api/handlers'

export const GET = itemVariantsRelationship.GET
