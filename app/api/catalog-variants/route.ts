// api/catalog-variants: see lib/catalog/api/handlers.ts
import { variantsCollection } from '@/lib/catalog/api/handlers'

export const GET = variantsCollection.GET
export const POST = variantsCollection.POST
