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
  dashboard('/dashboard/activity', { built: true }),
  dashboard('/dashboard/analytics', { built: true }),
  dashboard('/dashboard/analytics/:dashboardId', { built: true }),
  dashboard('/dashboard/groups', { built: true }),
  dashboard('/dashboard/performance', { built: true }),
  metrics('/activity-map', { built: true }),

  analytics('/analytics', { built: true }),
  analytics('/analytics/:analyticsTabName', { built: true }),
  analytics('/analytics/benchmarks/:page?', { built: true }),
  analytics('/analytics/curated-reports', { built: true }),
  analytics('/analytics/curated-reports/sms', { built: true }),
  analytics('/analytics/dashboards', { built: true }),
  analytics('/analytics/dashboards/:id', { built: true }),
  metrics('/analytics/custom-metrics', { required: ['custom_metrics_read'], built: true }),
  metrics('/analytics/custom-metrics/create', { required: ['custom_metrics_read'], built: true }),
  metrics('/analytics/custom-metrics/edit/:metricId', { required: ['custom_metrics_read'], built: true }),
  deliverability('/analytics/deliverability', { built: true }),
  deliverability('/analytics/deliverability/email', { built: true }),
  deliverability('/analytics/deliverability/email/bounce-details', { built: true }),
  deliverability('/analytics/deliverability/email/performance-review', { built: true }),
  deliverability('/analytics/deliverability/email/reports', { built: true }),
  deliverability('/analytics/deliverability/email/score', { built: true }),
  deliverability('/analytics/deliverability/sms', { built: true }),
  metrics('/analytics/metrics', { built: true }),
  metrics('/analytics/metrics/feed', { built: true }),
  metrics('/analytics/metrics/mapping', { required: ['metric_mapping_read'], built: true }),
  metrics('/analytics/monitors', { built: true }),
  metrics('/analytics/monitors/alerts', { built: true }),
  metrics('/analytics/monitors/create', { built: true }),
  metrics('/analytics/monitors/:monitorId', { built: true }),
  metrics('/analytics/monitors/:monitorId/edit', { built: true }),
  reports('/analytics/report/:id', { built: true }),
  reports('/analytics/report/:reportId/history', { built: true }),
  reports('/analytics/reports', { built: true }),
  reports('/analytics/reports/create', { built: true }),
  reports('/analytics/reports/library', { built: true }),

  metrics('/metric/:metricId/:metricSlug', { built: true }),
  metrics('/metric/:metricId/:metricSlug/cohort', { built: true }),
  metrics('/metric/:metricId/:metricSlug/feed', { built: true }),
  metrics('/metric/:metricId/:metricSlug/list', { built: true }),

  insights('/customer-insights/:tabName', { built: true }),
  insights('/customer-insights/cohort/:reportId', { built: true }),
  insights('/catalog-insights/:tabName', { built: true }),
  insights('/predictive-models/:tabName', { built: true }),

  reportBuilder('/report-builder', { built: true }),
  reportBuilder('/report-builder/create', { ...PAGE, built: true }),
  reportBuilder('/report-builder/:reportId/edit', { ...PAGE, built: true }),
  reportBuilder('/report-builder/:reportId/results', { built: true }),

  experiments('/experiments', { built: true }),
  experiments('/experiments/global', { built: true }),
  experiments('/experiments/global/:experimentId', { built: true }),
  goals('/goals', { built: true }),
  goals('/goals/:goalId', { built: true }),
  growth('/growth-strategies', { built: true }),
  bfcm('/bfcm-hub', { built: true }),
]
