import { ajax } from '@/lib/http/ajax'
import {
  importLitigatorCsv,
  listLitigatorNumbers,
  litigatorListQuery,
  litigatorUploadBody,
} from '@/lib/staff/litigator-numbers'

// GET /ajax/litigator-upload – the account's own list of numbers never to be texted
export const GET = ajax({
  resources: ['groups_read'],
  query: litigatorListQuery,
  handler: ({ ctx, query }) => listLitigatorNumbers(ctx.principal.companyId, query.page),
})

// POST /ajax/litigator-upload – add the numbers of a CSV to the account's list
export const POST = ajax({
  resources: ['groups_read', 'groups_write'],
  body: litigatorUploadBody,
  handler: ({ ctx, body }) =>
    importLitigatorCsv(ctx.principal.companyId, body.csv, ctx.principal.userId, ctx.principal.company.localeRegion),
})
