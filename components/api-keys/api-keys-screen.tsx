'use client'
// /settings/account/api-keys: the account's private API keys (name, prefix, access, created,
// last used, who it belongs to), creating one (shown once, with a copy button), revoking with
// confirmation, and an owner taking over a key so it outlives the user who made it.
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { useShellData, usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { FormError } from '@/components/ui/form-error'
import { Spinner } from '@/components/ui/spinner'
import { LockIcon } from '@/components/ui/icons'
import { CreateApiKeyModal } from './create-api-key-modal'
import { ScopeBadges } from './scope-badges'
import type { ApiKeyRow } from './types'
import styles from './api-keys-screen.module.css'

export const API_KEYS_KEY = '/ajax/account/api-keys'

export function ApiKeysScreen() {
  const t = useTranslations('apiKeys')
  const tp = useTranslations('privateApiKey')
  const tc = useTranslations('common')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('api_keys_write')
  // Only owners hold role_edit_owner; taking over a key is theirs to do.
  const isOwner = usePermission('role_edit_owner')
  const me = useShellData()?.authorization?.userProfileId
  const { data, error, isLoading, mutate } = useSWR(API_KEYS_KEY, (url: string) =>
    http.get<{ apiKeys: ApiKeyRow[] }>(url).then((r) => r.data),
  )
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null)
  const [busy, setBusy] = useState(false)
  const [revokeError, setRevokeError] = useState<string | null>(null)
  const keys = data?.apiKeys ?? []
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })

  async function revoke() {
    if (!revoking) return
    setBusy(true)
    setRevokeError(null)
    try {
      await http.post('/ajax/account/api-key/delete', { id: revoking.id })
      await mutate((current) => current && { apiKeys: current.apiKeys.filter((k) => k.id !== revoking.id) }, {
        revalidate: true,
      })
      toast.show({ variant: 'success', content: t('revokedToast', { label: revoking.label }) })
      setRevoking(null)
    } catch {
      setRevokeError(t('revokeError'))
    } finally {
      setBusy(false)
    }
  }

  async function takeOver(k: ApiKeyRow) {
    try {
      await http.post('/ajax/account/api-key/take-over', { id: k.id })
      await mutate()
      toast.show({ variant: 'success', content: t('takenOverToast', { label: k.label }) })
    } catch {
      toast.show({ variant: 'error', content: t('takeOverError') })
    }
  }

  const createButton = canWrite && (
    <Button variant="primary" onClick={() => setCreating(true)} data-testid="create-api-key">
      {t('create')}
    </Button>
  )

  let body
  if (error) {
    body = (
      <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
        {t('loadError')}
      </Notification>
    )
  } else if (isLoading) {
    body = (
      <div className={styles.loading}>
        <Spinner size="large" />
      </div>
    )
  } else if (!keys.length) {
    body = (
      <EmptyState
        image={<LockIcon size={48} />}
        heading={t('emptyHeading')}
        body={t('emptyBody')}
        actions={createButton}
      />
    )
  } else {
    body = (
      <Table
        caption={t('tableCaption')}
        columns={[
          { key: 'label', header: t('columnLabel') },
          { key: 'key', header: t('columnKey') },
          { key: 'scopes', header: t('columnScopes') },
          { key: 'created', header: t('columnCreated') },
          { key: 'lastUsed', header: t('columnLastUsed') },
          { key: 'owner', header: t('columnOwner') },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  header: <span className="visually-hidden">{t('columnActions')}</span>,
                  align: 'right' as const,
                },
              ]
            : []),
        ]}
        rows={keys.map((k) => ({
          id: k.id,
          label: <span className={styles.label}>{k.label}</span>,
          key: <code className={styles.prefix}>{k.prefix}…</code>,
          scopes: k.scopes.length ? <ScopeBadges scopes={k.scopes} /> : <Badge variant="info">{t('fullAccess')}</Badge>,
          created: when(k.createdAt),
          lastUsed: k.lastUsedAt ? when(k.lastUsedAt) : <span className={styles.muted}>{t('neverUsed')}</span>,
          owner: k.createdBy ? (
            <span title={k.createdBy.email}>{k.createdBy.name}</span>
          ) : (
            <span className={styles.muted}>{t('ownerAccount')}</span>
          ),
          actions: (
            <>
              {isOwner && k.createdBy && k.createdBy.id !== me && (
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => void takeOver(k)}
                  data-testid={`take-over-${k.id}`}
                >
                  {t('takeOver')}
                </Button>
              )}
              {canWrite && (
                <LinkButton size="small" href={`/clone-private-api-key?apiKeyId=${k.id}`} data-testid={`clone-${k.id}`}>
                  {tp('clone')}
                </LinkButton>
              )}
              <Button
                size="small"
                variant="danger"
                onClick={() => {
                  setRevokeError(null)
                  setRevoking(k)
                }}
                data-testid={`revoke-${k.id}`}
              >
                {t('revoke')}
              </Button>
            </>
          ),
        }))}
      />
    )
  }

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} actions={keys.length ? createButton : undefined} />
      <PageBody>
        {body}
        <CreateApiKeyModal
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(row) => {
            void mutate((current) => ({ apiKeys: [row, ...(current?.apiKeys ?? [])] }), { revalidate: true })
            toast.show({ variant: 'success', content: t('createdToast', { label: row.label }) })
          }}
        />
        <Modal
          open={!!revoking}
          title={t('revokeTitle')}
          onClose={busy ? undefined : () => setRevoking(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setRevoking(null)} disabled={busy}>
                {tc('cancel')}
              </Button>
              <Button variant="danger" onClick={revoke} loading={busy} data-testid="confirm-revoke">
                {t('revokeConfirm')}
              </Button>
            </>
          }
        >
          {revoking && <p>{t('revokeBody', { label: revoking.label, prefix: revoking.prefix })}</p>}
          {revokeError && <FormError>{revokeError}</FormError>}
        </Modal>
      </PageBody>
    </Page>
  )
}
