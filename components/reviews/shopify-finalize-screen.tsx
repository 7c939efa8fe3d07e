'use client'
// /reviews/shopify/finalize: the last step of showing reviews on a Shopify store. Each check has
// its state and a "check again"; reviews are turned on once the shop is connected and the script
// installed, then the store's existing reviews can be imported (the CSV import).
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import type { CheckState, ShopifyFinalize } from '@/lib/reviews/shopify/shopify-finalize'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import ops from '@/components/deliverability/ops.module.css'
import styles from './reviews.module.css'

const raw = { transformKeys: false } as const
const FINALIZE_URL = '/ajax/reviews/shopify/finalize'

function StateBadge({ state }: { state: CheckState }) {
  const t = useTranslations('remainingEditors')
  const variant = state === 'done' ? 'success' : state === 'failed' ? 'danger' : 'warning'
  const label = state === 'done' ? t('stateDone') : state === 'failed' ? t('stateFailed') : t('stateTodo')
  return <Badge variant={variant}>{label}</Badge>
}

export function ShopifyFinalizeScreen() {
  const t = useTranslations('remainingEditors')
  const canWrite = usePermission('reviews_write')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const { data, error, mutate, isValidating } = useSWR(FINALIZE_URL, () =>
    http.get<{ finalize: ShopifyFinalize }>(FINALIZE_URL, raw).then((r) => r.data.finalize),
  )
  const retry = (
    <Button variant="tertiary" size="small" loading={isValidating} onClick={() => void mutate()}>
      {t('checkAgain')}
    </Button>
  )
  async function enable() {
    setBusy(true)
    setFailure(null)
    try {
      const r = await http.post<{ finalize: ShopifyFinalize }>(FINALIZE_URL, {}, raw)
      await mutate(r.data.finalize, { revalidate: false })
    } catch (e) {
      setFailure(readHttpFailure(e).message ?? t('finalizeEnableError'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Page>
      <PageHead title={t('finalizeTitle')} description={t('finalizeDescription')} />
      <PageBody>
        {error && (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        )}
        {!data && !error && <Spinner size="large" />}
        {data && (
          <div className={ops.stack} data-testid="shopify-finalize">
            <Card title={t('finalizeShopify')} actions={<StateBadge state={data.shopify.state} />}>
              <p className={ops.note}>
                {data.shopify.state === 'done'
                  ? t('finalizeShopifyDone', { shop: data.shopify.shop ?? '' })
                  : data.shopify.state === 'failed'
                    ? t('finalizeShopifyFailed', { error: data.shopify.error ?? '' })
                    : t('finalizeShopifyTodo')}
              </p>
              <div className={ops.actions}>
                {data.shopify.state !== 'done' && (
                  <LinkButton href="/integration/shopify">{t('finalizeConnect')}</LinkButton>
                )}
                {retry}
              </div>
            </Card>
            <Card title={t('finalizeScript')} actions={<StateBadge state={data.script.state} />}>
              <p className={ops.note}>
                {data.script.state === 'done'
                  ? t('finalizeScriptDone', { origins: data.script.origins.join(', ') })
                  : t('finalizeScriptTodo')}
              </p>
              {data.script.state !== 'done' && <code className={styles.code}>{data.script.snippet}</code>}
              <div className={ops.actions}>
                {data.script.state !== 'done' && (
                  <LinkButton href="/wizard/web-tracking">{t('finalizeInstall')}</LinkButton>
                )}
                {retry}
              </div>
            </Card>
            <Card title={t('finalizeReviews')} actions={<StateBadge state={data.reviews.state} />}>
              <p className={ops.note}>
                {data.reviews.state === 'done'
                  ? t('finalizeReviewsDone')
                  : data.ready
                    ? t('finalizeReviewsReady')
                    : t('finalizeReviewsBlocked')}
              </p>
              {failure && <Notification variant="error">{failure}</Notification>}
              {data.reviews.state !== 'done' && canWrite && (
                <Button variant="primary" loading={busy} disabled={!data.ready} onClick={() => void enable()}>
                  {t('finalizeEnable')}
                </Button>
              )}
            </Card>
            <Card title={t('finalizeImport')}>
              <p className={ops.note}>
                {t('finalizeImportHelp')} {t('finalizeImported', { count: data.imported.count })}
              </p>
              {data.reviews.state === 'done' ? (
                <div className={ops.actions}>
                  <LinkButton href="/reviews/import">{t('finalizeImportGo')}</LinkButton>
                  <Link href="/reviews">{t('finalizeDone')}</Link>
                </div>
              ) : (
                <p className={ops.muted}>{t('finalizeImportLater')}</p>
              )}
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
