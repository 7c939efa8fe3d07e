'use client'
// /templates/themed: templates built from the brand kit. Each theme shows the brand's colours;
// choosing one makes a block-editor template (POST /ajax/asset-library/themed) and opens it.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { BrandKitView } from '@/lib/brand/get-brand-kit'
import styles from '@/components/brand/brand.module.css'

const THEMES = ['welcome', 'promotion', 'newsletter'] as const

export function ThemedTemplatesScreen() {
  const t = useTranslations('themedTemplates')
  const { data, error, mutate } = useSWR('/ajax/asset-library/brand', (u: string) =>
    http.get<{ brand: BrandKitView }>(u).then((r) => r.data.brand),
  )
  return (
    <Page>
      <PageHead
        title={t('title')}
        description={t('description')}
        actions={<Link href="/asset-library/brand">{t('editBrand')}</Link>}
      />
      <PageBody>
        {error ? (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        ) : !data ? (
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        ) : (
          <div className={styles.stack} data-testid="themed-templates">
            {!data.updated && <Notification variant="info">{t('noBrand')}</Notification>}
            <div className={styles.grid}>
              {THEMES.map((theme) => (
                <ThemeCard key={theme} theme={theme} kit={data} />
              ))}
            </div>
          </div>
        )}
      </PageBody>
    </Page>
  )
}

function ThemeCard({ theme, kit }: { theme: (typeof THEMES)[number]; kit: BrandKitView }) {
  const t = useTranslations('themedTemplates')
  const canEdit = usePermission(['templates_write'])
  const router = useRouter()
  const [name, setName] = useState(t(`theme.${theme}`))
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function use() {
    setBusy(true)
    setErrors({})
    try {
      const r = await http.post<{ template: { id: string } }>('/ajax/asset-library/themed', { theme, name })
      router.push(`/email-template-editor/template/${encodeURIComponent(r.data.template.id)}`)
    } catch (e) {
      const f = readHttpFailure(e)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('createError') })
      setBusy(false)
    }
  }

  return (
    <Card title={t(`theme.${theme}`)}>
      <div className={styles.stack} data-testid={`theme-${theme}`}>
        <div
          className={styles.swatches}
          style={{ background: kit.styles.colors.background, padding: 8, fontFamily: kit.styles.fonts.body }}
        >
          <span className={styles.swatch} style={{ background: kit.styles.colors.primary }} />
          <span className={styles.swatch} style={{ background: kit.styles.colors.secondary }} />
          <span className={styles.swatch} style={{ background: kit.styles.button.backgroundColor }} />
        </div>
        <p className={styles.help}>{t(`themeHelp.${theme}`)}</p>
        {errors._form && <Notification variant="error">{errors._form}</Notification>}
        {canEdit && (
          <>
            <TextField
              label={t('name')}
              name={`name-${theme}`}
              value={name}
              error={errors.name}
              onChange={(e) => setName(e.target.value)}
            />
            <Button variant="primary" loading={busy} onClick={() => void use()}>
              {t('use')}
            </Button>
          </>
        )}
      </div>
    </Card>
  )
}
