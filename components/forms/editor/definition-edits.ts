// Pure edits of a form Version: every editor panel changes the draft through these, so the
// preview, the save and the tests see one shape. Each returns a new definition (never mutates).
import type { FormBlock, FormDefinition, FormStep, FormTrigger } from '../definition-types'

/** Where a block sits inside a step: column, row and position in the row. */
export interface BlockAddress {
  column: number
  row: number
  block: number
}
export interface StepBlock {
  address: BlockAddress
  block: FormBlock
}

// Definitions are plain JSON, so a JSON round trip is a faithful deep copy.
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T

export function stepBlocks(step: FormStep | undefined): StepBlock[] {
  if (!step) return []
  return step.columns.flatMap((c, column) =>
    c.rows.flatMap((r, row) => r.blocks.map((block, i) => ({ address: { column, row, block: i }, block }))),
  )
}

export function addStep(def: FormDefinition, name: string): FormDefinition {
  const next = clone(def)
  next.steps.push({ name, columns: [{ rows: [] }] })
  return next
}

export function renameStep(def: FormDefinition, index: number, name: string): FormDefinition {
  const next = clone(def)
  if (next.steps[index]) next.steps[index]!.name = name
  return next
}

export function moveStep(def: FormDefinition, index: number, by: -1 | 1): FormDefinition {
  const to = index + by
  if (to < 0 || to >= def.steps.length) return def
  const next = clone(def)
  const [step] = next.steps.splice(index, 1)
  next.steps.splice(to, 0, step!)
  return next
}

/** A form keeps at least one step (the server refuses an empty one). */
export function deleteStep(def: FormDefinition, index: number): FormDefinition {
  if (def.steps.length <= 1) return def
  const next = clone(def)
  next.steps.splice(index, 1)
  return next
}

/** Appends the block in a row of its own at the end of the step's last column. */
export function addBlock(def: FormDefinition, stepIndex: number, block: FormBlock): FormDefinition {
  const next = clone(def)
  const step = next.steps[stepIndex]
  if (!step) return def
  if (!step.columns.length) step.columns.push({ rows: [] })
  step.columns[step.columns.length - 1]!.rows.push({ blocks: [block] })
  return next
}

export function updateBlock(
  def: FormDefinition,
  stepIndex: number,
  at: BlockAddress,
  block: FormBlock,
): FormDefinition {
  const next = clone(def)
  const row = next.steps[stepIndex]?.columns[at.column]?.rows[at.row]
  if (!row?.blocks[at.block]) return def
  row.blocks[at.block] = block
  return next
}

export function removeBlock(def: FormDefinition, stepIndex: number, at: BlockAddress): FormDefinition {
  const next = clone(def)
  const column = next.steps[stepIndex]?.columns[at.column]
  const row = column?.rows[at.row]
  if (!column || !row?.blocks[at.block]) return def
  row.blocks.splice(at.block, 1)
  if (!row.blocks.length) column.rows.splice(at.row, 1)
  return next
}

/** Moves a block up or down: within its row when it shares one, else its row among the column's rows. */
export function moveBlock(def: FormDefinition, stepIndex: number, at: BlockAddress, by: -1 | 1): FormDefinition {
  const next = clone(def)
  const column = next.steps[stepIndex]?.columns[at.column]
  const row = column?.rows[at.row]
  if (!column || !row) return def
  const list: unknown[] = row.blocks.length > 1 ? row.blocks : column.rows
  const from = row.blocks.length > 1 ? at.block : at.row
  const to = from + by
  if (to < 0 || to >= list.length) return def
  const [item] = list.splice(from, 1)
  list.splice(to, 0, item)
  return next
}

/** The trigger of a kind, if the version has one. */
export function findTrigger(def: FormDefinition, type: string): FormTrigger | undefined {
  return def.triggers?.find((t) => t.type === type)
}

/** Sets (or with null removes) the one trigger of a kind, keeping the others in their order. */
export function setTrigger(
  def: FormDefinition,
  type: string,
  properties: Record<string, unknown> | null,
): FormDefinition {
  const next = clone(def)
  const triggers = next.triggers ?? []
  const i = triggers.findIndex((t) => t.type === type)
  if (properties === null) {
    if (i >= 0) triggers.splice(i, 1)
  } else if (i >= 0) {
    triggers[i] = { ...triggers[i]!, properties }
  } else {
    triggers.push(Object.keys(properties).length ? { type, properties } : { type })
  }
  next.triggers = triggers
  return next
}

/** Shallow-merges into a top-level object of the version (styles, properties). */
export function patchVersion<K extends 'styles' | 'properties'>(
  def: FormDefinition,
  key: K,
  patch: Partial<NonNullable<FormDefinition[K]>>,
): FormDefinition {
  const next = clone(def)
  next[key] = { ...(next[key] ?? {}), ...patch } as FormDefinition[K]
  return next
}
