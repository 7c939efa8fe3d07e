import { deleteTagRelationship, getTagRelationship, postTagRelationship } from '@/lib/tags/api/tag-relationship-route'

// GET /api/tags/{id}/relationships/{flows|campaigns|lists|segments|tag-group} – linked ids
export const GET = getTagRelationship
// POST /api/tags/{id}/relationships/{flows|campaigns|lists|segments} – links the tag (204)
export const POST = postTagRelationship
// DELETE /api/tags/{id}/relationships/{flows|campaigns|lists|segments} – unlinks the tag (204)
export const DELETE = deleteTagRelationship
