'use client'
// The lists and segments the person is in now, with the date they joined each.
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import type { GroupEntry } from '@/lib/profile-view/profile-detail-types'
import { listPath } from '@/lib/profile-view/slug'
import styles from './profile-screen.module.css'

export function ProfileGroupsCard({ groups, timeZone }: { groups: GroupEntry[]; timeZone: string }) {
  const t = useTranslations('profile')
  const format = useFormatter()
  const sections = [
    { kind: 'list' as const, title: t('listsHeading'), empty: t('noLists'), entered: 'addedOn' as const },
    { kind: 'segment' as const, title: t('segmentsHeading'), empty: t('noSegments'), entered: 'enteredOn' as const },
  ]
  return (
    <Card title={t('groupsTitle')}>
      <div className={styles.groupSections} data-testid="profile-groups">
        {sections.map((s) => {
          const items = groups.filter((g) => g.kind === s.kind)
          return (
            <section key={s.kind}>
              <h3 className={styles.subhead}>
                {s.title} <span className={styles.count}>{items.length}</span>
              </h3>
              {items.length === 0 ? (
                <p className={styles.mutedSmall}>{s.empty}</p>
              ) : (
                <ul className={styles.groupList}>
                  {items.map((g) => (
                    <li key={g.id}>
                      <Link href={listPath(g.id, g.name)} className={styles.groupName}>
                        {g.name}
                      </Link>
                      <span className={styles.mutedSmall}>
                        {t(s.entered, {
                          date: format.dateTime(new Date(g.enteredAt), { dateStyle: 'medium', timeZone }),
                        })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )
        })}
      </div>
    </Card>
  )
}
