'use client'
// One-click segments from the model: customers with a high predicted CLV (the top 10 %) and
// customers likely to churn. Each is a real segment with a predictive condition (POST
// /ajax/group, as the segment builder saves), opened once created.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { useToast } from '@/components/shell/toasts'
import { groupHref } from '@/components/lists/slug'
import { readHttpFailure } from '@/components/auth/http-failure'
import { http } from '@/lib/client/http'
import type { SegmentDefinition } from '@/lib/segments/definition'
import styles from './predictive.module.css'

type Quick = 'high_clv' | 'likely_to_churn'

export function quickSegmentDefinition(kind: Quick, threshold: number): SegmentDefinition {
  const condition =
    kind === 'high_clv'
      ? {
          kind: 'predictive' as const,
          dimension: 'predicted_clv' as const,
          operator: 'greater_or_equal' as const,
          value: threshold,
        }
      : {
          kind: 'predictive' as const,
          dimension: 'churn_probability' as const,
          operator: 'greater_or_equal' as const,
          value: threshold,
        }
  return { version: 1, root: { type: 'and', conditions: [condition] } }
}

export function QuickSegments({
  highClvThreshold,
  churnThreshold,
  money,
}: {
  highClvThreshold: number
  churnThreshold: number
  money: (v: number) => string
}) {
  const t = useTranslations('predictive')
  const router = useRouter()
  const toast = useToast()
  const [busy, setBusy] = useState<Quick | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function create(kind: Quick) {
    setBusy(kind)
    setError(null)
    const name = kind === 'high_clv' ? t('segmentHighClvName') : t('segmentChurnName')
    const threshold = kind === 'high_clv' ? highClvThreshold : churnThreshold
    try {
      const res = await http.post<{ group: { id: string; name: string } }>('/ajax/group', {
        name,
        type: 1,
        definition: quickSegmentDefinition(kind, threshold),
      })
      toast.show({ variant: 'success', content: t('segmentCreated', { name }) })
      router.push(groupHref(res.data.group))
    } catch (e) {
      setError(readHttpFailure(e).message ?? t('segmentError'))
      setBusy(null)
    }
  }

  return (
    <Card title={t('segmentsTitle')}>
      {error && <Notification variant="error">{error}</Notification>}
      <div className={styles.segments}>
        <section className={styles.tile}>
          <h3 className={styles.tileTitle}>{t('segmentHighClvName')}</h3>
          <p className={styles.tileMeta}>{t('segmentHighClvRule', { value: money(highClvThreshold) })}</p>
          <div className={styles.tileAction}>
            <Button
              size="small"
              loading={busy === 'high_clv'}
              disabled={busy !== null}
              onClick={() => create('high_clv')}
              data-testid="create-high-clv-segment"
            >
              {t('createSegment')}
            </Button>
          </div>
        </section>
        <section className={styles.tile}>
          <h3 className={styles.tileTitle}>{t('segmentChurnName')}</h3>
          <p className={styles.tileMeta}>{t('segmentChurnRule', { share: churnThreshold })}</p>
          <div className={styles.tileAction}>
            <Button
              size="small"
              loading={busy === 'likely_to_churn'}
              disabled={busy !== null}
              onClick={() => create('likely_to_churn')}
              data-testid="create-churn-segment"
            >
              {t('createSegment')}
            </Button>
          </div>
        </section>
      </div>
    </Card>
  )
}
