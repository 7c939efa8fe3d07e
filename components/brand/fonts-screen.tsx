'use client'
// /asset-library/fonts and its three sources: the library's fonts, adding a hosted family from the
// catalogue, uploading a custom font file (WOFF, WOFF2, TTF or OTF up to 2 MB, checked by the
// server from its bytes) or linking a web font's https stylesheet. Without templates_write the
// lists are shown and the forms hidden.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import type { FontSource, FontView } from '@/lib/brand/fonts'
import { AssetLibraryNav } from './asset-library-nav'
import styles from './brand.module.css'

const KEY = '/ajax/asset-library/fonts'
type FontsData = { fonts: FontView[]; hosted: string[] }

export function FontsScreen({ source }: { source?: FontSource }) {
  const t = useTranslations('assetLibrary')
  const canEdit = usePermission(['templates_write'])
  const { data, error, mutate } = useSWR<FontsData>(KEY, (u: string) => http.get<FontsData>(u).then((r) => r.data))
  const sub = [
    { href: '/asset-library/fonts', label: t('allFonts') },
    { href: '/asset-library/fonts/hosted', label: t('source.hosted') },
    { href: '/asset-library/fonts/custom', label: t('source.custom') },
    { href: '/asset-library/fonts/web', label: t('source.web') },
  ]
  const shown = (data?.fonts ?? []).filter((f) => !source || f.source === source)
  const { save } = useSettingsSave({ saved: t('fontRemoved'), failed: t('saveError') }, 'toast')

  return (
    <Page>
      <PageHead title={t('fontsTitle')} description={t('fontsDescription')} />
      <PageBody>
        <AssetLibraryNav sub={sub} />
        <div className={styles.stack} data-testid={`fonts-${source ?? 'all'}`}>
          {canEdit && source === 'hosted' && data && <HostedForm hosted={data.hosted} onDone={() => void mutate()} />}
          {canEdit && source === 'custom' && <CustomForm onDone={() => void mutate()} />}
          {canEdit && source === 'web' && <WebForm onDone={() => void mutate()} />}
          {error ? (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {readHttpFailure(error).message ?? t('loadError')}
            </Notification>
          ) : !data ? (
            <div className={styles.loading}>
              <Spinner size="large" />
            </div>
          ) : shown.length === 0 ? (
            <EmptyState heading={t('noFontsHeading')} body={t('noFontsBody')} />
          ) : (
            <Card title={t('fontsTitle')}>
              <ul className={styles.list} aria-label={t('fontsTitle')}>
                {shown.map((f) => (
                  <li key={f.id} className={styles.item} data-testid="font-row">
                    <span>
                      <strong>{f.family}</strong> · {t(`source.${f.source as FontSource}`)}
                      {f.url && f.source === 'web' ? ` · ${f.url}` : ''}
                    </span>
                    {canEdit && (
                      <Button
                        size="small"
                        variant="tertiary"
                        onClick={() =>
                          void save(async () => {
                            await http.delete(`${KEY}/${f.id}`)
                            await mutate()
                          })
                        }
                      >
                        {t('remove')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}

function HostedForm({ hosted, onDone }: { hosted: string[]; onDone: () => void }) {
  const t = useTranslations('assetLibrary')
  const [family, setFamily] = useState(hosted[0] ?? '')
  const { busy, errors, save } = useSettingsSave({ saved: t('fontAdded'), failed: t('saveError') })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    void save(async () => {
      await http.post(KEY, { source: 'hosted', family })
      onDone()
    })
  }
  return (
    <form onSubmit={submit} noValidate data-testid="hosted-font-form">
      <Card title={t('addHosted')}>
        {errors._form && <Notification variant="error">{errors._form}</Notification>}
        <div className={styles.row}>
          <Select
            label={t('family')}
            name="family"
            options={hosted.map((h) => ({ value: h, label: h }))}
            value={family}
            error={errors.family}
            onChange={(e) => setFamily(e.target.value)}
          />
          <span />
          <Button type="submit" variant="primary" loading={busy}>
            {t('add')}
          </Button>
        </div>
      </Card>
    </form>
  )
}

function WebForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations('assetLibrary')
  const [family, setFamily] = useState('')
  const [url, setUrl] = useState('https://')
  const { busy, errors, save } = useSettingsSave({ saved: t('fontAdded'), failed: t('saveError') })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    void save(async () => {
      await http.post(KEY, { source: 'web', family, url })
      setFamily('')
      setUrl('https://')
      onDone()
    })
  }
  return (
    <form onSubmit={submit} noValidate data-testid="web-font-form">
      <Card title={t('addWeb')}>
        {errors._form && <Notification variant="error">{errors._form}</Notification>}
        <div className={styles.row}>
          <TextField
            label={t('family')}
            name="family"
            value={family}
            error={errors.family}
            onChange={(e) => setFamily(e.target.value)}
          />
          <TextField
            label={t('stylesheetUrl')}
            name="url"
            value={url}
            error={errors.url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <Button type="submit" variant="primary" loading={busy}>
            {t('add')}
          </Button>
        </div>
      </Card>
    </form>
  )
}

function CustomForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations('assetLibrary')
  const [family, setFamily] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const { busy, errors, save } = useSettingsSave({ saved: t('fontAdded'), failed: t('saveError') })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    void save(async () => {
      const form = new FormData()
      if (file) form.append('file', file)
      form.append('family', family)
      await http.post(`${KEY}/custom`, form)
      setFamily('')
      onDone()
    })
  }
  return (
    <form onSubmit={submit} noValidate data-testid="custom-font-form">
      <Card title={t('uploadCustom')}>
        <p className={styles.help}>{t('customHelp')}</p>
        {errors._form && <Notification variant="error">{errors._form}</Notification>}
        <div className={styles.row}>
          <TextField
            label={t('family')}
            name="family"
            value={family}
            error={errors.family}
            onChange={(e) => setFamily(e.target.value)}
          />
          <TextField
            label={t('fontFile')}
            name="file"
            type="file"
            accept=".woff,.woff2,.ttf,.otf,font/woff,font/woff2,font/ttf,font/otf"
            error={errors.file}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Button type="submit" variant="primary" loading={busy}>
            {t('upload')}
          </Button>
        </div>
      </Card>
    </form>
  )
}
