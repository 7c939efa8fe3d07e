// The JSON:API `filter` query parameter in the vendor's syntax:
//   and(equals(email,"a@b.c"),greater-than(created,2026-01-01T00:00:00Z))
//   any(email,["a@b.c","d@e.f"]), has(profile), equals(is_active,true)
// A top-level comma list is an implicit and(). Strings are quoted ("…" or '…'); dates,
// numbers, booleans and null are bare; lists are […]. Pure: no I/O, unit-tested.
export type FilterValue = string | number | boolean | null | Date | FilterValue[]

export type FilterExpr =
  | { kind: 'and' | 'or'; children: FilterExpr[] }
  | { kind: 'not'; child: FilterExpr }
  | { kind: 'cond'; op: string; field: string; value?: FilterValue }

export interface FilterCondition {
  op: string
  field: string
  value?: FilterValue
}

export class FilterSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message)
    this.name = 'FilterSyntaxError'
  }
}

const DATETIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i
const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i

/** Reads a bare value; '+' in a URL-decoded offset has become a space, so put it back. */
function bareValue(raw: string, pos: number): FilterValue {
  const text = raw.trim()
  if (text === '') throw new FilterSyntaxError('A value is missing.', pos)
  if (text === 'true') return true
  if (text === 'false') return false
  if (text === 'null') return null
  if (NUMBER.test(text)) return Number(text)
  const dt = text.replace(/^(\S+T\S+?) (\d{2}:?\d{2})$/, '$1+$2')
  if (DATETIME.test(dt)) {
    const d = new Date(/T|\d{2}:\d{2}/.test(dt) && !/(Z|[+-]\d{2}:?\d{2})$/i.test(dt) ? dt + 'Z' : dt)
    if (Number.isNaN(d.getTime())) throw new FilterSyntaxError(`"${text}" is not a valid date.`, pos)
    return d
  }
  // Ids and enum-like words are accepted bare for convenience.
  if (/^[\w.$@:-]+$/.test(text)) return text
  throw new FilterSyntaxError(`Unexpected value "${text}"; quote strings with double quotes.`, pos)
}

class Parser {
  i = 0
  constructor(readonly s: string) {}

  ws() {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++
  }
  peek() {
    this.ws()
    return this.s[this.i]
  }
  expect(ch: string) {
    if (this.peek() !== ch) throw new FilterSyntaxError(`Expected "${ch}" at position ${this.i}.`, this.i)
    this.i++
  }

  name(): string {
    this.ws()
    const m = /^[A-Za-z_$][\w.$-]*/.exec(this.s.slice(this.i))
    if (!m) throw new FilterSyntaxError(`Expected an operator or field name at position ${this.i}.`, this.i)
    this.i += m[0].length
    return m[0]
  }

  list(): FilterExpr[] {
    const out = [this.expr()]
    while (this.peek() === ',') {
      this.i++
      out.push(this.expr())
    }
    return out
  }

  expr(): FilterExpr {
    const op = this.name()
    this.expect('(')
    if (op === 'and' || op === 'or') {
      const children = this.list()
      this.expect(')')
      return { kind: op, children }
    }
    if (op === 'not') {
      const child = this.expr()
      this.expect(')')
      return { kind: 'not', child }
    }
    const field = this.name()
    if (this.peek() === ')') {
      this.i++
      return { kind: 'cond', op, field }
    }
    this.expect(',')
    const value = this.value()
    this.expect(')')
    return { kind: 'cond', op, field, value }
  }

  value(): FilterValue {
    const ch = this.peek()
    if (ch === '"' || ch === "'") return this.string(ch)
    if (ch === '[') {
      this.i++
      const items: FilterValue[] = []
      if (this.peek() === ']') {
        this.i++
        return items
      }
      for (;;) {
        items.push(this.value())
        const next = this.peek()
        this.i++
        if (next === ']') return items
        if (next !== ',') throw new FilterSyntaxError(`Expected "," or "]" at position ${this.i - 1}.`, this.i - 1)
      }
    }
    const start = this.i
    while (this.i < this.s.length && !',)]'.includes(this.s[this.i]!)) this.i++
    return bareValue(this.s.slice(start, this.i), start)
  }

  string(quote: string): string {
    const start = this.i
    this.i++
    let out = ''
    while (this.i < this.s.length) {
      const c = this.s[this.i++]!
      if (c === '\\' && this.i < this.s.length) {
        out += this.s[this.i++]
        continue
      }
      if (c === quote) return out
      out += c
    }
    throw new FilterSyntaxError(`Unterminated string starting at position ${start}.`, start)
  }
}

export function parseFilter(input: string): FilterExpr {
  const p = new Parser(input)
  const items = p.list()
  p.ws()
  if (p.i < input.length) throw new FilterSyntaxError(`Unexpected "${input[p.i]}" at position ${p.i}.`, p.i)
  return items.length === 1 ? items[0]! : { kind: 'and', children: items }
}

/** The conditions of an expression that uses only and(); or() and not() are refused. */
export function flattenAnd(expr: FilterExpr): FilterCondition[] {
  if (expr.kind === 'cond')
    return [{ op: expr.op, field: expr.field, ...('value' in expr ? { value: expr.value } : {}) }]
  if (expr.kind === 'and') return expr.children.flatMap(flattenAnd)
  throw new FilterSyntaxError(`The "${expr.kind}" operator is not supported here.`, 0)
}

export type AllowedFilters = Record<string, readonly string[]>

/**
 * Parses `filter` and checks each condition against the endpoint's allowed fields and
 * operators (as the reference lists them). Throws FilterSyntaxError with a message a
 * developer can act on.
 */
export function parseAllowedFilter(input: string | null | undefined, allowed: AllowedFilters): FilterCondition[] {
  if (input == null || input.trim() === '') return []
  const conds = flattenAnd(parseFilter(input))
  for (const c of conds) {
    const ops = Object.hasOwn(allowed, c.field) ? allowed[c.field] : undefined
    if (!ops)
      throw new FilterSyntaxError(
        `Filtering on "${c.field}" is not supported. Allowed fields: ${Object.keys(allowed).join(', ')}.`,
        0,
      )
    if (!ops.includes(c.op))
      throw new FilterSyntaxError(
        `The operator "${c.op}" is not allowed for "${c.field}". Allowed: ${ops.join(', ')}.`,
        0,
      )
    if (c.op === 'any' && !Array.isArray(c.value))
      throw new FilterSyntaxError(`"any" needs a list, e.g. any(${c.field},["a","b"]).`, 0)
    if (c.op !== 'any' && c.op !== 'has' && Array.isArray(c.value))
      throw new FilterSyntaxError(`"${c.op}" takes a single value, not a list.`, 0)
    if (c.op !== 'has' && !('value' in c)) throw new FilterSyntaxError(`"${c.op}(${c.field})" needs a value.`, 0)
  }
  return conds
}
