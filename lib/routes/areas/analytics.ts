// Seed 001 §2.3 (dashboard) and §2.4 (analytics), resources from §6 "Analytics and metrics".
import { defineArea, PAGE } from '../define-route'

const dashboard = defineArea('dashboard', { required: ['dashboard'] })
const analytics = defineArea('analytics', { partial: ['ca_reports_view', 'metrics_read'] })
const metrics = defineArea('metrics', { required: ['metrics_read'] })
const reports = defineArea('reports', {
  partial: { groups: [['ca_reports_view'], ['metrics_read', 'message_statistics_read']] },
})
const deliverability = defineArea('deliverability', { required: ['message_statistics_read'] })
const insights = defineArea('insights', { partial: ['ca_reports_view', 'metrics_read'] })
const reportBuilder = defineArea('report-builder', { flag: 'report_builder', required: ['ca_reports_view'] })
const experiments = defineArea('experiments', { required: ['experiments_read'] })
const goals = defineArea('goals', { required: ['goals_read'] })
const growth = defineArea('growth', { required: ['growth_strategies_read'] })
const bfcm = defineArea('bfcm-hub', { required: ['bfcm_hub_read'] })

export const ANALYTICS_ROUTES = [
  dashboard('/dashboard', { built: true }),
  dashboard('/dashboard/activity'),
  dashboard('/dashboard/analytics', { built: true }),
  dashboard('/dashboard/analytics/:dashboardId', { built: true }),
  dashboard('/dashboard/groups'),
  dashboard('/dashboard/performance', { built: true }),
  metrics('/activity-map'),

  analytics('/analytics', { built: true }),
  analytics('/analytics/:analyticsTabName', { built: true }),
  analytics('/analytics/benchmarks/:page?'),
  analytics('/analytics/curated-reports', { built: true }),
  analytics('/analytics/curated-reports/sms', { built: true }),
  analytics('/analytics/dashboards', { built: true }),
  analytics('/analytics/dashboards/:id', { built: true }),
  metrics('/analytics/custom-metrics', { required: ['custom_metrics_read'] }),
  metrics('/analytics/custom-metrics/create', { required: ['custom_metrics_read'] }),
  metrics('/analytics/custom-metrics/edit/:metricId', { required: ['custom_metrics_read'] }),
  deliverability('/analytics/deliverability'),
  deliverability('/analytics/deliverability/email'),
  deliverability('/analytics/deliverability/email/bounce-details'),
  deliverability('/analytics/deliverability/email/performance-review'),
  deliverability('/analytics/deliverability/email/reports'),
  deliverability('/analytics/deliverability/email/score'),
  deliverability('/analytics/deliverability/sms'),
  metrics('/analytics/metrics', { built: true }),
  metrics('/analytics/metrics/feed'),
  metrics('/analytics/metrics/mapping', { required: ['metric_mapping_read'] }),
  metrics('/analytics/monitors'),
  metrics('/analytics/monitors/alerts'),
  metrics('/analytics/monitors/create'),
  metrics('/analytics/monitors/:monitorId'),
  metrics('/analytics/monitors/:monitorId/edit'),
  reports('/analytics/report/:id', { built: true }),
  reports('/analytics/report/:reportId/history', { built: true }),
  reports('/analytics/reports', { built: true }),
  reports('/analytics/reports/create', { built: true }),
  reports('/analytics/reports/library', { built: true }),

  metrics('/metric/:metricId/:metricSlug', { built: true }),
  metrics('/metric/:metricId/:metricSlug/cohort', { built: true }),
  metrics('/metric/:metricId/:metricSlug/feed'),
  metrics('/metric/:metricId/:metricSlug/list'),

  insights('/customer-insights/:tabName', { built: true }),
  insights('/customer-insights/cohort/:reportId', { built: true }),
  insights('/catalog-insights/:tabName', { built: true }),
  insights('/predictive-models/:tabName', { built: true }),

  reportBuilder('/report-builder', { built: true }),
  reportBuilder('/report-builder/create', { ...PAGE, built: true }),
  reportBuilder('/report-builder/:reportId/edit', { ...PAGE, built: true }),
  reportBuilder('/report-builder/:reportId/results', { built: true }),

  experiments('/experiments'),
  experiments('/experiments/global'),
  experiments('/experiments/global/:experimentId'),
  goals('/goals'),
  goals('/goals/:goalId'),
  growth('/growth-strategies'),
  bfcm('/bfcm-hub'),
]
