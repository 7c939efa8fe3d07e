'use client'
// /to/be/swapped (email) and /to/be/swapped/push: pick a message of a campaign or flow, pick
// saved content, compare both side by side, confirm the swap; every swap is kept as a version
// that can be restored.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations, useFormatter } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import type { SwapChannel, SwapContent, SwapSource, SwapTarget, SwapVersion } from '@/lib/message-swap/swap-types'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Modal } from '@/components/ui/modal'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { SwapPreview } from './swap-preview'
import styles from './message-swap.module.css'

const raw = { transformKeys: false } as const
type Targets = { targets: SwapTarget[]; sources: SwapSource[] }
type Preview = {
  current: SwapContent
  replacement: SwapContent | null
  blocked: string | null
  versions: SwapVersion[]
}

export function MessageSwapScreen({ channel }: { channel: SwapChannel }) {
  const t = useTranslations('remainingEditors')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission(['campaigns_write', 'flows_write'])
  const [target, setTarget] = useState('')
  const [sourceId, setSourceId] = useState('')
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const list = useSWR(['swap-targets', channel], () =>
    http.get<Targets>('/ajax/messages/swap', { ...raw, params: { channel } }).then((r) => r.data),
  )
  const picked = list.data?.targets.find((x) => `${x.kind}:${x.id}` === target) ?? null
  const preview = useSWR(picked ? ['swap-preview', channel, target, sourceId] : null, () =>
    http
      .get<Preview>('/ajax/messages/swap/preview', {
        ...raw,
        params: { channel, kind: picked!.kind, id: picked!.id, ...(sourceId ? { source_id: sourceId } : {}) },
      })
      .then((r) => r.data),
  )
  const sourceName = (id: string) => list.data?.sources.find((s) => s.id === id)?.name ?? id

  async function run(fn: () => Promise<unknown>, done: string) {
    setBusy(true)
    setFailure(null)
    try {
      await fn()
      toast.show({ variant: 'success', content: done })
      await preview.mutate()
    } catch (e) {
      setFailure(readHttpFailure(e).message ?? t('swapError'))
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }
  const swap = () =>
    run(
      () => http.post('/ajax/messages/swap', { channel, kind: picked!.kind, id: picked!.id, source_id: sourceId }, raw),
      t('swapDone'),
    )
  const restore = (v: SwapVersion) =>
    run(() => http.post(`/ajax/messages/swap/${encodeURIComponent(v.id)}/restore`, {}, raw), t('swapRestored'))

  return (
    <Page>
      <PageHead
        title={channel === 'email' ? t('swapEmailTitle') : t('swapPushTitle')}
        description={t('swapDescription')}
        actions={
          <Link href={channel === 'email' ? '/to/be/swapped/push' : '/to/be/swapped'}>
            {channel === 'email' ? t('swapPushLink') : t('swapEmailLink')}
          </Link>
        }
      />
      <PageBody>
        {list.error && (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void list.mutate() }}>
            {t('loadError')}
          </Notification>
        )}
        {!list.data && !list.error && <Spinner size="large" />}
        {list.data && list.data.targets.length === 0 && (
          <EmptyState heading={t('swapNoMessages')} body={t('swapNoMessagesBody')} />
        )}
        {list.data && list.data.targets.length > 0 && (
          <Card>
            <div className={styles.form} data-testid="message-swap">
              <Select
                label={t('swapMessage')}
                name="target"
                value={target}
                onChange={(e) => setTarget(e.target.value)}
                options={[
                  { value: '', label: t('swapChooseMessage') },
                  ...list.data.targets.map((x) => ({
                    value: `${x.kind}:${x.id}`,
                    label: `${x.kind === 'flow_message' ? t('swapFlow') : t('swapCampaign')}: ${x.label}`,
                  })),
                ]}
              />
              <Select
                label={channel === 'email' ? t('swapTemplate') : t('swapPushSource')}
                name="source"
                value={sourceId}
                onChange={(e) => setSourceId(e.target.value)}
                options={[
                  { value: '', label: t('swapChooseSource') },
                  ...list.data.sources.map((s) => ({ value: s.id, label: s.name })),
                ]}
              />
              {picked && preview.error && (
                <Notification variant="error">{readHttpFailure(preview.error).message}</Notification>
              )}
              {picked && preview.data && (
                <>
                  {preview.data.blocked && <Notification variant="warning">{preview.data.blocked}</Notification>}
                  {failure && <Notification variant="error">{failure}</Notification>}
                  <SwapPreview
                    channel={channel}
                    current={preview.data.current}
                    replacement={preview.data.replacement}
                  />
                  {canWrite && (
                    <Button
                      variant="primary"
                      disabled={!sourceId || !!preview.data.blocked}
                      onClick={() => setConfirming(true)}
                    >
                      {t('swapButton')}
                    </Button>
                  )}
                  <h3>{t('swapVersions')}</h3>
                  {preview.data.versions.length === 0 ? (
                    <p>{t('swapNoVersions')}</p>
                  ) : (
                    <ul className={styles.versions}>
                      {preview.data.versions.map((v) => (
                        <li key={v.id} className={styles.version}>
                          <span>
                            {t('swapVersion', {
                              name: sourceName(v.sourceId),
                              when: format.dateTime(new Date(v.createdAt), { dateStyle: 'medium', timeStyle: 'short' }),
                            })}
                          </span>
                          {v.restoredAt ? (
                            <span>{t('swapVersionRestored')}</span>
                          ) : (
                            canWrite && (
                              <Button variant="secondary" size="small" disabled={busy} onClick={() => void restore(v)}>
                                {t('swapRestore')}
                              </Button>
                            )
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
            </div>
          </Card>
        )}
      </PageBody>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('swapConfirmTitle')}
        footer={
          <>
            <Button variant="tertiary" onClick={() => setConfirming(false)}>
              {t('swapCancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void swap()}>
              {t('swapConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('swapConfirmBody', { message: picked?.label ?? '', source: sourceName(sourceId) })}</p>
      </Modal>
    </Page>
  )
}
