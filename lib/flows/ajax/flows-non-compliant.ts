// GET /ajax/flows/non-compliant-list – the flows that are on (live or manual, not archived) and
// have issues of type non_compliant, trigger or anomaly (see flows-issues.ts), with the issues.
import { db } from '@/lib/db/client'
import type { FlowDefinition } from '../definition'
import { FLOW_STATUS } from '../store'
import { statusText } from './flows-common'
import { flowIssues } from './flows-issues'

export async function nonCompliantFlows(companyId: number) {
  const flows = await db.flow.findMany({
    where: { companyId, archived: false, status: { in: [FLOW_STATUS.live, FLOW_STATUS.manual] } },
    orderBy: { name: 'asc' },
  })
  const out = []
  for (const f of flows) {
    const v = await db.flowVersion.findFirst({ where: { companyId, flowId: f.id, version: f.currentVersion } })
    if (!v) continue
    const issues = await flowIssues(companyId, f, JSON.parse(v.definition) as FlowDefinition)
    if (issues.length)
      out.push({
        flowId: f.id,
        name: f.name,
        status: statusText(f.status),
        issueTypes: [...new Set(issues.map((i) => i.type))],
        issues,
      })
  }
  return { flows: out, count: out.length }
}
