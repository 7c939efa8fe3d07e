// The translatable text of an HTML (or MJML) source: each run of text between tags, found by
// htmlparser2 on the source with its template tags protected, and mapped back to the source's
// own offsets so a translation replaces exactly that run and leaves every tag and attribute as
// written.
import { Parser } from 'htmlparser2'
import { protectTemplateTokens } from '@/lib/templates/protect-template-tokens'

export interface TextRun {
  start: number
  end: number
  text: string
}

// Text inside these is code or markup data, not words a reader sees.
const SKIP = new Set(['script', 'style', 'mj-style', 'mj-attributes', 'mj-raw', 'head', 'xml'])
const TOKEN = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g
// A run worth translating has a letter left once template tags and entities are taken out.
const hasWords = (text: string) => /\p{L}/u.test(text.replace(TOKEN, '').replace(/&[#\w]+;/g, ''))

export function htmlTextRuns(source: string): TextRun[] {
  const p = protectTemplateTokens(source)
  const runs: TextRun[] = []
  let skipDepth = 0
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIP.has(name) || skipDepth) skipDepth++
      },
      onclosetag(name) {
        if (skipDepth) skipDepth--
        void name
      },
      ontext() {
        if (skipDepth) return
        const start = p.toSourceOffset(parser.startIndex)
        const end = p.toSourceOffset(parser.endIndex + 1)
        const last = runs[runs.length - 1]
        // htmlparser2 may report one run in pieces (around entities): join adjacent pieces
        if (last && last.end === start) last.end = end
        else runs.push({ start, end, text: '' })
      },
    },
    { decodeEntities: false, lowerCaseTags: true, recognizeSelfClosing: true },
  )
  parser.write(p.html)
  parser.end()
  const out: TextRun[] = []
  for (const r of runs) {
    const raw = source.slice(r.start, r.end)
    // the words without the run's surrounding white space, which stays in the source
    const lead = raw.length - raw.trimStart().length
    const text = raw.trim()
    if (!text || !hasWords(text)) continue
    out.push({ start: r.start + lead, end: r.start + lead + text.length, text })
  }
  return out
}

/** The source with each run whose text `translate` answers replaced (runs from htmlTextRuns). */
export function replaceTextRuns(source: string, runs: TextRun[], translate: (text: string) => string | undefined) {
  let out = ''
  let at = 0
  for (const r of runs) {
    const t = translate(r.text)
    if (t === undefined) continue
    out += source.slice(at, r.start) + t
    at = r.end
  }
  return out + source.slice(at)
}
