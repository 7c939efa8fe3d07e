// Walks a parsed definition's steps, blocks and actions with their JSON paths, for the checks
// zod cannot express and for the store (channel, list and type kept in sync on save).
import type { FormBlock } from './blocks'
import type { BlockAction } from './actions'
import type { FormStep, FormVersionDefinition } from './version'

export type Path = Array<string | number>
export interface StepAt {
  step: FormStep
  path: Path
  index: number
}
export interface BlockAt {
  block: FormBlock
  path: Path
  stepIndex: number
}

/** Steps in display order (nested steps after their parent), each with its flat index. */
export function flatSteps(version: Pick<FormVersionDefinition, 'steps'>): StepAt[] {
  const out: StepAt[] = []
  const visit = (steps: FormStep[], path: Path) =>
    steps.forEach((step, i) => {
      out.push({ step, path: [...path, i], index: out.length })
      if (step.steps?.length) visit(step.steps, [...path, i, 'steps'])
    })
  visit(version.steps, ['steps'])
  return out
}

export function blocksOf(version: Pick<FormVersionDefinition, 'steps'>): BlockAt[] {
  const out: BlockAt[] = []
  for (const s of flatSteps(version)) {
    s.step.columns.forEach((c, ci) =>
      (c.rows ?? []).forEach((r, ri) =>
        r.blocks.forEach((block, bi) => {
          out.push({ block, path: [...s.path, 'columns', ci, 'rows', ri, 'blocks', bi], stepIndex: s.index })
        }),
      ),
    )
  }
  return out
}

export function actionOf(block: FormBlock): BlockAction | null {
  return 'action' in block && block.action ? (block.action as BlockAction) : null
}

export const toPointer = (path: Path) =>
  path.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('')
