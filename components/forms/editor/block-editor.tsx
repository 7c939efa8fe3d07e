'use client'
// Settings of the selected block: the fields its kind has, where it shows (device) and its place
// in the step. Server errors (JSON pointers under this block) show at the field they name.
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import type { FormBlock, Device } from '../definition-types'
import { kindOf } from './block-catalog'
import {
  ButtonFields,
  CouponFields,
  ImageFields,
  InputFields,
  OptionFields,
  SpacerFields,
  TextFields,
} from './block-fields'
import styles from './editor.module.css'

export interface BlockEditorProps {
  block: FormBlock
  /** Server messages under this block, keyed by the rest of the pointer ('/properties/label'). */
  errors?: Record<string, string>
  lists: { id: string; name: string }[]
  onChange: (block: FormBlock) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
  canMoveUp: boolean
  canMoveDown: boolean
}

export function BlockEditor({
  block,
  errors = {},
  lists,
  onChange,
  onMove,
  onRemove,
  canMoveUp,
  canMoveDown,
}: BlockEditorProps) {
  const t = useTranslations('forms')
  const kind = kindOf(block)
  const setProps = (patch: Record<string, unknown>) =>
    onChange({ ...block, properties: { ...(block.properties ?? {}), ...patch } })
  const device = (block.properties?.display_device?.[0] ?? 'both') as Device
  const common = { block, errors, onChange, setProps }
  return (
    <section className={styles.panelSection} aria-label={t('blockSettings')} data-testid="block-editor">
      <h3 className={styles.panelHeading}>{kind ? t(`blockKind.${kind}`) : block.type}</h3>
      {errors[''] && (
        <p className={styles.fieldError} role="alert">
          {errors['']}
        </p>
      )}
      {kind === 'text' && <TextFields {...common} />}
      {kind === 'spacer' && <SpacerFields {...common} />}
      {kind === 'image' && <ImageFields {...common} />}
      {(kind === 'email' || kind === 'phone' || kind === 'textField' || kind === 'date') && (
        <InputFields {...common} fixedProperty={kind === 'email' || kind === 'phone'} />
      )}
      {(kind === 'dropdown' || kind === 'checkbox') && (
        <>
          <InputFields {...common} fixedProperty={false} />
          <OptionFields {...common} />
        </>
      )}
      {kind === 'button' && <ButtonFields {...common} lists={lists} />}
      {kind === 'coupon' && <CouponFields {...common} />}
      {!kind && <p className={styles.muted}>{t('blockNotEditable')}</p>}
      <Select
        label={t('showOn')}
        name="display_device"
        value={device}
        onChange={(e) => setProps({ display_device: [e.target.value as Device] })}
        options={(['both', 'desktop', 'mobile'] as const).map((d) => ({ value: d, label: t(`device.${d}`) }))}
      />
      <div className={styles.buttonRow}>
        <Button size="small" onClick={() => onMove(-1)} disabled={!canMoveUp}>
          {t('moveUp')}
        </Button>
        <Button size="small" onClick={() => onMove(1)} disabled={!canMoveDown}>
          {t('moveDown')}
        </Button>
        <Button size="small" variant="danger" onClick={onRemove} data-testid="remove-block">
          {t('removeBlock')}
        </Button>
      </div>
    </section>
  )
}
