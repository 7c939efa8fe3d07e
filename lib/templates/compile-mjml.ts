// MJML → responsive HTML, offline: no web fonts, no mj-include, CSS of <mj-style inline> inlined.
import mjml2html from 'mjml'
import type { TemplateIssue } from './template-types'

export async function compileMjml(
  source: string,
): Promise<{ html: string; errors: TemplateIssue[]; warnings: TemplateIssue[] }> {
  const lines = source.split('\n')
  try {
    const out = await mjml2html(source, {
      validationLevel: 'soft',
      fonts: {},
      ignoreIncludes: true,
      keepComments: false,
      minify: false,
      beautify: false,
    })
    const warnings = out.errors.map((e) => {
      const at = lines[e.line - 1]?.indexOf(`<${e.tagName}`) ?? -1
      return { message: e.message, line: e.line, column: at >= 0 ? at + 1 : 1 }
    })
    return { html: out.html, errors: [], warnings }
  } catch (e) {
    return {
      html: '',
      errors: [{ message: `MJML could not be compiled: ${(e as Error).message.split('\n')[0]}`, line: 1, column: 1 }],
      warnings: [],
    }
  }
}
