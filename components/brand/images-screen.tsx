'use client'
// /asset-library/images: the account's image library, the same one the email editor picks from
// (ImageLibraryPicker), with an upload; picking an image shows its address to copy.
import { useRef, useState } from 'react'
import { useSWRConfig } from 'swr'
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { ImageLibraryPicker } from '@/components/templates/editor/image-library-picker'
import { templatesApi, type LibraryImage } from '@/components/templates/api'
import { AssetLibraryNav } from './asset-library-nav'
import styles from './brand.module.css'

export function ImagesScreen() {
  const t = useTranslations('assetLibrary')
  const canEdit = usePermission(['templates_write'])
  const { mutate } = useSWRConfig()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [picked, setPicked] = useState<LibraryImage | null>(null)

  async function upload(file: File) {
    setBusy(true)
    setFailure(null)
    try {
      setPicked(await templatesApi.uploadImage(file))
      await mutate((k) => Array.isArray(k) && k[0] === 'template-images')
    } catch (e) {
      const f = readHttpFailure(e)
      setFailure(f.fieldErrors.file ?? f.message ?? t('uploadError'))
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <Page>
      <PageHead
        title={t('imagesTitle')}
        description={t('imagesDescription')}
        actions={
          canEdit && (
            <>
              <input
                ref={input}
                type="file"
                hidden
                accept="image/png,image/jpeg,image/gif,image/webp"
                aria-label={t('uploadImage')}
                onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
              />
              <Button variant="primary" loading={busy} onClick={() => input.current?.click()}>
                {t('uploadImage')}
              </Button>
            </>
          )
        }
      />
      <PageBody>
        <AssetLibraryNav />
        <div className={styles.stack} data-testid="asset-images">
          {failure && <Notification variant="error">{failure}</Notification>}
          {picked && (
            <Notification variant="info">
              {t('imageAddress', { name: picked.name })} <code>{picked.url}</code>
            </Notification>
          )}
          <ImageLibraryPicker onPick={setPicked} />
        </div>
      </PageBody>
    </Page>
  )
}
