'use client'
// The settings of the selected block: its content and its styles (colors, padding, alignment,
// font size), per block type of the block definition.
import { useTranslations } from 'next-intl'
import type { Block, LeafBlock } from '@/lib/templates/block-definition'
import { Button } from '@/components/ui/button'
import { AlignField, AreaField, ColorField, InputField, NumberField } from './fields'
import { ImageBlockSettings } from './image-block-settings'
import { ProductBlockSettings } from './product-block-settings'
import { ReviewRequestBlockSettings } from './review-request-block-settings'
import { RichTextField } from './rich-text-field'
import styles from './editor.module.css'

const NETWORKS = ['facebook', 'instagram', 'x', 'tiktok', 'youtube', 'pinterest', 'linkedin'] as const
// Brand names, the same in every language.
const NETWORK_NAMES: Record<(typeof NETWORKS)[number], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
}

export function BlockSettings({
  block,
  onChange,
  onInsertAfter,
}: {
  block: Block | LeafBlock
  onChange: (patch: Partial<Block>) => void
  /** Adds blocks after this one (a catalog pick of several products). */
  onInsertAfter?: (blocks: LeafBlock[]) => void
}) {
  const t = useTranslations('templateEditor')
  const set = (patch: Record<string, unknown>) => onChange(patch as Partial<Block>)
  const varHint = t('variablesHint')

  switch (block.type) {
    case 'text':
      return (
        <div className={styles.settings}>
          <RichTextField
            label={t('textContent')}
            value={block.html}
            onChange={(html) => set({ html })}
            hint={varHint}
          />
          <AlignField value={block.align} onChange={(align) => set({ align })} />
          <ColorField label={t('textColor')} value={block.color} onChange={(color) => set({ color })} />
          <NumberField
            label={t('fontSize')}
            unit="px"
            value={block.fontSize}
            min={8}
            max={72}
            onChange={(fontSize) => set({ fontSize })}
          />
          <NumberField
            label={t('padding')}
            unit="px"
            value={block.padding}
            min={0}
            max={200}
            onChange={(padding) => set({ padding })}
          />
        </div>
      )
    case 'image':
      return <ImageBlockSettings block={block} set={set} />
    case 'button':
      return (
        <div className={styles.settings}>
          <InputField
            label={t('buttonText')}
            value={block.text}
            onChange={(text) => set({ text })}
            testId="button-text"
          />
          <InputField
            label={t('linkUrl')}
            value={block.href}
            placeholder="https://"
            onChange={(href) => set({ href })}
            testId="button-href"
          />
          <ColorField
            label={t('backgroundColor')}
            value={block.backgroundColor}
            onChange={(backgroundColor) => set({ backgroundColor })}
          />
          <ColorField label={t('textColor')} value={block.textColor} onChange={(textColor) => set({ textColor })} />
          <AlignField value={block.align} onChange={(align) => set({ align })} />
        </div>
      )
    case 'divider':
      return (
        <div className={styles.settings}>
          <ColorField label={t('lineColor')} value={block.color} onChange={(color) => set({ color })} />
          <NumberField
            label={t('thickness')}
            unit="px"
            value={block.thickness}
            min={1}
            max={20}
            onChange={(thickness) => set({ thickness })}
          />
        </div>
      )
    case 'spacer':
      return (
        <div className={styles.settings}>
          <NumberField
            label={t('height')}
            unit="px"
            value={block.height}
            min={1}
            max={400}
            onChange={(height) => set({ height: height ?? 1 })}
          />
        </div>
      )
    case 'html':
      return (
        <div className={styles.settings}>
          <AreaField
            label={t('htmlCode')}
            value={block.html}
            onChange={(html) => set({ html })}
            hint={t('htmlHint')}
            rows={12}
          />
        </div>
      )
    case 'social':
      return (
        <div className={styles.settings}>
          {block.links.map((link, i) => (
            <div key={i} className={styles.socialRow}>
              <select
                className={styles.input}
                aria-label={t('network')}
                value={link.network}
                onChange={(e) =>
                  set({ links: block.links.map((l, k) => (k === i ? { ...l, network: e.target.value } : l)) })
                }
              >
                {NETWORKS.map((n) => (
                  <option key={n} value={n}>
                    {NETWORK_NAMES[n]}
                  </option>
                ))}
              </select>
              <input
                className={styles.input}
                aria-label={t('linkUrl')}
                value={link.href}
                onChange={(e) =>
                  set({ links: block.links.map((l, k) => (k === i ? { ...l, href: e.target.value } : l)) })
                }
              />
              <Button
                size="small"
                variant="tertiary"
                disabled={block.links.length <= 1}
                aria-label={t('removeLink')}
                onClick={() => set({ links: block.links.filter((_, k) => k !== i) })}
              >
                ×
              </Button>
            </div>
          ))}
          {block.links.length < 10 && (
            <Button
              size="small"
              onClick={() =>
                set({
                  links: [
                    ...block.links,
                    {
                      network: NETWORKS.find((n) => !block.links.some((l) => l.network === n)) ?? 'facebook',
                      href: 'https://',
                    },
                  ],
                })
              }
            >
              {t('addLink')}
            </Button>
          )}
          <AlignField value={block.align} onChange={(align) => set({ align })} />
        </div>
      )
    case 'product':
      return <ProductBlockSettings block={block} set={set} onInsertAfter={onInsertAfter} />
    case 'review-request':
      return <ReviewRequestBlockSettings block={block} set={set} />
    case 'columns':
      return (
        <div className={styles.settings}>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>{t('columnCount')}</span>
            <div className={styles.segmented} role="group" aria-label={t('columnCount')}>
              {[2, 3, 4].map((n) => (
                <button
                  key={n}
                  type="button"
                  aria-pressed={block.columns.length === n}
                  onClick={() =>
                    set({
                      columns:
                        n > block.columns.length
                          ? [
                              ...block.columns,
                              ...Array.from({ length: n - block.columns.length }, () => ({ blocks: [] })),
                            ]
                          : [
                              ...block.columns.slice(0, n - 1),
                              { blocks: block.columns.slice(n - 1).flatMap((c) => c.blocks) },
                            ],
                    })
                  }
                >
                  {n}
                </button>
              ))}
            </div>
          </div>
          <p className={styles.fieldHint}>{t('columnsHint')}</p>
        </div>
      )
  }
}
