import { ajax } from '@/lib/http/ajax'
import { auditQuery, flowAuditLog } from '@/lib/flows/ajax/flows-audit'

// GET /ajax/flow/audit/{id} – the flow's audit log, newest first (page, pageSize)
export const GET = ajax({
  resources: ['flows_changelog_read'],
  query: auditQuery,
  handler: ({ ctx, params, query }) => flowAuditLog(ctx.principal.companyId, params.id!, query),
})
