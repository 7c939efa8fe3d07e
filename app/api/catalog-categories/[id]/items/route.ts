// api/catalog-categories/[id]/items: see lib/catalog/api/handlers.ts
import { categoryItems } from '@/lib/catalog/api/handlers'

export const GET = categoryItems.GET
