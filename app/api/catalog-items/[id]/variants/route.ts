// api/catalog-items/[id]/variants: see lib/catalog/api/handlers.ts
import { itemVariants } from '@/lib/catalog/api/handlers'

export const GET = itemVariants.GET
