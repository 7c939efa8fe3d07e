// The block editor's reducer: adding, moving, duplicating, updating and removing blocks at the
// top level and inside columns, email styles, undo/redo and the dirty flag; every result stays
// a valid block definition (the schema the server saves).
import { blockDefinition, type BlockDefinition } from '@/lib/templates/block-definition'
import {
  blockAt,
  editorReducer,
  initialEditorState,
  type EditorAction,
  type EditorState,
} from '@/components/templates/editor/editor-state'
import { BLOCK_TYPES, newBlock } from '@/components/templates/editor/block-factory'
import { blockPathOfIssue } from '@/components/templates/editor/use-draft-preview'
import { offsetOf } from '@/components/templates/editor/code-editor'
import { blockSummary } from '@/components/templates/editor/block-outline'

const base = (): BlockDefinition =>
  blockDefinition.parse({
    styles: {},
    body: [
      { type: 'text', html: '<p>A</p>' },
      { type: 'button', text: 'B', href: 'https://example.com' },
      { type: 'columns', columns: [{ blocks: [{ type: 'text', html: '<p>L</p>' }] }, { blocks: [] }] },
    ],
  })
const run = (actions: EditorAction[], s: EditorState = initialEditorState(base())) => actions.reduce(editorReducer, s)
const types = (s: EditorState) => s.definition.body.map((b) => b.type)

test('every palette block is valid against the block definition schema', () => {
  for (const type of BLOCK_TYPES) {
    const def = { version: 1, styles: {}, body: [newBlock(type)] }
    expect({ type, ok: blockDefinition.safeParse(def).success }).toEqual({ type, ok: true })
  }
})

test('add puts a block at the end, at an index, or into a column, and selects it', () => {
  let s = run([{ type: 'add', block: 'image' }])
  expect(types(s)).toEqual(['text', 'button', 'columns', 'image'])
  expect(s.selected).toBe('3')
  expect(s.dirty).toBe(true)
  s = run([{ type: 'add', block: 'divider', index: 1 }])
  expect(types(s)).toEqual(['text', 'divider', 'button', 'columns'])
  expect(s.selected).toBe('1')
  s = run([{ type: 'add', block: 'button', column: '2.1' }])
  expect(blockAt(s.definition, '2.1.0')?.type).toBe('button')
  expect(s.selected).toBe('2.1.0')
  // columns do not nest, and a column of a block that is not columns is refused
  expect(run([{ type: 'add', block: 'columns', column: '2.0' }]).dirty).toBe(false)
  expect(run([{ type: 'add', block: 'text', column: '0.0' }]).dirty).toBe(false)
  expect(blockDefinition.safeParse(s.definition).success).toBe(true)
})

test('move reorders within its own list and keeps the moved block selected', () => {
  let s = run([
    { type: 'select', path: '0' },
    { type: 'move', path: '0', to: 2 },
  ])
  expect(types(s)).toEqual(['button', 'columns', 'text'])
  expect(s.selected).toBe('2')
  s = run([{ type: 'move', path: '2', to: -5 }])
  expect(types(s)).toEqual(['columns', 'text', 'button'])
  // inside a column
  s = run([
    { type: 'add', block: 'image', column: '2.0' },
    { type: 'move', path: '2.0.1', to: 0 },
  ])
  expect(
    (s.definition.body[2] as { columns: { blocks: { type: string }[] }[] }).columns[0]!.blocks.map((b) => b.type),
  ).toEqual(['image', 'text'])
  // moving to its own place changes nothing
  expect(run([{ type: 'move', path: '1', to: 1 }]).dirty).toBe(false)
})

test('update patches the block (the type cannot change) and drops cleared optional fields', () => {
  let s = run([{ type: 'update', path: '1', patch: { text: 'Buy', backgroundColor: '#ff0000' } }])
  expect(s.definition.body[1]).toEqual({
    type: 'button',
    text: 'Buy',
    href: 'https://example.com',
    backgroundColor: '#ff0000',
  })
  s = editorReducer(s, { type: 'update', path: '1', patch: { backgroundColor: undefined, type: 'text' } as never })
  expect(s.definition.body[1]).toEqual({ type: 'button', text: 'Buy', href: 'https://example.com' })
  s = run([{ type: 'update', path: '2.0.0', patch: { html: '<p>Left</p>', fontSize: 18 } }])
  expect(blockAt(s.definition, '2.0.0')).toEqual({ type: 'text', html: '<p>Left</p>', fontSize: 18 })
  expect(run([{ type: 'update', path: '9', patch: {} }]).dirty).toBe(false)
})

test('duplicate inserts a deep copy after the block; remove deletes and clears the selection', () => {
  let s = run([{ type: 'duplicate', path: '2' }])
  expect(types(s)).toEqual(['text', 'button', 'columns', 'columns'])
  expect(s.selected).toBe('3')
  s = editorReducer(s, { type: 'update', path: '3.0.0', patch: { html: '<p>copy</p>' } })
  expect((blockAt(s.definition, '2.0.0') as { html: string }).html).toBe('<p>L</p>')
  s = run([
    { type: 'select', path: '1' },
    { type: 'remove', path: '1' },
  ])
  expect(types(s)).toEqual(['text', 'columns'])
  expect(s.selected).toBeNull()
})

test('styles, select of a missing block, undo and redo, and saved', () => {
  let s = run([{ type: 'styles', patch: { backgroundColor: '#000000', previewText: undefined } }])
  expect(s.definition.styles.backgroundColor).toBe('#000000')
  expect('previewText' in s.definition.styles).toBe(false)
  expect(run([{ type: 'select', path: '7' }]).selected).toBeNull()

  s = run([
    { type: 'add', block: 'spacer' },
    { type: 'remove', path: '0' },
  ])
  expect(types(s)).toEqual(['button', 'columns', 'spacer'])
  s = editorReducer(s, { type: 'undo' })
  expect(types(s)).toEqual(['text', 'button', 'columns', 'spacer'])
  s = editorReducer(s, { type: 'undo' })
  expect(types(s)).toEqual(['text', 'button', 'columns'])
  expect(editorReducer(s, { type: 'undo' })).toBe(s)
  s = editorReducer(s, { type: 'redo' })
  expect(types(s)).toEqual(['text', 'button', 'columns', 'spacer'])
  expect(s.future).toHaveLength(1)
  // a new edit clears the redo stack; saving clears dirty but keeps history
  s = editorReducer(s, { type: 'add', block: 'html' })
  expect(s.future).toHaveLength(0)
  s = editorReducer(s, { type: 'saved' })
  expect(s.dirty).toBe(false)
  expect(s.past.length).toBeGreaterThan(0)
  expect(editorReducer(s, { type: 'load', definition: base() })).toEqual(initialEditorState(base()))
})

test('server issue paths name the block they belong to', () => {
  expect(blockPathOfIssue('definition.body.2.href')).toBe('2')
  expect(blockPathOfIssue('definition.body.4.columns.1.blocks.0.src')).toBe('4.1.0')
  expect(blockPathOfIssue('definition.styles.backgroundColor')).toBeNull()
  expect(blockPathOfIssue(undefined)).toBeNull()
})

test('a line and column become an offset in the code', () => {
  const code = 'ab\ncdef\ng'
  expect(offsetOf(code, 1, 1)).toBe(0)
  expect(offsetOf(code, 2, 3)).toBe(5)
  expect(offsetOf(code, 3, 1)).toBe(8)
  expect(offsetOf(code, 9, 9)).toBe(code.length)
})

test('outline summaries are short and tag-free', () => {
  expect(blockSummary({ type: 'text', html: '<p>Hello <b>there</b></p>' })).toBe('Hello there')
  expect(blockSummary({ type: 'text', html: `<p>${'x'.repeat(80)}</p>` })).toHaveLength(48)
  expect(blockSummary({ type: 'social', links: [{ network: 'x', href: 'https://x.com' }] })).toBe('x')
})
