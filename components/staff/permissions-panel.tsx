'use client'
// /staff/permissions: each staff member's staff resources (nobody changes their own).
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { PanelState } from './account-panel'
import { errorText, staffGet, staffSend } from './staff-api'
import styles from './staff.module.css'

type Member = { id: number; email: string; staffResources: string[] }
type Staff = { all: string[]; staff: Member[] }

function MemberCard({ member, all, onSaved }: { member: Member; all: string[]; onSaved: () => void }) {
  const t = useTranslations('staff')
  const [held, setHeld] = useState(new Set(member.staffResources))
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const save = async () => {
    try {
      await staffSend('PUT', `/ajax/staff/permissions/${member.id}`, { resources: [...held] })
      setStatus({ ok: true, text: t('saved') })
      onSaved()
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) })
    }
  }
  return (
    <Card
      title={member.email}
      actions={
        <Button size="small" onClick={save}>
          {t('save')}
        </Button>
      }
    >
      {status && <Notification variant={status.ok ? 'success' : 'error'}>{status.text}</Notification>}
      <div className={styles.checks}>
        {all.map((r) => (
          <label key={r} className={styles.check}>
            <input
              type="checkbox"
              checked={held.has(r)}
              onChange={(e) => {
                const next = new Set(held)
                if (e.target.checked) next.add(r)
                else next.delete(r)
                setHeld(next)
              }}
            />
            <span className={styles.mono}>{r}</span>
          </label>
        ))}
      </div>
    </Card>
  )
}

export function PermissionsPanel() {
  const { data, error, isLoading, mutate } = useSWR<Staff>('/ajax/staff/permissions', staffGet)
  if (!data) return <PanelState error={error} loading={isLoading} retry={() => mutate()} />
  return (
    <div className={styles.stack}>
      {data.staff.map((m) => (
        <MemberCard key={m.id} member={m} all={data.all} onSaved={() => void mutate()} />
      ))}
    </div>
  )
}
