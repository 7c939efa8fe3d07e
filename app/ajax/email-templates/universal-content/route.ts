import { ajax, z } from '@/lib/http/ajax'
import { listUniversalContentForEditor } from '@/lib/templates/store/universal-content'

// GET /ajax/email-templates/universal-content?search= – the saved content blocks
export const GET = ajax({
  resources: ['templates_read'],
  query: z.object({ search: z.string().trim().max(255).optional() }),
  handler: async ({ ctx, query }) => ({ items: await listUniversalContentForEditor(ctx.principal.companyId, query.search) }),
})
