import { resourceTagsRoute } from '@/lib/tags/api/tag-relationship-route'

// GET /api/flows/{id}/relationships/tags – the tag ids of one flow
export const GET = resourceTagsRoute('flows', 'ids')
