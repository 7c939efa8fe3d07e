import { ajax, readBody } from '@/lib/http/ajax'
import { listListImports, startListImport } from '@/lib/groups/list-imports'

// GET /ajax/list/[id]/imports – the list's CSV imports, newest first
export const GET = ajax({
  resources: ['groups_read'],
  handler: async ({ ctx, params }) => ({ data: await listListImports(ctx.principal.companyId, params.id!) }),
})

// POST /ajax/list/[id]/imports – starts a CSV import {csv, mapping: {column: field}} into the list
export const POST = ajax({
  resources: ['groups_write', 'profile_write'],
  status: 202,
  // No `body` schema: the mapping's keys are CSV column names and must not be camelCased.
  handler: async ({ ctx, params }) => {
    const input = await readBody(ctx.req)
    return { import: await startListImport(ctx.principal.companyId, params.id!, input, ctx.principal.userId) }
  },
})
