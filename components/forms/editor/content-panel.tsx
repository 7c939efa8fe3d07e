'use client'
// The content tab: the steps, the selected step's blocks and the selected block's settings.
import { useTranslations } from 'next-intl'
import type { FormDefinition } from '../definition-types'
import {
  addBlock,
  addStep,
  deleteStep,
  moveBlock,
  moveStep,
  removeBlock,
  renameStep,
  stepBlocks,
  updateBlock,
} from './definition-edits'
import { newBlock } from './block-catalog'
import { blockPointer, errorsUnder, stepOfPointer, type PointerError } from './pointer-errors'
import { StepsPanel } from './steps-panel'
import { BlocksPanel } from './blocks-panel'
import { BlockEditor } from './block-editor'
import styles from './editor.module.css'

export interface ContentPanelProps {
  definition: FormDefinition
  errors: PointerError[]
  step: number
  block: number | null
  lists: { id: string; name: string }[]
  defaultListId: string | null
  onChange: (definition: FormDefinition) => void
  onSelect: (step: number, block: number | null) => void
}

export function ContentPanel({
  definition: def,
  errors,
  step,
  block,
  lists,
  defaultListId,
  onChange,
  onSelect,
}: ContentPanelProps) {
  const t = useTranslations('forms')
  const blocks = stepBlocks(def.steps[step])
  const current = block !== null ? blocks[block] : undefined
  const stepsWithErrors = new Set(errors.map((e) => stepOfPointer(e.pointer)).filter((s): s is number => s !== null))
  const blocksWithErrors = new Set(
    blocks.flatMap((b, i) => (Object.keys(errorsUnder(errors, blockPointer(step, b.address))).length ? [i] : [])),
  )
  const stepErrors = errorsUnder(errors, `/steps/${step}`)
  const stepLevel = stepErrors[''] ?? stepErrors['/columns'] ?? stepErrors['/name']
  const formLevel = errorsUnder(errors, '/steps')['']

  return (
    <div className={styles.panelStack}>
      {formLevel && (
        <p className={styles.fieldError} role="alert">
          {formLevel}
        </p>
      )}
      <StepsPanel
        steps={def.steps}
        selected={step}
        withErrors={stepsWithErrors}
        onSelect={(i) => onSelect(i, null)}
        onAdd={() => {
          onChange(addStep(def, t('stepName', { n: def.steps.length + 1 })))
          onSelect(def.steps.length, null)
        }}
        onRename={(i, name) => onChange(renameStep(def, i, name))}
        onMove={(i, by) => {
          onChange(moveStep(def, i, by))
          if (i === step) onSelect(Math.max(0, Math.min(def.steps.length - 1, i + by)), null)
        }}
        onDelete={(i) => {
          onChange(deleteStep(def, i))
          onSelect(Math.max(0, Math.min(step, def.steps.length - 2)), null)
        }}
      />
      {stepLevel && (
        <p className={styles.fieldError} role="alert">
          {stepLevel}
        </p>
      )}
      <BlocksPanel
        blocks={blocks}
        selected={block}
        withErrors={blocksWithErrors}
        onSelect={(i) => onSelect(step, i)}
        onAdd={(kind) => {
          onChange(addBlock(def, step, newBlock(kind, defaultListId)))
          onSelect(step, blocks.length)
        }}
      />
      {current && (
        <BlockEditor
          key={`${step}-${block}`}
          block={current.block}
          lists={lists}
          errors={errorsUnder(errors, blockPointer(step, current.address))}
          canMoveUp={block! > 0}
          canMoveDown={block! < blocks.length - 1}
          onChange={(b) => onChange(updateBlock(def, step, current.address, b))}
          onMove={(by) => {
            onChange(moveBlock(def, step, current.address, by))
            onSelect(step, block! + by)
          }}
          onRemove={() => {
            onChange(removeBlock(def, step, current.address))
            onSelect(step, null)
          }}
        />
      )}
    </div>
  )
}
