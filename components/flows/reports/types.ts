// The report calls' answers (lib/flows/reports/*, app/ajax/flow/message/[id]/reports/*).
export type { MessageOverviewResponse as Overview } from '@/app/ajax/flow/message/[id]/reports/overview/route'
export type { MessageRecipientsResponse as Recipients } from '@/app/ajax/flow/message/[id]/reports/recipients/route'
export type { MessageLinksResponse as Links } from '@/app/ajax/flow/message/[id]/reports/links/route'
export type { MessageDeliverabilityResponse as Deliverability } from '@/app/ajax/flow/message/[id]/reports/deliverability/route'
export type { MessageConversionsResponse as Conversions } from '@/app/ajax/flow/message/[id]/reports/conversions/route'

export const REPORT_TABS = ['overview', 'recipients', 'links', 'deliverability', 'conversions', 'variations'] as const
export type ReportTab = (typeof REPORT_TABS)[number]
/** A screen of the reports that is not a tab: who clicked one link (reached from the links tab). */
export type ReportScreen = ReportTab | 'link-who'
