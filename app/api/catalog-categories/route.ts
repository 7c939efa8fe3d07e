// api/catalog-categories: see lib/catalog/api/handlers.ts
import { categoriesCollection } from '@/lib/catalog/api/handlers'

export const GET = categoriesCollection.GET
export const POST = categoriesCollection.POST
