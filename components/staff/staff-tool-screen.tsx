'use client'
// One staff tool: its title, the account it works on (account tools) and its panel.
import type { ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { AccountPicker, useStaffAccount } from './account-picker'
import { FeatureFlagsPanel } from './feature-flags-panel'
import { SmsRestrictionsPanel } from './sms-restrictions-panel'
import { DeliverabilityPanel } from './deliverability-panel'
import { ExperimentsPanel } from './experiments-panel'
import { SyncsPanel } from './syncs-panel'
import { GrowthReportPanel } from './growth-report-panel'
import { SqlExplorerPanel } from './sql-explorer-panel'
import { SupportTicketPanel } from './support-ticket-panel'
import { AuditPanel } from './audit-panel'
import { AppsPanel } from './apps-panel'
import { PermissionsPanel } from './permissions-panel'
import { LitigatorList } from './litigator-list'

const ACCOUNT_TOOLS = {
  featureFlags: FeatureFlagsPanel,
  smsRestrictions: SmsRestrictionsPanel,
  deliverability: DeliverabilityPanel,
  experiments: ExperimentsPanel,
  syncUi: SyncsPanel,
  quarterlyGrowthReport: GrowthReportPanel,
  sqlExplorer: SqlExplorerPanel,
} as const

const OTHER_TOOLS = {
  audit: AuditPanel,
  appManagement: AppsPanel,
  permissions: PermissionsPanel,
  compliance: () => <LitigatorList url="/ajax/staff/litigators" />,
} as const

export type StaffTool = keyof typeof ACCOUNT_TOOLS | keyof typeof OTHER_TOOLS

function Frame({ tool, children }: { tool: StaffTool | 'supportTicket'; children: ReactNode }) {
  const t = useTranslations('staff')
  return (
    <Page>
      <PageHead title={t(`tools.${tool}.title`)} description={t(`tools.${tool}.description`)} />
      <PageBody>{children}</PageBody>
    </Page>
  )
}

export function StaffToolScreen({ tool }: { tool: StaffTool }) {
  const companyId = useStaffAccount()
  if (tool in OTHER_TOOLS) {
    const Panel = OTHER_TOOLS[tool as keyof typeof OTHER_TOOLS]
    return (
      <Frame tool={tool}>
        <Panel />
      </Frame>
    )
  }
  const Panel = ACCOUNT_TOOLS[tool as keyof typeof ACCOUNT_TOOLS]
  return (
    <Frame tool={tool}>
      <Card>
        <AccountPicker />
      </Card>
      {companyId && (
        <Card>
          <Panel key={companyId} companyId={companyId} />
        </Card>
      )}
    </Frame>
  )
}

export function StaffSupportTicketScreen({ companyId }: { companyId: number }) {
  return (
    <Frame tool="supportTicket">
      <Card>
        <SupportTicketPanel companyId={companyId} />
      </Card>
    </Frame>
  )
}
