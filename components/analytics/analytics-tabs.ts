// The analytics landing's tabs and where each lives; /analytics/{analyticsTabName} accepts the keys.
export const ANALYTICS_TABS = ['overview', 'dashboards', 'reports', 'library', 'curated', 'sms'] as const
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number]

export const TAB_HREF: Record<AnalyticsTab, string> = {
  overview: '/analytics',
  dashboards: '/analytics/dashboards',
  reports: '/analytics/reports',
  library: '/analytics/reports/library',
  curated: '/analytics/curated-reports',
  sms: '/analytics/curated-reports/sms',
}
