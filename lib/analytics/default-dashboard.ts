// The dashboard every account starts with (created on its first visit to /dashboard/analytics),
// and the curated dashboards (/analytics/curated-reports, its SMS dashboard): fixed lists of
// the same card specs a custom dashboard holds. Metrics are named, not ids, so the lists are
// the same for every account.
import type { CardSpecInput } from './dashboard-card-spec'

export const DEFAULT_DASHBOARD_NAME = 'Overview'
const ORDERS = 'Placed Order'

export const DEFAULT_DASHBOARD_CARDS: CardSpecInput[] = [
  { kind: 'metric', title: 'Revenue', config: { metricName: ORDERS, measurement: 'sum_value' }, width: 1 },
  { kind: 'metric', title: 'Orders', config: { metricName: ORDERS, measurement: 'count' }, width: 1 },
  { kind: 'attributed_revenue', title: 'Attributed revenue', config: {}, width: 2 },
  { kind: 'chart', title: 'Revenue per day', config: { metricName: ORDERS, measurement: 'sum_value' }, width: 4 },
  { kind: 'campaign_figures', title: 'Email campaigns', config: { channel: 'email' }, width: 2 },
  { kind: 'flow_figures', title: 'Email flows', config: { channel: 'email' }, width: 2 },
  { kind: 'list_growth', title: 'List growth', config: {}, width: 2 },
  {
    kind: 'table',
    title: 'Top products',
    config: { metricName: 'Ordered Product', measurement: 'count', property: 'ProductName' },
    width: 2,
  },
]

export const CURATED_DASHBOARDS: Record<'email' | 'sms', CardSpecInput[]> = {
  email: [
    { kind: 'campaign_figures', title: 'Campaigns', config: { channel: 'email' }, width: 2 },
    { kind: 'flow_figures', title: 'Flows', config: { channel: 'email' }, width: 2 },
    {
      kind: 'chart',
      title: 'Emails received per day',
      config: { metricName: 'Received Email', measurement: 'count' },
      width: 4,
    },
    {
      kind: 'chart',
      title: 'Opens per day (unique)',
      config: { metricName: 'Opened Email', measurement: 'unique' },
      width: 2,
    },
    {
      kind: 'chart',
      title: 'Clicks per day (unique)',
      config: { metricName: 'Clicked Email', measurement: 'unique' },
      width: 2,
    },
    { kind: 'attributed_revenue', title: 'Attributed revenue', config: {}, width: 4 },
  ],
  sms: [
    { kind: 'campaign_figures', title: 'SMS campaigns', config: { channel: 'sms' }, width: 2 },
    { kind: 'flow_figures', title: 'SMS flows', config: { channel: 'sms' }, width: 2 },
    { kind: 'metric', title: 'Sends', config: { metricName: 'Sent SMS', measurement: 'count' }, width: 1 },
    { kind: 'metric', title: 'Deliveries', config: { metricName: 'Received SMS', measurement: 'count' }, width: 1 },
    { kind: 'metric', title: 'Clicks', config: { metricName: 'Clicked SMS', measurement: 'unique' }, width: 1 },
    {
      kind: 'metric',
      title: 'Unsubscribes',
      config: { metricName: 'Unsubscribed from SMS', measurement: 'count' },
      width: 1,
    },
    { kind: 'chart', title: 'SMS sent per day', config: { metricName: 'Sent SMS', measurement: 'count' }, width: 4 },
    { kind: 'attributed_revenue', title: 'Attributed revenue', config: {}, width: 4 },
  ],
}
