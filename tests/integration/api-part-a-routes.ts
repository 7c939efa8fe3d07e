// The issue 28 part A route handlers (accounts, bulk events and an event's metric and profile,
// segment writes and member ids, list member ids) and the few they are fed through, behind a
// tiny router served on 127.0.0.1 for the official SDK.
import * as accounts from '@/app/api/accounts/route'
import * as account from '@/app/api/accounts/[id]/route'
import * as events from '@/app/api/events/route'
import * as event from '@/app/api/events/[id]/route'
import * as eventMetric from '@/app/api/events/[id]/metric/route'
import * as eventMetricRel from '@/app/api/events/[id]/relationships/metric/route'
import * as eventProfile from '@/app/api/events/[id]/profile/route'
import * as eventProfileRel from '@/app/api/events/[id]/relationships/profile/route'
import * as bulkEvents from '@/app/api/event-bulk-create-jobs/route'
import * as clientBulkEvents from '@/app/client/event-bulk-create/route'
import * as segments from '@/app/api/segments/route'
import * as segment from '@/app/api/segments/[id]/route'
import * as segmentProfiles from '@/app/api/segments/[id]/profiles/route'
import * as segmentProfilesRel from '@/app/api/segments/[id]/relationships/profiles/route'
import * as listProfilesRel from '@/app/api/lists/[id]/relationships/profiles/route'

import { routeTable, type RouteModule, type RouteServer } from '../helpers/route-table'

const TABLE: Array<[string, RouteModule]> = [
  ['/api/accounts', accounts],
  ['/api/accounts/:id', account],
  ['/api/events', events],
  ['/api/events/:id', event],
  ['/api/events/:id/metric', eventMetric],
  ['/api/events/:id/relationships/metric', eventMetricRel],
  ['/api/events/:id/profile', eventProfile],
  ['/api/events/:id/relationships/profile', eventProfileRel],
  ['/api/event-bulk-create-jobs', bulkEvents],
  ['/client/event-bulk-create', clientBulkEvents],
  ['/api/segments', segments],
  ['/api/segments/:id', segment],
  ['/api/segments/:id/profiles', segmentProfiles],
  ['/api/segments/:id/relationships/profiles', segmentProfilesRel],
  ['/api/lists/:id/relationships/profiles', listProfilesRel],
]

const table = routeTable(TABLE)
export const dispatchPartA = table.dispatch
export const callPartA = table.call
export const startPartAServer = table.start
export type { RouteServer }
