'use client'
// The list-setup guide's steps for one list: confirm/{listId} (the list is made),
// opt-in-setting/{listId} (single or double opt-in) and next-actions/{listId} (fill it and use it).
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button, LinkButton } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { Notification } from '@/components/ui/notification'
import { GuideFrame } from './guide-frame'
import { OptInChoice } from './list-setup-screen'
import { useGuideAction } from './use-guide-action'
import styles from '@/components/onboarding/onboarding.module.css'

interface GuideList {
  id: string
  name: string
  optInProcess: string
  members: number
}

export function ListStepScreen({
  view,
  listId,
}: {
  view: 'confirm' | 'opt-in-setting' | 'next-actions'
  listId: string
}) {
  const t = useTranslations('getStartedGuides')
  const key = `/ajax/onboarding/list-setup/${encodeURIComponent(listId)}`
  const { data, error, mutate } = useSWR(key, (url: string) => http.get<GuideList>(url).then((r) => r.data), {
    shouldRetryOnError: false,
  })
  const title =
    view === 'confirm' ? t('listConfirmTitle') : view === 'opt-in-setting' ? t('optInTitle') : t('nextTitle')
  return (
    <GuideFrame title={title} loading={!data} error={!!error} onRetry={() => void mutate()}>
      {data && view === 'confirm' && <Confirm list={data} />}
      {data && view === 'opt-in-setting' && (
        <OptIn list={data} onSaved={(l) => void mutate(l, { revalidate: false })} />
      )}
      {data && view === 'next-actions' && <NextActions list={data} />}
    </GuideFrame>
  )
}

function Confirm({ list }: { list: GuideList }) {
  const t = useTranslations('getStartedGuides')
  return (
    <>
      <Notification variant="success">{t('listMade', { name: list.name })}</Notification>
      <p className={styles.muted}>{list.optInProcess === 'double_opt_in' ? t('doubleOptIn') : t('singleOptIn')}</p>
      <div className={styles.footer}>
        <Link href={`/get-started/list-setup/opt-in-setting/${list.id}`}>{t('changeOptIn')}</Link>
        <LinkButton variant="primary" href={`/get-started/list-setup/next-actions/${list.id}`}>
          {t('next')}
        </LinkButton>
      </div>
    </>
  )
}

function OptIn({ list, onSaved }: { list: GuideList; onSaved: (l: GuideList) => void }) {
  const t = useTranslations('getStartedGuides')
  const router = useRouter()
  const [value, setValue] = useState(list.optInProcess)
  const action = useGuideAction()
  async function save() {
    const r = await action.run(() =>
      http.post<GuideList>(`/ajax/onboarding/list-setup/${list.id}`, { optInProcess: value }),
    )
    if (r) {
      onSaved(r.data)
      router.push(`/get-started/list-setup/next-actions/${list.id}`)
    }
  }
  return (
    <>
      <OptInChoice value={value} onChange={setValue} error={action.errors.optInProcess} />
      <p className={styles.muted}>{t('optInHelp')}</p>
      {action.formError && <FormError>{action.formError}</FormError>}
      <Button variant="primary" onClick={() => void save()} disabled={action.busy}>
        {t('save')}
      </Button>
    </>
  )
}

function NextActions({ list }: { list: GuideList }) {
  const t = useTranslations('getStartedGuides')
  const items = [
    { id: 'form', href: `/get-started/forms-create` },
    { id: 'import', href: `/list/${list.id}/import/upload` },
    { id: 'welcome', href: '/get-started/ws-flow/launch' },
  ]
  return (
    <>
      <p className={styles.muted}>{t('listMembers', { count: list.members })}</p>
      <ul className={styles.list}>
        {items.map((i) => (
          <li key={i.id} className={styles.item}>
            <div className={styles.itemText}>
              <h2 className={styles.itemTitle}>{t(`nextAction.${i.id}`)}</h2>
            </div>
            <LinkButton href={i.href} size="small">
              {t('start')}
            </LinkButton>
          </li>
        ))}
      </ul>
    </>
  )
}
