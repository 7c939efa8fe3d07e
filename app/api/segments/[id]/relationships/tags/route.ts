import { resourceTagsRoute } from '@/lib/tags/api/tag-relationship-route'

// GET /api/segments/{id}/relationships/tags – the tag ids of one segment
export const GET = resourceTagsRoute('segments', 'ids')
