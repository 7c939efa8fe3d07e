import { ajax } from '@/lib/http/ajax'
import { db } from '@/lib/db/client'
import { LIST } from '@/lib/groups/group-view'

// GET /ajax/goals/lists – the account's lists a list-size goal can aim at (id and name)
export const GET = ajax({
  resources: ['goals_read'],
  handler: async ({ ctx }) => ({
    lists: await db.group.findMany({
      where: { companyId: ctx.principal.companyId, type: LIST },
      select: { id: true, name: true },
      orderBy: { name: 'asc' },
      take: 500,
    }),
  }),
})
