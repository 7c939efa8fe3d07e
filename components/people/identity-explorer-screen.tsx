'use client'
// /people/identity-explorer: find the profile behind any identifier (email, phone number,
// external id, anonymous id, profile id), see which of its identifiers matched and which
// profiles were merged into it.
import { useState, type FormEvent } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import shared from '@/components/lists/shared.module.css'

const KINDS = ['any', 'email', 'phone_number', 'external_id', 'anonymous_id', 'id'] as const
type Kind = (typeof KINDS)[number]

interface IdentityMatch {
  id: string
  email: string | null
  phoneNumber: string | null
  externalId: string | null
  anonymousId: string | null
  firstName: string | null
  lastName: string | null
  createdAt: string
  matchedOn: string[]
  merges: Array<{ mergedProfileId: string | null; at: string }>
}

export function IdentityExplorerScreen() {
  const t = useTranslations('audiencePages')
  const [identifier, setIdentifier] = useState('')
  const [kind, setKind] = useState<Kind>('any')
  const [search, setSearch] = useState<{ identifier: string; kind: Kind } | null>(null)
  const [inputError, setInputError] = useState<string>()

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!identifier.trim()) return setInputError(t('identifierRequired'))
    setSearch({ identifier: identifier.trim(), kind })
  }

  return (
    <Page>
      <PageHead title={t('identityTitle')} description={t('identityDescription')} />
      <PageBody>
        <div className={shared.stack}>
          <Card>
            <form className={shared.toolbar} onSubmit={submit} noValidate role="search">
              <div className={shared.toolbarGrow}>
                <TextField
                  label={t('identifierLabel')}
                  name="identifier"
                  value={identifier}
                  maxLength={255}
                  error={inputError}
                  onChange={(e) => {
                    setIdentifier(e.target.value)
                    setInputError(undefined)
                  }}
                  data-testid="identity-input"
                />
              </div>
              <Select
                label={t('identifierKind')}
                name="kind"
                value={kind}
                onChange={(e) => setKind(e.target.value as Kind)}
                options={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
              />
              <Button type="submit" variant="primary" data-testid="identity-search">
                {t('identitySearch')}
              </Button>
            </form>
          </Card>
          {search ? (
            <Results search={search} />
          ) : (
            <EmptyState heading={t('identityStartTitle')} body={t('identityStartBody')} />
          )}
        </div>
      </PageBody>
    </Page>
  )
}

function Results({ search }: { search: { identifier: string; kind: Kind } }) {
  const t = useTranslations('audiencePages')
  const key = `/ajax/people/identity?identifier=${encodeURIComponent(search.identifier)}&kind=${search.kind}`
  const { data, error } = useSWR(key, (u: string) => http.get<{ data: IdentityMatch[] }>(u).then((r) => r.data.data))
  if (error && !data) {
    const f = readHttpFailure(error)
    return (
      <EmptyState heading={t('errorTitle')} body={f.status === 400 ? (f.message ?? t('errorBody')) : t('errorBody')} />
    )
  }
  if (!data)
    return (
      <div className={shared.center}>
        <Spinner />
      </div>
    )
  if (!data.length) return <EmptyState heading={t('identityNoneTitle')} body={t('identityNoneBody')} />
  return (
    <>
      {data.map((p) => (
        <MatchCard key={p.id} match={p} />
      ))}
    </>
  )
}

function MatchCard({ match: p }: { match: IdentityMatch }) {
  const t = useTranslations('audiencePages')
  const format = useFormatter()
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || p.phoneNumber || p.id
  const rows: Array<[Kind, string | null]> = [
    ['email', p.email],
    ['phone_number', p.phoneNumber],
    ['external_id', p.externalId],
    ['anonymous_id', p.anonymousId],
    ['id', p.id],
  ]
  const when = (at: string) => format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Card
      title={
        <Link className={shared.link} href={`/profile/${encodeURIComponent(p.id)}`} data-testid="identity-profile">
          {name}
        </Link>
      }
    >
      <div className={shared.stack}>
        <dl>
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt className={shared.muted}>{t(`kind.${k}`)}</dt>
              <dd>
                {v ?? '–'} {p.matchedOn.includes(k) && <Badge variant="success">{t('matched')}</Badge>}
              </dd>
            </div>
          ))}
        </dl>
        <p className={shared.muted}>{t('createdAt', { at: when(p.createdAt) })}</p>
        <div>
          <h3>{t('mergesTitle')}</h3>
          {p.merges.length ? (
            <ul data-testid="identity-merges">
              {p.merges.map((m, i) => (
                <li key={`${m.mergedProfileId}-${i}`}>
                  {t('mergedProfile', { id: m.mergedProfileId ?? '?', at: when(m.at) })}
                </li>
              ))}
            </ul>
          ) : (
            <p className={shared.muted}>{t('noMerges')}</p>
          )}
        </div>
      </div>
    </Card>
  )
}
