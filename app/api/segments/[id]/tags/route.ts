import { resourceTagsRoute } from '@/lib/tags/api/tag-relationship-route'

// GET /api/segments/{id}/tags – the tags of one segment
export const GET = resourceTagsRoute('segments', 'tags')
