/** @jest-environment node */
// The translatable strings of a template: HTML-only templates give their text runs (not styles,
// scripts, attributes, or runs that are only template tags), replaced in place with every tag
// kept as written; a block template gives its blocks' text; ids follow the original text, so a
// moved block keeps its translation and a missing translation leaves the original.
import { htmlTextRuns, replaceTextRuns } from '@/lib/templates/translations/html-text-nodes'
import { applyTemplateStrings, stringId, templateStrings } from '@/lib/templates/translations/translatable-strings'
import { pickTranslation } from '@/lib/templates/translations/send-translations'

const html = `<html><head><title>Sale</title><style>p { color: red }</style></head>
<body><p class="x" title="Not me">Hello {{ first_name }},</p>
<script>var a = "no"</script><div>{{ coupon }}</div><a href="{% unsubscribe_link %}">Unsubscribe &amp; leave</a>
<p>Hello {{ first_name }},</p></body></html>`

test('an HTML template: its text runs, once each, without styles, scripts or tag-only runs', () => {
  // the head (its title too) is not read by the recipient in the message
  expect(htmlTextRuns(html).map((r) => r.text)).toEqual([
    'Hello {{ first_name }},',
    'Unsubscribe &amp; leave',
    'Hello {{ first_name }},',
  ])
  const strings = templateStrings({ editorType: 'CODE', html, definition: null, subject: 'Big sale' })
  expect(strings.map((s) => s.source)).toEqual(['Big sale', 'Hello {{ first_name }},', 'Unsubscribe &amp; leave'])
})

test('replacing runs keeps every tag and attribute as written', () => {
  const runs = htmlTextRuns(html)
  const out = replaceTextRuns(html, runs, (t) => (t.startsWith('Hello') ? 'Bonjour {{ first_name }},' : undefined))
  expect(out).toBe(html.replaceAll('Hello {{ first_name }},', 'Bonjour {{ first_name }},'))
  const applied = applyTemplateStrings(
    { editorType: 'CODE', html, definition: null, subject: 'Big sale' },
    { subject: 'Soldes', [stringId('Unsubscribe &amp; leave')]: 'Se désabonner' },
  )
  expect(applied.subject).toBe('Soldes')
  expect(applied.html).toContain('<a href="{% unsubscribe_link %}">Se désabonner</a>')
  expect(applied.html).toContain('Hello {{ first_name }},')
})

test('a block template: ids follow the text, so moving a block keeps its translation', () => {
  const def = (body: unknown[]) => JSON.stringify({ styles: {}, body })
  const a = { type: 'text', html: '<p>Hi</p>' }
  const b = { type: 'button', text: 'Buy', href: 'https://x.test' }
  const cols = {
    type: 'columns',
    columns: [{ blocks: [b] }, { blocks: [{ type: 'image', src: '/x.png', alt: 'A shoe' }] }],
  }
  const one = templateStrings({ editorType: 'SYSTEM_DRAGGABLE', html: '', definition: def([a, cols]) })
  const two = templateStrings({ editorType: 'SYSTEM_DRAGGABLE', html: '', definition: def([cols, a]) })
  expect(one.map((s) => s.kind)).toEqual(['text', 'button', 'image_alt'])
  expect(new Set(two.map((s) => s.id))).toEqual(new Set(one.map((s) => s.id)))
  const t = applyTemplateStrings(
    { editorType: 'SYSTEM_DRAGGABLE', html: '', definition: def([cols, a]) },
    { [stringId('Buy')]: 'Kaufen', [stringId('<p>Hi</p>')]: '  ' },
  )
  expect(JSON.stringify(t.definition)).toContain('"text":"Kaufen"')
  expect(JSON.stringify(t.definition)).toContain('<p>Hi</p>')
})

test('the recipient locale picks the exact locale, else the same language, else none', () => {
  const tr = { 'fr-FR': { html: 'fr', text: '' }, 'pt-BR': { html: 'br', text: '' }, 'pt-PT': { html: 'pt', text: '' } }
  expect(pickTranslation(tr, 'fr-CA')?.html).toBe('fr')
  expect(pickTranslation(tr, 'fr')?.html).toBe('fr')
  expect(pickTranslation(tr, 'pt_PT')?.html).toBe('pt')
  expect(pickTranslation(tr, 'en-US')).toBeUndefined()
  expect(pickTranslation(undefined, 'fr-FR')).toBeUndefined()
  expect(pickTranslation(tr, null)).toBeUndefined()
})
