'use client'
// The left panel of the block editor: the palette that adds blocks, and the outline of the
// email's blocks: click to select, drag (or the arrow buttons, for keyboards) to reorder,
// duplicate and remove. Columns list their own blocks and take new ones.
import { useState, type DragEvent } from 'react'
import { useTranslations } from 'next-intl'
import type { Block, BlockDefinition, LeafBlock } from '@/lib/templates/block-definition'
import { BLOCK_TYPES, type BlockType } from './block-factory'
import type { BlockPath, EditorAction } from './editor-state'
import styles from './editor.module.css'

export const BLOCK_LABEL_KEYS: Record<BlockType, string> = {
  text: 'blockText',
  image: 'blockImage',
  button: 'blockButton',
  divider: 'blockDivider',
  spacer: 'blockSpacer',
  columns: 'blockColumns',
  product: 'blockProduct',
  'review-request': 'blockReviewRequest',
  html: 'blockHtml',
  social: 'blockSocial',
}

/** A short description of a block's content for the outline. */
export function blockSummary(b: Block | LeafBlock): string {
  const clip = (s: string) => (s.length > 48 ? `${s.slice(0, 47)}…` : s)
  switch (b.type) {
    case 'text':
      return clip(
        b.html
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
    case 'image':
      return clip(b.alt || b.src.split('/').pop() || '')
    case 'button':
      return clip(b.text)
    case 'product':
      return clip(b.title)
    case 'social':
      return b.links.map((l) => l.network).join(', ')
    case 'spacer':
      return `${b.height}px`
    case 'columns':
      return String(b.columns.length)
    default:
      return ''
  }
}

export function BlockPalette({ onAdd }: { onAdd: (type: BlockType) => void }) {
  const t = useTranslations('templateEditor')
  return (
    <div className={styles.palette} role="group" aria-label={t('addBlock')}>
      {BLOCK_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          className={styles.paletteItem}
          onClick={() => onAdd(type)}
          data-testid={`add-${type}`}
        >
          <span aria-hidden="true">+</span> {t(BLOCK_LABEL_KEYS[type])}
        </button>
      ))}
    </div>
  )
}

interface OutlineProps {
  definition: BlockDefinition
  selected: BlockPath | null
  invalid: Set<BlockPath>
  dispatch: (a: EditorAction) => void
}

export function BlockOutline({ definition, selected, invalid, dispatch }: OutlineProps) {
  const t = useTranslations('templateEditor')
  if (!definition.body.length) return <p className={styles.outlineEmpty}>{t('outlineEmpty')}</p>
  return (
    <BlockList
      blocks={definition.body}
      prefix=""
      selected={selected}
      invalid={invalid}
      dispatch={dispatch}
      label={t('outlineLabel')}
    />
  )
}

function BlockList({
  blocks,
  prefix,
  selected,
  invalid,
  dispatch,
  label,
}: {
  blocks: (Block | LeafBlock)[]
  prefix: string
  selected: BlockPath | null
  invalid: Set<BlockPath>
  dispatch: (a: EditorAction) => void
  label: string
}) {
  const t = useTranslations('templateEditor')
  const [dragFrom, setDragFrom] = useState<number | null>(null)
  const [over, setOver] = useState<number | null>(null)
  // One drag list per level: a block moves within its own list (top level or one column).
  const mime = `application/x-block${prefix ? `-${prefix.replace(/\./g, '-')}` : ''}`

  function onDrop(e: DragEvent, to: number) {
    e.preventDefault()
    e.stopPropagation()
    const from = Number(e.dataTransfer.getData(mime))
    setOver(null)
    setDragFrom(null)
    if (Number.isInteger(from) && from !== to) dispatch({ type: 'move', path: `${prefix}${from}`, to })
  }

  return (
    <ol className={styles.outline} aria-label={label}>
      {blocks.map((b, i) => {
        const path = `${prefix}${i}`
        const name = t(BLOCK_LABEL_KEYS[b.type])
        const summary = blockSummary(b)
        return (
          <li
            key={path}
            className={styles.outlineItem}
            data-over={over === i && dragFrom !== i ? 'true' : undefined}
            onDragOver={(e) => {
              if (e.dataTransfer.types.includes(mime)) {
                e.preventDefault()
                e.stopPropagation()
                setOver(i)
              }
            }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => onDrop(e, i)}
          >
            <div
              className={styles.outlineRow}
              data-selected={selected === path ? 'true' : undefined}
              data-invalid={invalid.has(path) ? 'true' : undefined}
              draggable
              onDragStart={(e) => {
                e.stopPropagation()
                e.dataTransfer.setData(mime, String(i))
                e.dataTransfer.effectAllowed = 'move'
                setDragFrom(i)
              }}
              onDragEnd={() => {
                setDragFrom(null)
                setOver(null)
              }}
              data-testid={`block-${path}`}
            >
              <span className={styles.handle} aria-hidden="true">
                ⋮⋮
              </span>
              <button
                type="button"
                className={styles.outlineSelect}
                onClick={() => dispatch({ type: 'select', path })}
                aria-current={selected === path ? 'true' : undefined}
              >
                <span className={styles.outlineName}>{name}</span>
                {summary && <span className={styles.outlineSummary}>{summary}</span>}
              </button>
              <span className={styles.outlineTools}>
                <button
                  type="button"
                  onClick={() => dispatch({ type: 'move', path, to: i - 1 })}
                  disabled={i === 0}
                  aria-label={t('moveUp', { name })}
                  title={t('moveUp', { name })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  onClick={() => dispatch({ type: 'move', path, to: i + 1 })}
                  disabled={i === blocks.length - 1}
                  aria-label={t('moveDown', { name })}
                  title={t('moveDown', { name })}
                >
                  ↓
                </button>
                <button
                  type="button"
                  onClick={() => dispatch({ type: 'duplicate', path })}
                  aria-label={t('duplicate', { name })}
                  title={t('duplicate', { name })}
                >
                  <CopyGlyph />
                </button>
                <button
                  type="button"
                  onClick={() => dispatch({ type: 'remove', path })}
                  aria-label={t('remove', { name })}
                  title={t('remove', { name })}
                  data-testid={`remove-${path}`}
                >
                  ×
                </button>
              </span>
            </div>
            {b.type === 'columns' && (
              <div className={styles.columns}>
                {b.columns.map((col, c) => (
                  <div key={c} className={styles.column}>
                    <span className={styles.columnTitle}>{t('columnN', { n: c + 1 })}</span>
                    {col.blocks.length > 0 && (
                      <BlockList
                        blocks={col.blocks}
                        prefix={`${path}.${c}.`}
                        selected={selected}
                        invalid={invalid}
                        dispatch={dispatch}
                        label={t('columnN', { n: c + 1 })}
                      />
                    )}
                    <select
                      className={styles.columnAdd}
                      value=""
                      aria-label={t('addToColumn', { n: c + 1 })}
                      onChange={(e) => {
                        if (e.target.value)
                          dispatch({ type: 'add', block: e.target.value as BlockType, column: `${i}.${c}` })
                      }}
                    >
                      <option value="">{t('addToColumnShort')}</option>
                      {BLOCK_TYPES.filter((x) => x !== 'columns').map((x) => (
                        <option key={x} value={x}>
                          {t(BLOCK_LABEL_KEYS[x])}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </div>
            )}
          </li>
        )
      })}
    </ol>
  )
}

function CopyGlyph() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </svg>
  )
}
