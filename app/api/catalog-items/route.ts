// api/catalog-items: see lib/catalog/api/handlers.ts
import { itemsCollection } from '@/lib/catalog/api/handlers'

export const GET = itemsCollection.GET
export const POST = itemsCollection.POST
