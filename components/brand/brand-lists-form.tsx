'use client'
// The header links (label + URL, up to 8) and the social icons (one URL per network) of the brand
// kit: each a list edited in place and saved on its own.
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import type { BrandKitView } from '@/lib/brand/get-brand-kit'
import { SOCIAL_NETWORKS, type HeaderLink, type SocialIcon } from '@/lib/brand/brand-kit-schema'
import { BRAND_KEY, type BrandMutate } from './brand-screen'
import styles from './brand.module.css'

function ListForm({
  title,
  testId,
  help,
  onSubmit,
  onAdd,
  canAdd,
  errors,
  busy,
  children,
}: {
  title: string
  testId: string
  help: string
  onSubmit: () => void
  onAdd: () => void
  canAdd: boolean
  errors: Record<string, string>
  busy: boolean
  children: ReactNode
}) {
  const t = useTranslations('assetLibrary')
  const canEdit = usePermission(['templates_write'])
  return (
    <form
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault()
        onSubmit()
      }}
      noValidate
      data-testid={testId}
    >
      <fieldset disabled={!canEdit} className={styles.stack} style={{ border: 0, padding: 0, margin: 0 }}>
        {!canEdit && <Notification variant="info">{t('readOnly')}</Notification>}
        {errors._form && <Notification variant="error">{errors._form}</Notification>}
        <Card title={title}>
          <p className={styles.help}>{help}</p>
          <div className={styles.stack}>{children}</div>
        </Card>
        <div className={styles.footer}>
          <Button type="button" onClick={onAdd} disabled={!canAdd}>
            {t('add')}
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            {t('save')}
          </Button>
        </div>
      </fieldset>
    </form>
  )
}

export function HeaderLinksForm({ kit, mutate }: { kit: BrandKitView; mutate: BrandMutate }) {
  const t = useTranslations('assetLibrary')
  const [links, setLinks] = useState<HeaderLink[]>(kit.headerLinks)
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const set = (i: number, v: Partial<HeaderLink>) => setLinks(links.map((l, j) => (j === i ? { ...l, ...v } : l)))
  const submit = () =>
    save(async () => {
      const res = await http.put<{ brand: BrandKitView }>(BRAND_KEY, { headerLinks: links })
      await mutate(res.data, { revalidate: false })
    })
  return (
    <ListForm
      title={t('headerLinks')}
      testId="header-links-form"
      help={t('headerLinksHelp')}
      onSubmit={() => void submit()}
      onAdd={() => setLinks([...links, { label: '', url: 'https://' }])}
      canAdd={links.length < 8}
      errors={errors}
      busy={busy}
    >
      {links.length === 0 && <p className={styles.help}>{t('noLinks')}</p>}
      {errors.headerLinks && <Notification variant="error">{errors.headerLinks}</Notification>}
      {links.map((l, i) => (
        <div key={i} className={styles.row}>
          <TextField
            label={t('linkLabel')}
            name={`label-${i}`}
            value={l.label}
            error={errors[`headerLinks.${i}.label`]}
            onChange={(e) => set(i, { label: e.target.value })}
          />
          <TextField
            label={t('linkUrl')}
            name={`url-${i}`}
            value={l.url}
            error={errors[`headerLinks.${i}.url`]}
            onChange={(e) => set(i, { url: e.target.value })}
          />
          <Button type="button" variant="tertiary" onClick={() => setLinks(links.filter((_, j) => j !== i))}>
            {t('remove')}
          </Button>
        </div>
      ))}
    </ListForm>
  )
}

export function SocialIconsForm({ kit, mutate }: { kit: BrandKitView; mutate: BrandMutate }) {
  const t = useTranslations('assetLibrary')
  const [icons, setIcons] = useState<SocialIcon[]>(kit.socialIcons)
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const set = (i: number, v: Partial<SocialIcon>) => setIcons(icons.map((l, j) => (j === i ? { ...l, ...v } : l)))
  const unused = SOCIAL_NETWORKS.filter((n) => !icons.some((i) => i.network === n))
  const submit = () =>
    save(async () => {
      const res = await http.put<{ brand: BrandKitView }>(BRAND_KEY, { socialIcons: icons })
      await mutate(res.data, { revalidate: false })
    })
  return (
    <ListForm
      title={t('socialIcons')}
      testId="social-icons-form"
      help={t('socialIconsHelp')}
      onSubmit={() => void submit()}
      onAdd={() => unused[0] && setIcons([...icons, { network: unused[0], url: 'https://' }])}
      canAdd={unused.length > 0}
      errors={errors}
      busy={busy}
    >
      {icons.length === 0 && <p className={styles.help}>{t('noIcons')}</p>}
      {errors.socialIcons && <Notification variant="error">{errors.socialIcons}</Notification>}
      {icons.map((icon, i) => (
        <div key={i} className={styles.row}>
          <Select
            label={t('network')}
            name={`network-${i}`}
            options={SOCIAL_NETWORKS.map((n) => ({ value: n, label: t(`networks.${n}`) }))}
            value={icon.network}
            onChange={(e) => set(i, { network: e.target.value as SocialIcon['network'] })}
          />
          <TextField
            label={t('linkUrl')}
            name={`icon-url-${i}`}
            value={icon.url}
            error={errors[`socialIcons.${i}.url`]}
            onChange={(e) => set(i, { url: e.target.value })}
          />
          <Button type="button" variant="tertiary" onClick={() => setIcons(icons.filter((_, j) => j !== i))}>
            {t('remove')}
          </Button>
        </div>
      ))}
    </ListForm>
  )
}
