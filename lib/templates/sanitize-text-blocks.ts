// The text blocks of a block definition through the email sanitizer before the definition is
// stored (issue 30 §4): the rich-text editor cleans its own output, but a definition also
// arrives from the API, saved content and older editors, and what is stored is shown again in
// the editor, so nothing unsafe may stay in it. Raw HTML blocks keep their source: they are
// sanitized in the compiled email, where the merchant expects their markup as written.
import type { Block, BlockDefinition, LeafBlock } from './block-definition'
import { sanitizeEmailHtml } from './sanitize-email-html'
import type { TemplateIssue } from './template-types'

function cleanLeaf<T extends Block | LeafBlock>(b: T, path: string, warnings: TemplateIssue[]): T {
  if (b.type !== 'text') return b
  const clean = sanitizeEmailHtml(b.html)
  for (const w of clean.warnings)
    if (!w.message.includes('is not closed')) warnings.push({ message: w.message, path: `${path}.html` })
  return clean.html === b.html ? b : { ...b, html: clean.html }
}

export function sanitizeTextBlocks(def: BlockDefinition): { definition: BlockDefinition; warnings: TemplateIssue[] } {
  const warnings: TemplateIssue[] = []
  const body = def.body.map((b, i) =>
    b.type === 'columns'
      ? {
          ...b,
          columns: b.columns.map((c, ci) => ({
            blocks: c.blocks.map((l, li) => cleanLeaf(l, `definition.body.${i}.columns.${ci}.blocks.${li}`, warnings)),
          })),
        }
      : cleanLeaf(b, `definition.body.${i}`, warnings),
  )
  return { definition: { ...def, body }, warnings }
}
