'use client'
// /litigator-upload: the account's own litigator list (numbers its SMS and WhatsApp never reach).
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LitigatorList } from './litigator-list'

export function LitigatorUploadScreen() {
  const t = useTranslations('staff')
  return (
    <Page>
      <PageHead title={t('tools.litigatorUpload.title')} description={t('tools.litigatorUpload.description')} />
      <PageBody>
        <Card>
          <LitigatorList url="/ajax/litigator-upload" />
        </Card>
      </PageBody>
    </Page>
  )
}
