'use client'
// The blocks of the selected step in their order, and the palette that adds one.
import { useTranslations } from 'next-intl'
import { Select } from '@/components/ui/select'
import type { StepBlock } from './definition-edits'
import { BLOCK_KINDS, blockSummary, kindOf, type BlockKind } from './block-catalog'
import styles from './editor.module.css'

export interface BlocksPanelProps {
  blocks: StepBlock[]
  selected: number | null
  /** Indexes (in blocks) with a server error. */
  withErrors: ReadonlySet<number>
  onSelect: (index: number) => void
  onAdd: (kind: BlockKind) => void
}

export function BlocksPanel({ blocks, selected, withErrors, onSelect, onAdd }: BlocksPanelProps) {
  const t = useTranslations('forms')
  return (
    <section className={styles.panelSection} aria-labelledby="blocks-heading" data-testid="blocks-panel">
      <h3 id="blocks-heading" className={styles.panelHeading}>
        {t('blocks')}
      </h3>
      {blocks.length === 0 && <p className={styles.muted}>{t('noBlocks')}</p>}
      <ul className={styles.blockList}>
        {blocks.map(({ block }, i) => {
          const kind = kindOf(block)
          const summary = blockSummary(block)
          return (
            <li key={i}>
              <button
                type="button"
                className={`${styles.blockItem} ${selected === i ? styles.blockSelected : ''}`}
                aria-pressed={selected === i}
                onClick={() => onSelect(i)}
                data-testid={`block-${kind ?? block.type}`}
              >
                <span className={styles.blockKind}>{kind ? t(`blockKind.${kind}`) : block.type}</span>
                {summary && <span className={styles.blockSummary}>{summary}</span>}
                {withErrors.has(i) && <span className={styles.errorDot} aria-label={t('blockHasErrors')} />}
              </button>
            </li>
          )
        })}
      </ul>
      <Select
        label={t('addBlock')}
        name="add-block"
        value=""
        data-testid="add-block"
        onChange={(e) => {
          if (e.target.value) onAdd(e.target.value as BlockKind)
        }}
        options={[
          { value: '', label: t('chooseBlock') },
          ...BLOCK_KINDS.map((k) => ({ value: k, label: t(`blockKind.${k}`) })),
        ]}
      />
    </section>
  )
}
