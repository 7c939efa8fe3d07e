import { resourceTagsRoute } from '@/lib/tags/api/tag-relationship-route'

// GET /api/lists/{id}/tags – the tags of one list
export const GET = resourceTagsRoute('lists', 'tags')
