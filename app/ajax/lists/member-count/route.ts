import { ajax, z } from '@/lib/http/ajax'
import { db } from '@/lib/db/client'

const memberCountQuery = z.object({
  ids: z
    .string()
    .min(1)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(64)).min(1).max(200)),
})

// GET /ajax/lists/member-count?ids=a,b – member counts of several lists and segments
export const GET = ajax({
  resources: ['groups_read'],
  query: memberCountQuery,
  handler: async ({ ctx, query }) => {
    const rows = await db.group.findMany({
      where: { companyId: ctx.principal.companyId, id: { in: query.ids }, deletedAt: null },
      select: { id: true, memberCount: true, isProcessing: true },
    })
    return { data: rows }
  },
})
