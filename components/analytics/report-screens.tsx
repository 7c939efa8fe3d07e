'use client'
// The report builder's pages: their heading around the builder, a saved report, or its history.
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { ReportBuilder } from './report-builder'
import { SavedReportScreen } from './saved-report-screen'
import { ReportHistory } from './report-history'

export function BuilderPage({ reportId, from }: { reportId?: string; from?: string }) {
  const t = useTranslations('analytics')
  return (
    <Page width="full">
      <PageHead title={reportId ? t('editReport') : t('newReport')} description={t('builderDescription')} />
      <PageBody>
        <ReportBuilder reportId={reportId} from={from} />
      </PageBody>
    </Page>
  )
}

export function SavedReportPage({ reportId }: { reportId: string }) {
  const t = useTranslations('analytics')
  return (
    <Page width="full">
      <PageHead title={t('report')} />
      <PageBody>
        <SavedReportScreen reportId={reportId} />
      </PageBody>
    </Page>
  )
}

export function ReportHistoryPage({ reportId }: { reportId: string }) {
  const t = useTranslations('analytics')
  return (
    <Page>
      <PageHead title={t('history')} />
      <PageBody>
        <ReportHistory reportId={reportId} />
      </PageBody>
    </Page>
  )
}
