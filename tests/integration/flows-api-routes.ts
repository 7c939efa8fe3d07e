// The flow route handlers behind a tiny router (in-process, or a real HTTP server on 127.0.0.1
// for the official SDK), for the flows-api*.test.ts files.
import * as flows from '@/app/api/flows/route'
import * as flow from '@/app/api/flows/[id]/route'
import * as flowActions from '@/app/api/flows/[id]/flow-actions/route'
import * as flowActionsRel from '@/app/api/flows/[id]/relationships/flow-actions/route'
import * as action from '@/app/api/flow-actions/[id]/route'
import * as actionFlow from '@/app/api/flow-actions/[id]/flow/route'
import * as actionFlowRel from '@/app/api/flow-actions/[id]/relationships/flow/route'
import * as actionMessages from '@/app/api/flow-actions/[id]/flow-messages/route'
import * as actionMessagesRel from '@/app/api/flow-actions/[id]/relationships/flow-messages/route'
import * as message from '@/app/api/flow-messages/[id]/route'
import * as messageAction from '@/app/api/flow-messages/[id]/flow-action/route'
import * as messageActionRel from '@/app/api/flow-messages/[id]/relationships/flow-action/route'
import * as messageTemplateRel from '@/app/api/flow-messages/[id]/relationships/template/route'
import * as listTriggers from '@/app/api/lists/[id]/flow-triggers/route'
import * as listTriggersRel from '@/app/api/lists/[id]/relationships/flow-triggers/route'
import * as segmentTriggers from '@/app/api/segments/[id]/flow-triggers/route'
import * as segmentTriggersRel from '@/app/api/segments/[id]/relationships/flow-triggers/route'
import * as metricTriggers from '@/app/api/metrics/[id]/flow-triggers/route'
import * as metricTriggersRel from '@/app/api/metrics/[id]/relationships/flow-triggers/route'
import { routeTable, type RouteModule, type RouteServer } from '../helpers/route-table'

const TABLE: Array<[string, RouteModule]> = [
  ['/api/flows', flows],
  ['/api/flows/:id', flow],
  ['/api/flows/:id/flow-actions', flowActions],
  ['/api/flows/:id/relationships/flow-actions', flowActionsRel],
  ['/api/flow-actions/:id', action],
  ['/api/flow-actions/:id/flow', actionFlow],
  ['/api/flow-actions/:id/relationships/flow', actionFlowRel],
  ['/api/flow-actions/:id/flow-messages', actionMessages],
  ['/api/flow-actions/:id/relationships/flow-messages', actionMessagesRel],
  ['/api/flow-messages/:id', message],
  ['/api/flow-messages/:id/flow-action', messageAction],
  ['/api/flow-messages/:id/relationships/flow-action', messageActionRel],
  ['/api/flow-messages/:id/relationships/template', messageTemplateRel],
  ['/api/lists/:id/flow-triggers', listTriggers],
  ['/api/lists/:id/relationships/flow-triggers', listTriggersRel],
  ['/api/segments/:id/flow-triggers', segmentTriggers],
  ['/api/segments/:id/relationships/flow-triggers', segmentTriggersRel],
  ['/api/metrics/:id/flow-triggers', metricTriggers],
  ['/api/metrics/:id/relationships/flow-triggers', metricTriggersRel],
]

const table = routeTable(TABLE)

/** One call as an API client sends it; the answer's JSON read. */
export const flowApi = (method: string, path: string, key: string, body?: unknown, revision?: string) =>
  table.call(method, path, key, body, revision)
export const startFlowServer = () => table.start()
export type { RouteServer }
