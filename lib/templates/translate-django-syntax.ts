// Translates the vendor's Django-style template syntax into the Liquid that LiquidJS parses.
// Only the tag and output delimiters are rewritten (LiquidJS does all parsing and evaluation);
// an offset map lets parse errors point at the merchant's own line and column.

export interface TranslatedTemplate {
  liquid: string
  /** Maps an offset in `liquid` back to an offset in the original source. */
  toSourceOffset(offset: number): number
}

export class TranslateError extends Error {
  readonly offset: number
  constructor(message: string, offset: number) {
    super(message)
    this.offset = offset
  }
}

const TOKEN = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g
// Django's smart_split: whitespace-separated, quoted strings kept whole (also inside a filter argument).
const SMART_SPLIT = /(?:[^\s'"]*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')[^\s'"]*)+|\S+/g
const QUOTED = /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/
const IDENTIFIER_PATH = /[A-Za-z_][\w]*(?:\.[\w]+)*/g
const OPERATORS = new Set(['and', 'or', 'not', 'in', 'not_in', '==', '!=', '<', '>', '<=', '>='])
const FORLOOP: Record<string, string> = {
  counter: 'index',
  counter0: 'index0',
  revcounter: 'rindex',
  revcounter0: 'rindex0',
}
const LITERALS: Record<string, string> = { True: 'true', False: 'false', None: 'nil' }

export function smartSplit(text: string): string[] {
  return text.match(SMART_SPLIT) ?? []
}

/** Rewrites one Django expression (a variable with filters) into Liquid, leaving quoted strings alone. */
export function translateExpression(expr: string): string {
  return expr
    .split(QUOTED)
    .map((part, i) => (i % 2 === 1 ? djangoStringLiteral(part) : translateUnquoted(part)))
    .join('')
}

// Django only unescapes \" \' and \\ in a string literal ("jS \o\f F" keeps its backslashes for |date);
// Liquid would read \f as a form feed, so other backslashes are doubled.
function djangoStringLiteral(quoted: string): string {
  return quoted.replace(/\\([\s\S])/g, (m, c: string) => (c === '\\' || c === '"' || c === "'" ? m : `\\\\${c}`))
}

function translateUnquoted(part: string): string {
  return part.replace(IDENTIFIER_PATH, (path, offset: number) => {
    const before = offset > 0 ? part[offset - 1] : ''
    // a filter name or argument keyword stays as it is; so does the tail of a number (3.14)
    if (before === '|' || /[\w.]/.test(before)) return path
    if (path in LITERALS) return LITERALS[path]
    const segments = path.split('.')
    let out = segments[0]
    for (let i = 1; i < segments.length; i++) {
      const seg = segments[i]
      if (/^\d+$/.test(seg)) out += `[${seg}]`
      else if (segments[0] === 'forloop' && i === 1 && seg in FORLOOP) out += `.${FORLOOP[seg]}`
      else out += `.${seg}`
    }
    return out
  })
}

function hasFilter(operand: string): boolean {
  return operand.split(QUOTED).some((part, i) => i % 2 === 0 && part.includes('|'))
}

function translateOperand(token: string): string {
  const out = translateExpression(token)
  return hasFilter(out) ? `(${out})` : out
}

/**
 * Django's {% if %} condition → a Liquid condition with Django's precedence (not > and > or).
 * Liquid gives and/or one precedence, grouped from the right, so and-groups inside an or are
 * parenthesised (LiquidJS groupedExpressions); `true and` lets a group start with `not`.
 */
export function translateCondition(condition: string): string {
  const raw = smartSplit(condition)
  const tokens: string[] = []
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === 'not' && raw[i + 1] === 'in') {
      // one word: LiquidJS's operator lookup mis-reads operator names that contain a space
      tokens.push('not_in')
      i++
    } else tokens.push(raw[i])
  }
  const mapped = tokens.map((t) => (OPERATORS.has(t) ? t : translateOperand(t)))
  const orGroups: string[][] = [[]]
  for (const t of mapped) {
    if (t === 'or') orGroups.push([])
    else orGroups[orGroups.length - 1].push(t)
  }
  const expr =
    orGroups.length === 1
      ? mapped.join(' ')
      : orGroups.map((g) => (g.includes('and') ? `(true and ${g.join(' ')})` : g.join(' '))).join(' or ')
  return `${expr} | django_truthy`
}

function translateFor(args: string): string {
  const tokens = smartSplit(args)
  const inAt = tokens.indexOf('in')
  if (inAt < 0) return args
  let rest = tokens.slice(inAt + 1)
  const reversed = rest[rest.length - 1] === 'reversed'
  if (reversed) rest = rest.slice(0, -1)
  const collection = rest.length === 1 ? translateOperand(rest[0]) : rest.join(' ')
  return [...tokens.slice(0, inAt), 'in', collection, ...(reversed ? ['reversed'] : [])].join(' ')
}

function translateWith(args: string): string {
  const tokens = smartSplit(args)
  if (tokens.length === 3 && tokens[1] === 'as') return `${tokens[2]}=${translateExpression(tokens[0])}`
  return tokens
    .map((t) => {
      const eq = t.indexOf('=')
      return eq > 0 ? `${t.slice(0, eq)}=${translateExpression(t.slice(eq + 1))}` : t
    })
    .join(' ')
}

interface Segment {
  out: number
  src: number
  literal: boolean
}

export function translateDjangoSyntax(source: string): TranslatedTemplate {
  const parts: string[] = []
  const segments: Segment[] = []
  let outLen = 0
  const emit = (text: string, src: number, literal: boolean) => {
    if (!text) return
    segments.push({ out: outLen, src, literal })
    parts.push(text)
    outLen += text.length
  }
  const blocks: string[] = []
  let last = 0
  TOKEN.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = TOKEN.exec(source))) {
    const start = m.index
    const token = m[0]
    emit(source.slice(last, start), last, true)
    last = start + token.length
    if (token.startsWith('{#')) continue
    if (token.startsWith('{{')) {
      const inner = token.slice(2, -2)
      emit(`{{${translateExpression(inner)}}}`, start, false)
      continue
    }
    let inner = token.slice(2, -2)
    const trimLeft = inner.startsWith('-') ? '-' : ''
    const trimRight = inner.endsWith('-') && inner.length > 1 ? '-' : ''
    inner = inner.slice(trimLeft.length, inner.length - trimRight.length).trim()
    const name = inner.split(/\s+/, 1)[0]
    const args = inner.slice(name.length).trim()
    const tag = (body: string) => emit(`{%${trimLeft} ${body} ${trimRight}%}`, start, false)
    switch (name) {
      case 'comment':
      case 'verbatim': {
        const end = new RegExp(`\\{%-?\\s*end${name}\\s*-?%\\}`, 'g')
        end.lastIndex = last
        const close = end.exec(source)
        if (!close) throw new TranslateError(`Unclosed tag '${name}': it needs {% end${name} %}`, start)
        if (name === 'verbatim') {
          tag('raw')
          emit(source.slice(last, close.index), last, true)
          emit('{% endraw %}', close.index, false)
        }
        last = close.index + close[0].length
        TOKEN.lastIndex = last
        break
      }
      case 'if':
        blocks.push('if')
        tag(`if ${translateCondition(args)}`)
        break
      case 'elif':
        tag(`elsif ${translateCondition(args)}`)
        break
      case 'for':
        blocks.push('for')
        tag(`for ${translateFor(args)}`)
        break
      case 'empty':
        tag(blocks[blocks.length - 1] === 'for' && !args ? 'else' : inner)
        break
      case 'with':
        blocks.push('with')
        tag(`with ${translateWith(args)}`)
        break
      case 'endif':
      case 'endfor':
      case 'endwith':
        if (blocks[blocks.length - 1] === name.slice(3)) blocks.pop()
        tag(inner)
        break
      default:
        tag(inner)
    }
  }
  emit(source.slice(last), last, true)
  const liquid = parts.join('')
  return {
    liquid,
    toSourceOffset(offset: number) {
      let lo = 0
      let hi = segments.length - 1
      let found = -1
      while (lo <= hi) {
        const mid = (lo + hi) >> 1
        if (segments[mid].out <= offset) {
          found = mid
          lo = mid + 1
        } else hi = mid - 1
      }
      if (found < 0) return 0
      const s = segments[found]
      return s.literal ? s.src + (offset - s.out) : s.src
    },
  }
}

/** 1-based line and column of an offset. */
export function lineAndColumn(source: string, offset: number): { line: number; column: number } {
  const clamped = Math.max(0, Math.min(offset, source.length))
  let line = 1
  let lineStart = 0
  for (let i = 0; i < clamped; i++) {
    if (source.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: clamped - lineStart + 1 }
}
