// parseFormVersion: the one gate a form definition passes before it is stored or served. zod
// checks the shape; then the checks across the tree: block count, step links (a spin-to-win slice
// names a step id; next_step goes to the following step) must point at a step and never loop back.
import type { ZodError } from 'zod'
import { BLOCK_TYPES } from './blocks'
import { TRIGGER_TYPES } from './triggers'
import { ACTION_TYPES } from './actions'
import { formVersion, MAX_BLOCKS, type FormVersionDefinition } from './version'
import { actionOf, blocksOf, flatSteps, toPointer, type Path } from './walk'

export interface DefinitionError {
  pointer: string
  message: string
}
export type ParseFormVersionResult =
  { ok: true; version: FormVersionDefinition } | { ok: false; errors: DefinitionError[] }

export function parseFormVersion(json: unknown): ParseFormVersionResult {
  const parsed = formVersion.safeParse(json)
  if (!parsed.success) return { ok: false, errors: zodErrors(parsed.error, json) }
  const version = parsed.data
  const errors = [...blockLimitErrors(version), ...stepLinkErrors(version)]
  return errors.length ? { ok: false, errors } : { ok: true, version }
}

function valueAt(root: unknown, path: Path): unknown {
  let v = root
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[p] : undefined
  return v
}

/** The kinds a discriminator at this path may take, by what the path points into. */
function kindsFor(path: Path): { what: string; kinds: readonly string[] } {
  const last = path.findLast((p) => typeof p === 'string')
  if (last === 'triggers') return { what: 'trigger', kinds: TRIGGER_TYPES }
  if (last === 'action') return { what: 'action', kinds: ACTION_TYPES }
  if (last === 'blocks') return { what: 'block', kinds: BLOCK_TYPES }
  return { what: 'kind', kinds: [] }
}

function zodErrors(error: ZodError, input: unknown): DefinitionError[] {
  const out: DefinitionError[] = []
  for (const issue of error.issues) {
    let path = issue.path as Path
    if (issue.code === 'invalid_union' && (issue as { discriminator?: string }).discriminator) {
      const disc = (issue as { discriminator: string }).discriminator
      // zod reports the discriminator's own path; the kind is decided by what holds it
      if (path.at(-1) === disc) path = path.slice(0, -1)
      const value = valueAt(input, [...path, disc])
      const { what, kinds } = kindsFor(path)
      const message =
        typeof value === 'string' && value
          ? `Unknown ${what} type "${value.slice(0, 64)}".${kinds.length ? ` Expected one of: ${kinds.join(', ')}.` : ''}`
          : `A ${what} needs a "${disc}".`
      out.push({ pointer: toPointer([...path, disc]), message })
      continue
    }
    out.push({ pointer: toPointer(path), message: issue.message })
  }
  return out
}

function blockLimitErrors(version: FormVersionDefinition): DefinitionError[] {
  const blocks = blocksOf(version)
  if (blocks.length <= MAX_BLOCKS) return []
  return [{ pointer: toPointer(blocks[MAX_BLOCKS]!.path), message: `A form holds at most ${MAX_BLOCKS} blocks.` }]
}

/** Dangling and cyclic step links. Edges: next_step → the following step, a slice's step_id → that step. */
function stepLinkErrors(version: FormVersionDefinition): DefinitionError[] {
  const steps = flatSteps(version)
  const byId = new Map(steps.filter((s) => s.step.id).map((s) => [s.step.id!, s.index]))
  const edges: Array<Array<{ to: number; path: Path }>> = steps.map(() => [])
  const errors: DefinitionError[] = []
  for (const { block, path, stepIndex } of blocksOf(version)) {
    const action = actionOf(block)
    if (action?.type === 'next_step') {
      const to = stepIndex + 1
      if (to >= steps.length)
        errors.push({
          pointer: toPointer([...path, 'action', 'type']),
          message: 'Goes to the next step, but this is the last step.',
        })
      else edges[stepIndex]!.push({ to, path: [...path, 'action'] })
    }
    if (block.type === 'spin_to_win') {
      block.properties.slices.forEach((slice, i) => {
        const at: Path = [...path, 'properties', 'slices', i, 'step_id']
        const to = byId.get(slice.step_id)
        if (to === undefined)
          errors.push({ pointer: toPointer(at), message: `No step has the id "${slice.step_id.slice(0, 64)}".` })
        else edges[stepIndex]!.push({ to, path: at })
      })
    }
  }
  const cycle = findCycle(edges)
  if (cycle)
    errors.push({
      pointer: toPointer(cycle),
      message: 'This step link leads back to a step already shown: step links may not form a cycle.',
    })
  return errors
}

/** The path of the link that closes the first cycle found (depth-first, white/grey/black). */
function findCycle(edges: Array<Array<{ to: number; path: Path }>>): Path | null {
  const state = edges.map(() => 0)
  const visit = (n: number): Path | null => {
    state[n] = 1
    for (const e of edges[n]!) {
      if (state[e.to] === 1) return e.path
      if (state[e.to] === 0) {
        const found = visit(e.to)
        if (found) return found
      }
    }
    state[n] = 2
    return null
  }
  for (let n = 0; n < edges.length; n++) {
    if (state[n] === 0) {
      const found = visit(n)
      if (found) return found
    }
  }
  return null
}
