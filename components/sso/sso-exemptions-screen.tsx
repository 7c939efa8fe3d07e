'use client'
// /sso/exemption-list: the members who may still sign in with a password while SSO is enforced.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { readHttpFailure } from '@/components/auth/http-failure'

type Members = { members: { id: number; email: string; role: string; exempt: boolean }[] }
const fetchMembers = (url: string) => http.get<Members>(url, { transformKeys: false }).then((r) => r.data)

export function SsoExemptionsScreen() {
  const t = useTranslations('sso')
  const { data, error, isLoading, mutate } = useSWR('/ajax/sso/exemptions', fetchMembers)
  const [failed, setFailed] = useState<string | null>(null)
  const toggle = async (id: number, exempt: boolean) => {
    setFailed(null)
    try {
      const r = exempt
        ? await http.post<Members>('/ajax/sso/exemptions', { userId: id }, { transformKeys: false })
        : await http.delete<Members>(`/ajax/sso/exemptions/${id}`, { transformKeys: false })
      await mutate(r.data, { revalidate: false })
    } catch (e) {
      setFailed(readHttpFailure(e).message ?? t('failed'))
    }
  }
  return (
    <Page>
      <PageHead title={t('exemptionsTitle')} description={t('exemptionsDescription')} />
      <PageBody>
        {failed && <Notification variant="error">{failed}</Notification>}
        {error && (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadFailed')}
          </Notification>
        )}
        {isLoading && <Spinner label={t('loading')} />}
        {data && (
          <Card flush>
            <Table
              caption={t('exemptionsTitle')}
              columns={[
                { key: 'email', header: t('email') },
                { key: 'role', header: t('role') },
                { key: 'exempt', header: t('mayUsePassword'), align: 'right' },
              ]}
              rows={data.members.map((m) => ({
                id: m.id,
                email: m.email,
                role: m.role,
                exempt: (
                  <input
                    type="checkbox"
                    aria-label={t('exemptLabel', { email: m.email })}
                    checked={m.exempt}
                    onChange={(e) => void toggle(m.id, e.target.checked)}
                  />
                ),
              }))}
              empty={t('noMembers')}
            />
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
