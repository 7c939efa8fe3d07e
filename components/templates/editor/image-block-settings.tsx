'use client'
// The image block's settings (issue 30 §4): upload an image or pick one from the account's
// library (both end up as our /media/images/… address, root-relative: media-path.ts), or type
// any address; alt text, link, width and alignment.
import { useRef, useState } from 'react'
import { useTranslations } from 'next-intl'
import type { LeafBlock } from '@/lib/templates/block-definition'
import { isHttpError } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { templatesApi } from '../api'
import { AlignField, InputField, NumberField } from './fields'
import { ImageLibraryPicker } from './image-library-picker'
import { mediaPath } from './media-path'
import styles from './editor.module.css'

type ImageBlock = Extract<LeafBlock, { type: 'image' }>
const MAX_BYTES = 5 * 1024 * 1024
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp'

export function ImageBlockSettings({ block, set }: { block: ImageBlock; set: (patch: Partial<ImageBlock>) => void }) {
  const t = useTranslations('templateEditor')
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [library, setLibrary] = useState(false)

  async function upload(file: File | undefined) {
    if (!file) return
    setError(null)
    if (file.size > MAX_BYTES) return setError(t('imageTooLarge'))
    setUploading(true)
    try {
      const image = await templatesApi.uploadImage(file)
      set({ src: mediaPath(image.url) })
    } catch (e) {
      const fields = isHttpError(e)
        ? (e.data as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors
        : undefined
      setError(fields?.file?.[0] ?? t('imageUploadError'))
    } finally {
      setUploading(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className={styles.settings}>
      <div className={styles.imageChoice}>
        {/* eslint-disable-next-line @next/next/no-img-element -- the block's own image, any address */}
        {block.src && <img className={styles.imageThumb} src={block.src} alt="" data-testid="image-thumb" />}
        <div className={styles.imageActions}>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            onChange={(e) => void upload(e.target.files?.[0])}
            data-testid="image-upload-input"
            aria-label={t('imageUpload')}
          />
          <Button size="small" loading={uploading} onClick={() => input.current?.click()} data-testid="image-upload">
            {t('imageUpload')}
          </Button>
          <Button
            size="small"
            variant="tertiary"
            aria-expanded={library}
            onClick={() => setLibrary(!library)}
            data-testid="image-library-toggle"
          >
            {t('imageFromLibrary')}
          </Button>
        </div>
      </div>
      {error && (
        <p className={styles.fieldError} role="alert" data-testid="image-upload-error">
          {error}
        </p>
      )}
      {library && (
        <ImageLibraryPicker
          onPick={(img) => {
            set({ src: mediaPath(img.url) })
            setLibrary(false)
          }}
        />
      )}
      <InputField label={t('imageSrc')} value={block.src} onChange={(src) => set({ src })} testId="image-src" />
      <InputField
        label={t('imageAlt')}
        value={block.alt}
        onChange={(alt) => set({ alt })}
        hint={t('imageAltHint')}
        testId="image-alt"
      />
      <InputField
        label={t('linkUrl')}
        value={block.href}
        placeholder="https://"
        onChange={(href) => set({ href: href || undefined })}
        testId="image-href"
      />
      <NumberField
        label={t('width')}
        unit="px"
        value={block.width}
        min={16}
        max={900}
        onChange={(width) => set({ width })}
      />
      <AlignField value={block.align} onChange={(align) => set({ align })} />
    </div>
  )
}
