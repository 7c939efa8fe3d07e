'use client'
// /campaign/{campaignId}/reports/link/who?url=…: the people who clicked one link of the campaign.
import { LinkClickers } from '@/components/flows/reports/link-clickers'
import { CampaignReportFrame } from './report-frame'
import { reportHref } from './tabs'

export function LinkWhoScreen({ campaignId, url }: { campaignId: string; url: string | null }) {
  return (
    <CampaignReportFrame campaignId={campaignId} tab="link-who">
      <LinkClickers
        endpoint={`/ajax/campaign/${encodeURIComponent(campaignId)}/reports/link-who`}
        url={url}
        backHref={reportHref(campaignId, 'links')}
      />
    </CampaignReportFrame>
  )
}
