// The issue 28 part B route handlers (profile relations and merge, bulk import job parts, metric
// properties, custom and mapped metrics, flow message templates, data privacy deletion, /client
// geofences and IP allow lists) and the few they are fed through, behind a tiny router served
// on 127.0.0.1 for the official SDK.
import * as events from '@/app/api/events/route'
import * as profiles from '@/app/api/profiles/route'
import * as profile from '@/app/api/profiles/[id]/route'
import * as profileLists from '@/app/api/profiles/[id]/lists/route'
import * as profileListsRel from '@/app/api/profiles/[id]/relationships/lists/route'
import * as profileSegments from '@/app/api/profiles/[id]/segments/route'
import * as profileSegmentsRel from '@/app/api/profiles/[id]/relationships/segments/route'
import * as profileTokens from '@/app/api/profiles/[id]/push-tokens/route'
import * as profileTokensRel from '@/app/api/profiles/[id]/relationships/push-tokens/route'
import * as pushTokens from '@/app/api/push-tokens/route'
import * as tokenProfile from '@/app/api/push-tokens/[id]/profile/route'
import * as tokenProfileRel from '@/app/api/push-tokens/[id]/relationships/profile/route'
import * as merge from '@/app/api/profile-merge/route'
import * as bulkImport from '@/app/api/profile-bulk-import-jobs/route'
import * as bulkImportJob from '@/app/api/profile-bulk-import-jobs/[id]/route'
import * as jobLists from '@/app/api/profile-bulk-import-jobs/[id]/lists/route'
import * as jobListsRel from '@/app/api/profile-bulk-import-jobs/[id]/relationships/lists/route'
import * as jobProfiles from '@/app/api/profile-bulk-import-jobs/[id]/profiles/route'
import * as jobProfilesRel from '@/app/api/profile-bulk-import-jobs/[id]/relationships/profiles/route'
import * as jobErrors from '@/app/api/profile-bulk-import-jobs/[id]/import-errors/route'
import * as metricProperty from '@/app/api/metric-properties/[id]/route'
import * as propertyMetric from '@/app/api/metric-properties/[id]/metric/route'
import * as propertyMetricRel from '@/app/api/metric-properties/[id]/relationships/metric/route'
import * as metricProperties from '@/app/api/metrics/[id]/metric-properties/route'
import * as metricPropertiesRel from '@/app/api/metrics/[id]/relationships/metric-properties/route'
import * as customMetrics from '@/app/api/custom-metrics/route'
import * as customMetric from '@/app/api/custom-metrics/[id]/route'
import * as customMetricMetrics from '@/app/api/custom-metrics/[id]/metrics/route'
import * as customMetricMetricsRel from '@/app/api/custom-metrics/[id]/relationships/metrics/route'
import * as mappedMetrics from '@/app/api/mapped-metrics/route'
import * as mappedMetric from '@/app/api/mapped-metrics/[id]/route'
import * as mappedMetricMetric from '@/app/api/mapped-metrics/[id]/metric/route'
import * as mappedMetricMetricRel from '@/app/api/mapped-metrics/[id]/relationships/metric/route'
import * as mappedMetricCustom from '@/app/api/mapped-metrics/[id]/custom-metric/route'
import * as mappedMetricCustomRel from '@/app/api/mapped-metrics/[id]/relationships/custom-metric/route'
import * as messageTemplate from '@/app/api/flow-messages/[id]/template/route'
import * as messageTemplateRel from '@/app/api/flow-messages/[id]/relationships/template/route'
import * as deletionJobs from '@/app/api/data-privacy-deletion-jobs/route'
import * as geofences from '@/app/client/geofences/route'
import * as ipAllowlist from '@/app/client/ip-allowlists/[id]/route'

import { routeTable, type RouteModule, type RouteServer } from '../helpers/route-table'

const TABLE: Array<[string, RouteModule]> = [
  ['/api/events', events],
  ['/api/profiles', profiles],
  ['/api/profiles/:id', profile],
  ['/api/profiles/:id/lists', profileLists],
  ['/api/profiles/:id/relationships/lists', profileListsRel],
  ['/api/profiles/:id/segments', profileSegments],
  ['/api/profiles/:id/relationships/segments', profileSegmentsRel],
  ['/api/profiles/:id/push-tokens', profileTokens],
  ['/api/profiles/:id/relationships/push-tokens', profileTokensRel],
  ['/api/push-tokens', pushTokens],
  ['/api/push-tokens/:id/profile', tokenProfile],
  ['/api/push-tokens/:id/relationships/profile', tokenProfileRel],
  ['/api/profile-merge', merge],
  ['/api/profile-bulk-import-jobs', bulkImport],
  ['/api/profile-bulk-import-jobs/:id', bulkImportJob],
  ['/api/profile-bulk-import-jobs/:id/lists', jobLists],
  ['/api/profile-bulk-import-jobs/:id/relationships/lists', jobListsRel],
  ['/api/profile-bulk-import-jobs/:id/profiles', jobProfiles],
  ['/api/profile-bulk-import-jobs/:id/relationships/profiles', jobProfilesRel],
  ['/api/profile-bulk-import-jobs/:id/import-errors', jobErrors],
  ['/api/metric-properties/:id', metricProperty],
  ['/api/metric-properties/:id/metric', propertyMetric],
  ['/api/metric-properties/:id/relationships/metric', propertyMetricRel],
  ['/api/metrics/:id/metric-properties', metricProperties],
  ['/api/metrics/:id/relationships/metric-properties', metricPropertiesRel],
  ['/api/custom-metrics', customMetrics],
  ['/api/custom-metrics/:id', customMetric],
  ['/api/custom-metrics/:id/metrics', customMetricMetrics],
  ['/api/custom-metrics/:id/relationships/metrics', customMetricMetricsRel],
  ['/api/mapped-metrics', mappedMetrics],
  ['/api/mapped-metrics/:id', mappedMetric],
  ['/api/mapped-metrics/:id/metric', mappedMetricMetric],
  ['/api/mapped-metrics/:id/relationships/metric', mappedMetricMetricRel],
  ['/api/mapped-metrics/:id/custom-metric', mappedMetricCustom],
  ['/api/mapped-metrics/:id/relationships/custom-metric', mappedMetricCustomRel],
  ['/api/flow-messages/:id/template', messageTemplate],
  ['/api/flow-messages/:id/relationships/template', messageTemplateRel],
  ['/api/data-privacy-deletion-jobs', deletionJobs],
  ['/client/geofences', geofences],
  ['/client/ip-allowlists/:id', ipAllowlist],
]

const table = routeTable(TABLE)
export const dispatchPartB = table.dispatch
export const callPartB = table.call
export const startPartBServer = table.start
export type { RouteServer }
