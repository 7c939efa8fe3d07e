import { ajax } from '@/lib/http/ajax'
import { runAccountQuery, sqlExplorerBody } from '@/lib/staff/sql-explorer/run-account-query'

// POST /ajax/staff/account/[companyId]/sql – staff: a read-only SELECT over the account's rows
export const POST = ajax({
  staff: ['staff_sql_explorer'],
  intParams: ['companyId'],
  body: sqlExplorerBody,
  handler: ({ ctx, params, body }) =>
    runAccountQuery({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId), body.sql),
})
