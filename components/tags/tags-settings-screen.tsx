'use client'
// /settings/account/tags: tag groups and their tags (create, rename, delete). A tag sits on
// flows, campaigns, lists and segments; exclusive groups allow one of their tags per resource.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { TagGroupView, TagView } from '@/lib/tags/tags-overview'
import styles from './tags-settings.module.css'

const KEY = '/ajax/tags'
type Overview = { groups: TagGroupView[]; tagCount: number }

export function TagsSettingsScreen() {
  const t = useTranslations('tagsSettings')
  const tc = useTranslations('common')
  const toast = useToast()
  const canEdit = usePermission(['account_settings_read', 'account_settings_write'])
  const { data, error, mutate } = useSWR(KEY, (url: string) => http.get<Overview>(url).then((r) => r.data))
  const [tagName, setTagName] = useState('')
  const [tagGroup, setTagGroup] = useState('')
  const [tagError, setTagError] = useState('')
  const [groupName, setGroupName] = useState('')
  const [exclusive, setExclusive] = useState(false)
  const [groupError, setGroupError] = useState('')
  const [busy, setBusy] = useState<string | null>(null)
  const [editing, setEditing] = useState<{ kind: 'tag' | 'group'; id: string; name: string; error?: string } | null>(
    null,
  )

  const fail = (err: unknown) => toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('error') })

  async function addTag(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setBusy('addTag')
    setTagError('')
    try {
      await http.post('/ajax/tags', { name: tagName, groupId: tagGroup || null })
      setTagName('')
      await mutate()
      toast.show({ variant: 'success', content: t('tagCreated') })
    } catch (err) {
      const f = readHttpFailure(err)
      setTagError(f.fieldErrors.name ?? f.message ?? t('error'))
    } finally {
      setBusy(null)
    }
  }
  async function addGroup(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setBusy('addGroup')
    setGroupError('')
    try {
      await http.post('/ajax/tag-groups', { name: groupName, exclusive })
      setGroupName('')
      setExclusive(false)
      await mutate()
      toast.show({ variant: 'success', content: t('groupCreated') })
    } catch (err) {
      const f = readHttpFailure(err)
      setGroupError(f.fieldErrors.name ?? f.message ?? t('error'))
    } finally {
      setBusy(null)
    }
  }
  async function saveRename(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!editing) return
    setBusy(editing.id)
    try {
      await http.patch(editing.kind === 'tag' ? `/ajax/tags/${editing.id}` : `/ajax/tag-groups/${editing.id}`, {
        name: editing.name,
      })
      setEditing(null)
      await mutate()
    } catch (err) {
      const f = readHttpFailure(err)
      setEditing({ ...editing, error: f.fieldErrors.name ?? f.message ?? t('error') })
    } finally {
      setBusy(null)
    }
  }
  async function removeTag(tag: TagView) {
    if (!window.confirm(t('deleteTagConfirm', { name: tag.name, count: tag.usage }))) return
    setBusy(tag.id)
    try {
      await http.delete(`/ajax/tags/${tag.id}`)
      await mutate()
    } catch (err) {
      fail(err)
    } finally {
      setBusy(null)
    }
  }
  async function removeGroup(g: TagGroupView) {
    if (!window.confirm(t('deleteGroupConfirm', { name: g.name, count: g.tags.length }))) return
    setBusy(g.id)
    try {
      await http.delete(`/ajax/tag-groups/${g.id}`)
      await mutate()
    } catch (err) {
      fail(err)
    } finally {
      setBusy(null)
    }
  }

  const head = <PageHead title={t('title')} description={t('description')} />
  if (error) {
    return (
      <Page>
        {head}
        <PageBody>
          <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        </PageBody>
      </Page>
    )
  }
  if (!data)
    return (
      <Page>
        {head}
        <PageBody>
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        </PageBody>
      </Page>
    )

  const renameForm = (label: string) =>
    editing && (
      <form className={styles.renameForm} onSubmit={saveRename} noValidate>
        <TextField
          label={label}
          name="rename"
          value={editing.name}
          error={editing.error}
          autoFocus
          onChange={(e) => setEditing({ ...editing, name: e.target.value, error: undefined })}
        />
        <Button size="small" variant="primary" type="submit" loading={busy === editing.id}>
          {t('save')}
        </Button>
        <Button size="small" variant="tertiary" onClick={() => setEditing(null)}>
          {t('cancel')}
        </Button>
      </form>
    )

  return (
    <Page>
      {head}
      <PageBody>
        <div className={styles.stack}>
          {canEdit && (
            <Card title={t('addTitle')}>
              <div className={styles.stack}>
                <form className={styles.addRow} onSubmit={addTag} noValidate>
                  <TextField
                    label={t('tagName')}
                    name="tagName"
                    value={tagName}
                    error={tagError}
                    maxLength={100}
                    onChange={(e) => {
                      setTagName(e.target.value)
                      setTagError('')
                    }}
                  />
                  <Select
                    label={t('group')}
                    name="tagGroup"
                    value={tagGroup}
                    onChange={(e) => setTagGroup(e.target.value)}
                    options={[
                      { value: '', label: t('defaultGroupOption') },
                      ...data.groups.filter((g) => !g.isDefault).map((g) => ({ value: g.id, label: g.name })),
                    ]}
                  />
                  <Button variant="primary" type="submit" loading={busy === 'addTag'}>
                    {t('addTag')}
                  </Button>
                </form>
                <form className={styles.addRow} onSubmit={addGroup} noValidate>
                  <TextField
                    label={t('groupName')}
                    name="groupName"
                    value={groupName}
                    error={groupError}
                    maxLength={100}
                    onChange={(e) => {
                      setGroupName(e.target.value)
                      setGroupError('')
                    }}
                  />
                  <label className={styles.check}>
                    <input type="checkbox" checked={exclusive} onChange={(e) => setExclusive(e.target.checked)} />
                    {t('exclusive')}
                  </label>
                  <Button type="submit" loading={busy === 'addGroup'}>
                    {t('addGroup')}
                  </Button>
                </form>
                <p className={styles.help}>{t('limits', { count: data.tagCount })}</p>
              </div>
            </Card>
          )}
          {data.groups.map((g) => (
            <Card
              key={g.id}
              title={
                editing?.kind === 'group' && editing.id === g.id ? (
                  renameForm(t('groupName'))
                ) : (
                  <span className={styles.title}>
                    {g.name}
                    {g.isDefault && <Badge>{t('default')}</Badge>}
                    {g.exclusive && <Badge variant="info">{t('exclusiveBadge')}</Badge>}
                  </span>
                )
              }
              actions={
                canEdit &&
                !(editing?.kind === 'group' && editing.id === g.id) && (
                  <>
                    <Button
                      size="small"
                      variant="tertiary"
                      onClick={() => setEditing({ kind: 'group', id: g.id, name: g.name })}
                    >
                      {t('rename')}
                    </Button>
                    {!g.isDefault && (
                      <Button
                        size="small"
                        variant="tertiary"
                        disabled={busy === g.id}
                        onClick={() => void removeGroup(g)}
                      >
                        {t('delete')}
                      </Button>
                    )}
                  </>
                )
              }
            >
              {g.tags.length === 0 ? (
                <EmptyState heading={t('emptyGroupHeading')} body={t('emptyGroupBody')} headingLevel={3} />
              ) : (
                <ul className={styles.tags}>
                  {g.tags.map((tag) => (
                    <li key={tag.id} className={styles.tag}>
                      {editing?.kind === 'tag' && editing.id === tag.id ? (
                        renameForm(t('tagName'))
                      ) : (
                        <>
                          <span className={styles.tagName}>{tag.name}</span>
                          <span className={styles.usage}>{t('usage', { count: tag.usage })}</span>
                          {canEdit && (
                            <>
                              <Button
                                size="small"
                                variant="tertiary"
                                onClick={() => setEditing({ kind: 'tag', id: tag.id, name: tag.name })}
                              >
                                {t('rename')}
                              </Button>
                              <Button
                                size="small"
                                variant="tertiary"
                                disabled={busy === tag.id}
                                onClick={() => void removeTag(tag)}
                              >
                                {t('delete')}
                              </Button>
                            </>
                          )}
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          ))}
        </div>
      </PageBody>
    </Page>
  )
}
