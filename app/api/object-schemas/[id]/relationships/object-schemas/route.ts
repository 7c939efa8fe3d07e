import { apiRoute } from '@/lib/api/api-route'
import { invalidPointer } from '@/lib/api/api-error'
import { typeOr404 } from '@/lib/custom-objects/api/extra-parts'
import { objectSchemaRelBody } from '@/lib/custom-objects/api/bodies'

// /api/object-schemas/{id}/relationships/object-schemas – relationships between custom objects.
// Records here link to profiles only: the list is empty and a write is refused with a 400.
const refuse = () =>
  invalidPointer('/data', 'Relationships between custom object schemas are not supported; link records to profiles.')

export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    await typeOr404(ctx.companyId, params.id!, 'An object schema')
    return { data: [], links: { self: ctx.url.toString() } }
  },
})

const write = apiRoute({
  scopes: ['custom-objects:write'],
  rate: 'S',
  body: objectSchemaRelBody,
  status: 204,
  handler: async ({ ctx, params, body }) => {
    await typeOr404(ctx.companyId, params.id!, 'An object schema')
    if (body.data.length > 0) throw refuse()
  },
})
export const POST = write
export const PATCH = write
export const DELETE = write
