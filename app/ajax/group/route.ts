import { ajax, z } from '@/lib/http/ajax'
import { camelQuery } from '@/lib/groups/paging'
import { listGroups, listGroupsQuery } from '@/lib/groups/list-groups'
import { createList, createListBody } from '@/lib/groups/create-list'
import { createSegment, createSegmentBody } from '@/lib/groups/create-segment'

// The type picks the schema; each create function validates the rest with precise field errors.
const createGroupBody = z.looseObject({
  type: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .default(0),
})

// GET /ajax/group – lists and segments: search, type and starred filters, sort, paging
export const GET = ajax({
  resources: ['groups_read'],
  query: camelQuery(listGroupsQuery),
  handler: ({ ctx, query }) => listGroups(ctx.principal.companyId, query),
})

// POST /ajax/group – creates a list (type 0) or a segment (type 1 with its definition)
export const POST = ajax({
  resources: ['groups_write'],
  body: createGroupBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const companyId = ctx.principal.companyId
    const group =
      body.type === 1
        ? await createSegment(companyId, createSegmentBody.parse(body))
        : await createList(companyId, createListBody.parse(body))
    return { group }
  },
})

export type ListGroupsResponse = Awaited<ReturnType<typeof listGroups>>
