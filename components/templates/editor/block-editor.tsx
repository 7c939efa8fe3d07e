'use client'
// The block editor of SYSTEM_DRAGGABLE templates: blocks on the left, the email as the server
// renders it in the middle (desktop or phone width), the selected block's settings, or the
// email's styles, on the right.
import { useEffect, useMemo, useReducer, useState } from 'react'
import { useTranslations } from 'next-intl'
import type { BlockDefinition, LeafBlock } from '@/lib/templates/block-definition'
import { Button } from '@/components/ui/button'
import type { TemplateIssue } from '../api'
import { BlockOutline, BlockPalette, BLOCK_LABEL_KEYS } from './block-outline'
import { BlockSettings } from './block-settings'
import type { BlockType } from './block-factory'
import { StylesPanel } from './styles-panel'
import { BrandPalette } from './brand-palette'
import { canSaveBlock, SaveBlockButton, SavedContentPalette } from './saved-content-panel'
import { DeviceToggle, PreviewFrame, type Device } from './preview-frame'
import { blockAt, editorReducer, initialEditorState, parsePath } from './editor-state'
import { blockPathOfIssue, useDraftPreview } from './use-draft-preview'
import styles from './editor.module.css'

export interface BlockEditorProps {
  templateId: string
  initial: BlockDefinition
  /** Bumped after each successful save: the current state becomes the saved one. */
  savedVersion: number
  serverIssues: TemplateIssue[]
  readOnly?: boolean
  onChange: (definition: BlockDefinition, dirty: boolean) => void
}

export function BlockEditor({ templateId, initial, savedVersion, serverIssues, readOnly, onChange }: BlockEditorProps) {
  const t = useTranslations('templateEditor')
  const tb = useTranslations('assetLibrary')
  const [state, dispatch] = useReducer(editorReducer, initial, initialEditorState)
  const [device, setDevice] = useState<Device>('desktop')
  const preview = useDraftPreview(templateId, { definition: state.definition })

  useEffect(() => {
    if (savedVersion > 0) dispatch({ type: 'saved' })
  }, [savedVersion])
  useEffect(() => {
    onChange(state.definition, state.dirty)
  }, [state.definition, state.dirty, onChange])

  // Problems from the last save, else from the live preview (the same validation).
  const issues = serverIssues.length ? serverIssues : preview.issues
  const invalid = useMemo(
    () => new Set(issues.map((i) => blockPathOfIssue(i.path)).filter((p): p is string => p !== null)),
    [issues],
  )
  const selectedBlock = state.selected !== null ? blockAt(state.definition, state.selected) : undefined

  function add(type: BlockType) {
    // After the selected top-level block, else at the end.
    const index = state.selected !== null ? parsePath(state.selected)[0]! + 1 : undefined
    dispatch({ type: 'add', block: type, index })
  }

  function insert(block: LeafBlock) {
    const index = state.selected !== null ? parsePath(state.selected)[0]! + 1 : undefined
    dispatch({ type: 'insert', block, index })
  }

  return (
    <div className={styles.blockEditor}>
      <aside className={styles.leftPanel} aria-label={t('blocksPanel')}>
        {!readOnly && (
          <section className={styles.panelSection}>
            <div className={styles.panelHead}>
              <h2 className={styles.panelTitle}>{t('addBlock')}</h2>
              <span className={styles.undo}>
                <Button
                  size="small"
                  variant="tertiary"
                  onClick={() => dispatch({ type: 'undo' })}
                  disabled={!state.past.length}
                  data-testid="undo"
                >
                  {t('undo')}
                </Button>
                <Button
                  size="small"
                  variant="tertiary"
                  onClick={() => dispatch({ type: 'redo' })}
                  disabled={!state.future.length}
                >
                  {t('redo')}
                </Button>
              </span>
            </div>
            <BlockPalette onAdd={add} />
          </section>
        )}
        {!readOnly && (
          <section className={styles.panelSection}>
            <h2 className={styles.panelTitle}>{t('savedContent')}</h2>
            <SavedContentPalette onInsert={insert} />
          </section>
        )}
        {!readOnly && (
          <section className={styles.panelSection}>
            <h2 className={styles.panelTitle}>{tb('brandBlocks')}</h2>
            <BrandPalette onInsert={insert} onStyles={(patch) => dispatch({ type: 'styles', patch })} />
          </section>
        )}
        <section className={styles.panelSection}>
          <h2 className={styles.panelTitle}>{t('outlineTitle')}</h2>
          <BlockOutline
            definition={state.definition}
            selected={state.selected}
            invalid={invalid}
            dispatch={readOnly ? () => {} : dispatch}
          />
        </section>
      </aside>
      <section className={styles.canvas} aria-label={t('previewLabel')}>
        <div className={styles.previewBar}>
          <DeviceToggle device={device} onChange={setDevice} />
        </div>
        {issues.length > 0 && (
          <ul className={styles.issues} role="alert" data-testid="block-issues">
            {issues.map((i, k) => {
              const path = blockPathOfIssue(i.path)
              return (
                <li key={k}>
                  {path !== null ? (
                    <button
                      type="button"
                      className={styles.issueLink}
                      onClick={() => dispatch({ type: 'select', path })}
                    >
                      {t(BLOCK_LABEL_KEYS[blockAt(state.definition, path)?.type ?? 'text'])}{' '}
                      {path
                        .split('.')
                        .map((n) => Number(n) + 1)
                        .join('.')}
                    </button>
                  ) : i.line ? (
                    <span>{t('lineColumn', { line: i.line, column: i.column ?? 1 })}</span>
                  ) : null}
                  <span>{i.message}</span>
                </li>
              )
            })}
          </ul>
        )}
        <PreviewFrame html={preview.html} device={device} loading={preview.loading} />
      </section>
      <aside className={styles.rightPanel} aria-label={t('settingsPanel')}>
        {selectedBlock ? (
          <section className={styles.panelSection}>
            <div className={styles.panelHead}>
              <h2 className={styles.panelTitle}>{t(BLOCK_LABEL_KEYS[selectedBlock.type])}</h2>
              <Button size="small" variant="tertiary" onClick={() => dispatch({ type: 'select', path: null })}>
                {t('emailStyles')}
              </Button>
            </div>
            <fieldset disabled={readOnly} className={styles.fieldset}>
              <BlockSettings
                key={state.selected}
                block={selectedBlock}
                onChange={(patch) => dispatch({ type: 'update', path: state.selected!, patch })}
                onInsertAfter={(blocks) => dispatch({ type: 'insertAfter', path: state.selected!, blocks })}
              />
            </fieldset>
            {!readOnly && canSaveBlock(selectedBlock) && (
              <div className={styles.saveBlock}>
                <SaveBlockButton block={selectedBlock as LeafBlock} />
              </div>
            )}
          </section>
        ) : (
          <section className={styles.panelSection}>
            <h2 className={styles.panelTitle}>{t('emailStyles')}</h2>
            <fieldset disabled={readOnly} className={styles.fieldset}>
              <StylesPanel value={state.definition.styles} onChange={(patch) => dispatch({ type: 'styles', patch })} />
            </fieldset>
            <p className={styles.fieldHint}>{t('selectBlockHint')}</p>
          </section>
        )}
      </aside>
    </div>
  )
}
