import { resourceTagsRoute } from '@/lib/tags/api/tag-relationship-route'

// GET /api/lists/{id}/relationships/tags – the tag ids of one list
export const GET = resourceTagsRoute('lists', 'ids')
