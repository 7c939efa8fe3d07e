// api/catalog-items/[id]/categories: see lib/catalog/api/handlers.ts
import { itemCategories } from '@/lib/catalog/api/handlers'

export const GET = itemCategories.GET
