'use client'
// /settings/account/opt-in-process: each list's opt-in process side by side. Single opt-in adds
// a subscriber at once; double opt-in sends a confirmation email first and adds them only when
// they click it. Tick lists and set them together; without groups_write the table is read-only.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { ListOptInProcessesResponse } from '@/lib/groups/opt-in-processes'
import { useSettingsSave } from './settings-form-screen'
import styles from './settings.module.css'
import own from './opt-in-process.module.css'

const KEY = '/ajax/account/opt-in-process'
type Process = 'single_opt_in' | 'double_opt_in'

export function OptInProcessScreen() {
  const t = useTranslations('optInProcess')
  const format = useFormatter()
  const canEdit = usePermission('groups_write')
  const { data, error, mutate } = useSWR(KEY, (u: string) =>
    http.get<ListOptInProcessesResponse>(u).then((r) => r.data),
  )
  const [picked, setPicked] = useState<Set<string>>(new Set())
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })

  const apply = (optInProcess: Process) =>
    save(async () => {
      const res = await http.post<ListOptInProcessesResponse>(KEY, { optInProcess, listIds: [...picked] })
      await mutate({ lists: res.data.lists }, { revalidate: false })
      setPicked(new Set())
    })
  const toggle = (id: string, on: boolean) => {
    const next = new Set(picked)
    if (on) next.add(id)
    else next.delete(id)
    setPicked(next)
  }
  const lists = data?.lists ?? []
  const allPicked = lists.length > 0 && picked.size === lists.length

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.stack}>
          <Card title={t('explainTitle')}>
            <p className={styles.description}>{t('single')}</p>
            <p className={styles.description}>{t('double')}</p>
          </Card>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {!data && !error && <Spinner size="large" label={t('loading')} />}
          {data && lists.length === 0 && (
            <Card>
              <EmptyState
                heading={t('empty')}
                body={t('emptyBody')}
                actions={<LinkButton href="/lists">{t('toLists')}</LinkButton>}
              />
            </Card>
          )}
          {data && lists.length > 0 && (
            <Card flush>
              {!canEdit && <Notification variant="info">{t('readOnly')}</Notification>}
              {errors._form && <Notification variant="error">{errors._form}</Notification>}
              {errors.listIds && <Notification variant="error">{errors.listIds}</Notification>}
              {canEdit && (
                <div className={own.bar}>
                  <span className={styles.description}>{t('picked', { count: picked.size })}</span>
                  <Button
                    size="small"
                    disabled={!picked.size || busy}
                    onClick={() => void apply('single_opt_in')}
                    data-testid="set-single"
                  >
                    {t('setSingle')}
                  </Button>
                  <Button
                    size="small"
                    disabled={!picked.size || busy}
                    onClick={() => void apply('double_opt_in')}
                    data-testid="set-double"
                  >
                    {t('setDouble')}
                  </Button>
                </div>
              )}
              <Table
                caption={t('title')}
                columns={[
                  ...(canEdit
                    ? [
                        {
                          key: 'pick',
                          header: (
                            <input
                              type="checkbox"
                              aria-label={t('pickAll')}
                              checked={allPicked}
                              onChange={(e) => setPicked(new Set(e.target.checked ? lists.map((l) => l.id) : []))}
                            />
                          ),
                        },
                      ]
                    : []),
                  { key: 'name', header: t('colList') },
                  { key: 'members', header: t('colMembers'), align: 'right' as const },
                  { key: 'process', header: t('colProcess') },
                ]}
                rows={lists.map((l) => ({
                  id: l.id,
                  pick: (
                    <input
                      type="checkbox"
                      aria-label={t('pickList', { name: l.name })}
                      checked={picked.has(l.id)}
                      onChange={(e) => toggle(l.id, e.target.checked)}
                    />
                  ),
                  name: <Link href={`/list/${l.id}/settings`}>{l.name}</Link>,
                  members: format.number(l.memberCount),
                  process:
                    l.optInProcess === 'double_opt_in' ? (
                      <Badge variant="info">{t('doubleBadge')}</Badge>
                    ) : (
                      <Badge>{t('singleBadge')}</Badge>
                    ),
                }))}
              />
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}
