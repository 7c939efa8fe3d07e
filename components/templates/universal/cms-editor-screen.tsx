'use client'
// /cms/editor: the content library's editor entry point for saved content (universal blocks):
// each block with its type, last change and how many templates use it; a new block is created
// here and opened in the universal-content editor.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import type { LeafBlock } from '@/lib/templates/block-definition'
import { isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { Select } from '@/components/ui/select'
import { Table } from '@/components/ui/table'
import { TextField } from '@/components/ui/text-field'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { newBlock } from '../editor/block-factory'
import { universalApi, universalEditorHref } from './universal-api'

const NEW_TYPES = ['text', 'button', 'image', 'html', 'divider', 'spacer'] as const

export function CmsEditorScreen() {
  const t = useTranslations('templateTranslate')
  const tc = useTranslations('common')
  const format = useFormatter()
  const router = useRouter()
  const canWrite = usePermission('templates_write')
  const { data, error, mutate } = useSWR(['universal-content-usage'], () => universalApi.listWithUsage())
  const [creating, setCreating] = useState(false)
  const [name, setName] = useState('')
  const [type, setType] = useState<(typeof NEW_TYPES)[number]>('text')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | undefined>()

  const typeLabel: Record<string, string> = {
    text: t('typeText'),
    button: t('typeButton'),
    image: t('typeImage'),
    html: t('typeHtml'),
    divider: t('typeDivider'),
    horizontal_rule: t('typeDivider'),
    spacer: t('typeSpacer'),
    drop_shadow: t('typeOther'),
  }

  async function create() {
    if (!name.trim()) return setProblem(t('ucNameRequired'))
    setBusy(true)
    try {
      const item = await universalApi.create(name.trim(), newBlock(type) as LeafBlock)
      router.push(universalEditorHref(item))
    } catch (e) {
      const body = isHttpError(e) ? (e.data as { message?: string } | null) : null
      setProblem(body?.message ?? t('ucSaveError'))
      setBusy(false)
    }
  }

  const newButton = canWrite && (
    <Button variant="primary" onClick={() => setCreating(true)} data-testid="cms-new">
      {t('cmsNew')}
    </Button>
  )

  return (
    <Page>
      <PageHead title={t('cmsTitle')} description={t('cmsDescription')} actions={newButton} />
      <PageBody>
        {error ? (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        ) : !data ? (
          <Spinner size="large" />
        ) : data.length === 0 ? (
          <EmptyState heading={t('cmsEmpty')} body={t('cmsEmptyBody')} actions={newButton} />
        ) : (
          <Table
            caption={t('cmsTitle')}
            columns={[
              { key: 'name', header: t('cmsName') },
              { key: 'type', header: t('cmsType') },
              { key: 'updated', header: t('cmsUpdated') },
              { key: 'usedIn', header: t('cmsUsedIn'), align: 'right' },
            ]}
            rows={data.map((i) => ({
              id: i.id,
              name: <Link href={universalEditorHref(i)}>{i.name}</Link>,
              type: typeLabel[i.type] ?? i.type,
              updated: format.dateTime(new Date(i.updated), { dateStyle: 'medium', timeStyle: 'short' }),
              usedIn: t('cmsUsedInCount', { count: i.usedIn }),
            }))}
          />
        )}
      </PageBody>
      <Modal
        open={creating}
        title={t('cmsNewTitle')}
        onClose={busy ? undefined : () => setCreating(false)}
        footer={
          <>
            <Button onClick={() => setCreating(false)} disabled={busy}>
              {tc('cancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void create()} data-testid="cms-create">
              {t('cmsCreate')}
            </Button>
          </>
        }
      >
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void create()
          }}
        >
          <TextField
            label={t('ucName')}
            name="cms-name"
            value={name}
            maxLength={255}
            error={problem}
            autoFocus
            onChange={(e) => setName(e.target.value)}
          />
          <Select
            label={t('cmsType')}
            name="cms-type"
            value={type}
            onChange={(e) => setType(e.target.value as (typeof NEW_TYPES)[number])}
            options={NEW_TYPES.map((v) => ({ value: v, label: typeLabel[v]! }))}
          />
        </form>
      </Modal>
    </Page>
  )
}
