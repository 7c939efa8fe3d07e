import { ajax } from '@/lib/http/ajax'
import { recordStaffAction } from '@/lib/staff/record-staff-action'
import {
  GLOBAL_LIST,
  importLitigatorCsv,
  listLitigatorNumbers,
  litigatorListQuery,
  litigatorUploadBody,
} from '@/lib/staff/litigator-numbers'

// GET /ajax/staff/litigators – staff: the litigator numbers never texted from any account
export const GET = ajax({
  staff: ['staff_compliance'],
  query: litigatorListQuery,
  handler: ({ query }) => listLitigatorNumbers(GLOBAL_LIST, query.page),
})

// POST /ajax/staff/litigators – staff: add the numbers of a CSV to that list
export const POST = ajax({
  staff: ['staff_compliance'],
  body: litigatorUploadBody,
  handler: async ({ ctx, body }) => {
    const result = await importLitigatorCsv(GLOBAL_LIST, body.csv, ctx.principal.userId)
    await recordStaffAction({
      staffUserId: ctx.principal.userId,
      action: 'litigators.upload',
      details: { added: result.added, alreadyListed: result.alreadyListed, invalid: result.invalid.length },
      ip: ctx.ip,
    })
    return result
  },
})
