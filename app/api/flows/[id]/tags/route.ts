import { resourceTagsRoute } from '@/lib/tags/api/tag-relationship-route'

// GET /api/flows/{id}/tags – the tags of one flow
export const GET = resourceTagsRoute('flows', 'tags')
