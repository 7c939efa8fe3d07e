import { ajax, z } from '@/lib/http/ajax'
import { db } from '@/lib/db/client'

const simpleListsQuery = z.object({ type: z.enum(['0', '1']).transform(Number).optional() })

// GET /ajax/lists/simple?type=0|1 – every list (0, static) or segment (1, dynamic) by name, for pickers
export const GET = ajax({
  resources: ['groups_read'],
  query: simpleListsQuery,
  handler: ({ ctx, query }) =>
    db.group.findMany({
      where: {
        companyId: ctx.principal.companyId,
        deletedAt: null,
        ...(query.type !== undefined ? { type: query.type } : {}),
      },
      select: { id: true, name: true, type: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
})
