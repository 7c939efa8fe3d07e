// The block editor's state: the SYSTEM_DRAGGABLE definition being edited, the selected block,
// whether it differs from the saved version, and undo/redo. Pure, so it is tested without a DOM.
// A block is addressed by a path: "3" (the fourth top-level block) or "3.1.0" (first block of
// the second column of the columns block at 3).
import type { Block, BlockDefinition, LeafBlock } from '@/lib/templates/block-definition'
import { newBlock, type BlockType } from './block-factory'

export type BlockPath = string
export type Styles = BlockDefinition['styles']

export interface EditorState {
  definition: BlockDefinition
  selected: BlockPath | null
  dirty: boolean
  past: BlockDefinition[]
  future: BlockDefinition[]
}

export type EditorAction =
  | { type: 'load'; definition: BlockDefinition }
  | { type: 'saved' }
  | { type: 'select'; path: BlockPath | null }
  /** Adds at the end, or at `index` of the top level, or into a column (`column` = "i.c"). */
  | { type: 'add'; block: BlockType; index?: number; column?: string }
  /** Inserts a copy of a given block (saved content) at the top level. */
  | { type: 'insert'; block: Block; index?: number }
  /** Inserts copies of blocks right after the block at `path`, in its list; the selection stays. */
  | { type: 'insertAfter'; path: BlockPath; blocks: LeafBlock[] }
  | { type: 'remove'; path: BlockPath }
  | { type: 'duplicate'; path: BlockPath }
  /** Moves within the same list (top level or one column) to position `to`. */
  | { type: 'move'; path: BlockPath; to: number }
  | { type: 'update'; path: BlockPath; patch: Partial<Block> }
  | { type: 'styles'; patch: Partial<Styles> }
  | { type: 'undo' }
  | { type: 'redo' }

const HISTORY = 100

export function initialEditorState(definition: BlockDefinition): EditorState {
  return { definition, selected: null, dirty: false, past: [], future: [] }
}

export function parsePath(path: BlockPath): number[] {
  return path.split('.').map((p) => Number(p))
}

/** The block at a path, or undefined. */
export function blockAt(def: BlockDefinition, path: BlockPath): Block | LeafBlock | undefined {
  const [i, c, j] = parsePath(path)
  const top = def.body[i!]
  if (c === undefined) return top
  if (top?.type !== 'columns') return undefined
  return top.columns[c]?.blocks[j!]
}

/** The list a path lives in (a copy), and a function writing a new version of it back. */
function listOf(
  body: Block[],
  path: BlockPath,
): { list: Block[] | LeafBlock[]; index: number; put: (list: Block[] | LeafBlock[]) => Block[] } | null {
  const [i, c, j] = parsePath(path)
  if (c === undefined) return { list: [...body], index: i!, put: (l) => l as Block[] }
  const top = body[i!]
  if (top?.type !== 'columns' || !top.columns[c]) return null
  return {
    list: [...top.columns[c].blocks],
    index: j!,
    put: (l) =>
      body.map((b, k) =>
        k === i && b.type === 'columns'
          ? { ...b, columns: b.columns.map((col, ci) => (ci === c ? { blocks: l as LeafBlock[] } : col)) }
          : b,
      ),
  }
}

function pathIn(path: BlockPath, index: number): BlockPath {
  const parts = parsePath(path)
  parts[parts.length - 1] = index
  return parts.join('.')
}

function edit(
  state: EditorState,
  definition: BlockDefinition,
  selected: BlockPath | null = state.selected,
): EditorState {
  return { definition, selected, dirty: true, past: [...state.past, state.definition].slice(-HISTORY), future: [] }
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const def = state.definition
  switch (action.type) {
    case 'load':
      return initialEditorState(action.definition)
    case 'saved':
      return { ...state, dirty: false }
    case 'select':
      return { ...state, selected: action.path !== null && blockAt(def, action.path) ? action.path : null }
    case 'add': {
      if (action.column !== undefined) {
        if (action.block === 'columns') return state
        const [i, c] = parsePath(action.column)
        const top = def.body[i!]
        if (top?.type !== 'columns' || !top.columns[c!]) return state
        const at = top.columns[c!]!.blocks.length
        const loc = listOf(def.body, `${i}.${c}.${at}`)!
        const list = [...(loc.list as LeafBlock[]), newBlock(action.block) as LeafBlock]
        return edit(state, { ...def, body: loc.put(list) }, `${i}.${c}.${at}`)
      }
      const index = Math.max(0, Math.min(action.index ?? def.body.length, def.body.length))
      const body = [...def.body]
      body.splice(index, 0, newBlock(action.block))
      return edit(state, { ...def, body }, String(index))
    }
    case 'insert': {
      const index = Math.max(0, Math.min(action.index ?? def.body.length, def.body.length))
      const body = [...def.body]
      body.splice(index, 0, JSON.parse(JSON.stringify(action.block)) as Block)
      return edit(state, { ...def, body }, String(index))
    }
    case 'insertAfter': {
      const loc = listOf(def.body, action.path)
      if (!loc || !loc.list[loc.index] || !action.blocks.length) return state
      ;(loc.list as LeafBlock[]).splice(loc.index + 1, 0, ...(JSON.parse(JSON.stringify(action.blocks)) as LeafBlock[]))
      return edit(state, { ...def, body: loc.put(loc.list) })
    }
    case 'remove': {
      const loc = listOf(def.body, action.path)
      if (!loc || !loc.list[loc.index]) return state
      loc.list.splice(loc.index, 1)
      return edit(state, { ...def, body: loc.put(loc.list) }, null)
    }
    case 'duplicate': {
      const loc = listOf(def.body, action.path)
      const original = loc?.list[loc.index]
      if (!loc || !original) return state
      ;(loc.list as Block[]).splice(loc.index + 1, 0, JSON.parse(JSON.stringify(original)) as Block)
      return edit(state, { ...def, body: loc.put(loc.list) }, pathIn(action.path, loc.index + 1))
    }
    case 'move': {
      const loc = listOf(def.body, action.path)
      if (!loc || !loc.list[loc.index]) return state
      const to = Math.max(0, Math.min(action.to, loc.list.length - 1))
      if (to === loc.index) return state
      const [moved] = (loc.list as Block[]).splice(loc.index, 1)
      ;(loc.list as Block[]).splice(to, 0, moved!)
      const selected = state.selected === action.path ? pathIn(action.path, to) : state.selected
      return edit(state, { ...def, body: loc.put(loc.list) }, selected)
    }
    case 'update': {
      const loc = listOf(def.body, action.path)
      const current = loc?.list[loc.index]
      if (!loc || !current) return state
      const next = dropEmpty({ ...current, ...action.patch, type: current.type } as Block)
      ;(loc.list as Block[])[loc.index] = next
      return edit(state, { ...def, body: loc.put(loc.list) })
    }
    case 'styles':
      return edit(state, { ...def, styles: dropEmpty({ ...def.styles, ...action.patch }) })
    case 'undo': {
      const prev = state.past[state.past.length - 1]
      if (!prev) return state
      return {
        definition: prev,
        selected: validSelection(prev, state.selected),
        dirty: true,
        past: state.past.slice(0, -1),
        future: [def, ...state.future],
      }
    }
    case 'redo': {
      const [next, ...rest] = state.future
      if (!next) return state
      return {
        definition: next,
        selected: validSelection(next, state.selected),
        dirty: true,
        past: [...state.past, def],
        future: rest,
      }
    }
  }
}

function validSelection(def: BlockDefinition, path: BlockPath | null): BlockPath | null {
  return path !== null && blockAt(def, path) ? path : null
}

/** Optional fields cleared in a form are removed rather than saved as undefined or NaN. */
function dropEmpty<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && !(typeof v === 'number' && Number.isNaN(v))),
  ) as T
}
