'use client'
// A dashboard: its cards in a four-column grid (one column on a phone), each with its own
// timeframe and comparison. Editing arranges cards by drag and drop (HTML5 drag events) or by
// the move up/down buttons (the keyboard way), and every move writes the whole order at once.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { TextField } from '@/components/ui/text-field'
import { ChartIcon } from '@/components/ui/icons'
import {
  deleteJson,
  patchJson,
  putJson,
  useAnalytics,
  type DashboardCardView,
  type DashboardView,
} from './analytics-api'
import { CardBody } from './card-view'
import { CardEditor } from './card-editor'
import styles from './analytics.module.css'

const SPAN = ['', styles.span1, styles.span2, styles.span3, styles.span4]

export function DashboardScreen({ dashboardId, currency }: { dashboardId: string | null; currency: string }) {
  const t = useTranslations('analytics')
  const router = useRouter()
  const url = dashboardId ? `/ajax/analytics/dashboards/${dashboardId}` : '/ajax/analytics/dashboards/default'
  const { data, error, isLoading, mutate } = useAnalytics<DashboardView>(url)
  const [editing, setEditing] = useState(false)
  const [editor, setEditor] = useState<{ card?: DashboardCardView } | null>(null)
  const [dragged, setDragged] = useState<string | null>(null)
  const [over, setOver] = useState<string | null>(null)
  const [name, setName] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  if (error)
    return (
      <Page>
        <PageHead title={t('dashboardsTitle')} />
        <PageBody>
          <Notification variant="error">{t('loadError')}</Notification>
        </PageBody>
      </Page>
    )
  if (isLoading || !data)
    return (
      <div className={styles.centered}>
        <Spinner size="large" />
      </div>
    )
  const cards = data.cards ?? []

  async function saveOrder(ids: string[]) {
    setProblem(null)
    try {
      await mutate(
        await putJson<DashboardView>(`/ajax/analytics/dashboards/${data!.id}/cards/order`, { cardIds: ids }),
        false,
      )
    } catch {
      setProblem(t('saveError'))
    }
  }
  const move = (from: number, to: number) => {
    if (to < 0 || to >= cards.length) return
    const ids = cards.map((c) => c.id)
    const [id] = ids.splice(from, 1)
    ids.splice(to, 0, id!)
    void saveOrder(ids)
  }
  const drop = (targetId: string) => {
    if (!dragged || dragged === targetId) return
    move(
      cards.findIndex((c) => c.id === dragged),
      cards.findIndex((c) => c.id === targetId),
    )
  }
  async function remove(cardId: string) {
    await deleteJson(`/ajax/analytics/dashboards/${data!.id}/cards/${cardId}`)
    await mutate()
  }
  async function rename() {
    if (!name) return
    try {
      await mutate(await patchJson<DashboardView>(`/ajax/analytics/dashboards/${data!.id}`, { name }), false)
      setName(null)
    } catch {
      setProblem(t('saveError'))
    }
  }
  async function removeDashboard() {
    if (!window.confirm(t('confirmDeleteDashboard'))) return
    await deleteJson(`/ajax/analytics/dashboards/${data!.id}`)
    router.push('/analytics/dashboards')
  }

  return (
    <Page width="full">
      <PageHead
        title={data.name}
        description={<Link href="/analytics/dashboards">{t('allDashboards')}</Link>}
        actions={
          editing ? (
            <>
              <Button onClick={() => setEditor({})} data-testid="add-card">
                {t('addCard')}
              </Button>
              {!data.isDefault && (
                <Button variant="danger" onClick={removeDashboard}>
                  {t('deleteDashboard')}
                </Button>
              )}
              <Button variant="primary" onClick={() => setEditing(false)}>
                {t('doneEditing')}
              </Button>
            </>
          ) : (
            <Button onClick={() => setEditing(true)} data-testid="edit-dashboard">
              {t('editDashboard')}
            </Button>
          )
        }
      />
      <PageBody>
        <div className={styles.stack}>
          {problem && <Notification variant="error">{problem}</Notification>}
          {editing && (
            <div className={styles.row}>
              <TextField
                label={t('dashboardName')}
                name="dashboard-name"
                value={name ?? data.name}
                onChange={(e) => setName(e.target.value)}
              />
              <Button onClick={rename} disabled={!name || name === data.name}>
                {t('rename')}
              </Button>
            </div>
          )}
          {editing && <p className={styles.muted}>{t('arrangeHint')}</p>}
          {cards.length === 0 ? (
            <EmptyState
              image={<ChartIcon size={28} />}
              heading={t('emptyDashboard')}
              body={t('emptyDashboardBody')}
              actions={<Button onClick={() => (setEditing(true), setEditor({}))}>{t('addCard')}</Button>}
            />
          ) : (
            <ol className={styles.grid} aria-label={t('cardsLabel')}>
              {cards.map((c, i) => (
                <li
                  key={c.id}
                  className={[
                    SPAN[c.spec.width],
                    dragged === c.id ? styles.dragging : '',
                    over === c.id ? styles.dropTarget : '',
                  ].join(' ')}
                  draggable={editing}
                  onDragStart={(e) => {
                    setDragged(c.id)
                    e.dataTransfer.effectAllowed = 'move'
                    e.dataTransfer.setData('text/plain', c.id)
                  }}
                  onDragOver={(e) => {
                    if (!editing) return
                    e.preventDefault()
                    setOver(c.id)
                  }}
                  onDragLeave={() => setOver((o) => (o === c.id ? null : o))}
                  onDrop={(e) => {
                    e.preventDefault()
                    setOver(null)
                    drop(c.id)
                  }}
                  onDragEnd={() => (setDragged(null), setOver(null))}
                  data-testid="dashboard-card"
                >
                  <Card
                    title={c.spec.title}
                    actions={
                      editing && (
                        <div className={styles.cardTools}>
                          <Button
                            size="small"
                            variant="tertiary"
                            onClick={() => move(i, i - 1)}
                            disabled={i === 0}
                            aria-label={t('moveUp', { title: c.spec.title })}
                          >
                            ↑
                          </Button>
                          <Button
                            size="small"
                            variant="tertiary"
                            onClick={() => move(i, i + 1)}
                            disabled={i === cards.length - 1}
                            aria-label={t('moveDown', { title: c.spec.title })}
                          >
                            ↓
                          </Button>
                          <Button
                            size="small"
                            variant="tertiary"
                            onClick={() => setEditor({ card: c })}
                            data-testid="edit-card"
                          >
                            {t('edit')}
                          </Button>
                          <Button size="small" variant="tertiary" onClick={() => remove(c.id)}>
                            {t('remove')}
                          </Button>
                        </div>
                      )
                    }
                  >
                    <CardBody
                      url={`/ajax/analytics/dashboards/${data.id}/cards/${c.id}/data?v=${encodeURIComponent(JSON.stringify(c.spec))}`}
                      currency={currency}
                    />
                  </Card>
                </li>
              ))}
            </ol>
          )}
        </div>
        {editor && (
          <CardEditor
            dashboardId={data.id}
            cardId={editor.card?.id}
            initial={editor.card?.spec}
            onClose={() => setEditor(null)}
            onSaved={() => {
              setEditor(null)
              void mutate()
            }}
          />
        )}
      </PageBody>
    </Page>
  )
}
