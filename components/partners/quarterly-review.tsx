// The account's own figures by quarter, for its partner growth review, its quarterly growth review
// (QGR) and its executive business review: the same per-account figures staff see.
import { getTranslations } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { companyCurrency, quarterlyFigures } from '@/lib/staff/quarterly-figures'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { QuarterTable } from '@/components/staff/quarter-table'

export type ReviewKind = 'growthReview' | 'qgr' | 'executive'

export async function QuarterlyReview({ kind }: { kind: ReviewKind }) {
  const p = await getCurrentPrincipal()
  if (!p) return null
  const t = await getTranslations('quarterlyReview')
  const quarters = await quarterlyFigures(p.companyId, new Date(), kind === 'executive' ? 8 : 4)
  const empty = quarters.every((q) => !q.newProfiles && !q.messagesDelivered && !q.orders)
  return (
    <Page>
      <PageHead title={t(`${kind}.title`)} description={t(`${kind}.description`, { account: p.company.name })} />
      <PageBody>
        <Card>
          {empty ? (
            <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} />
          ) : (
            <QuarterTable quarters={quarters} currency={await companyCurrency(p.companyId)} />
          )}
        </Card>
      </PageBody>
    </Page>
  )
}
