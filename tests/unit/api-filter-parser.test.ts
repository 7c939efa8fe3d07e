/** @jest-environment node */
import { parseFilter, flattenAnd, parseAllowedFilter, FilterSyntaxError } from '@/lib/api/filter-parser'

describe('parseFilter', () => {
  test.each([
    ['equals(email,"a@b.c")', [{ op: 'equals', field: 'email', value: 'a@b.c' }]],
    ["equals(id,'01ABC')", [{ op: 'equals', field: 'id', value: '01ABC' }]],
    ['any(email,["a","b"])', [{ op: 'any', field: 'email', value: ['a', 'b'] }]],
    ['any(email,[])', [{ op: 'any', field: 'email', value: [] }]],
    ['has(profile)', [{ op: 'has', field: 'profile' }]],
    ['equals(is_active,true)', [{ op: 'equals', field: 'is_active', value: true }]],
    ['equals(is_starred,false)', [{ op: 'equals', field: 'is_starred', value: false }]],
    ['equals(x,null)', [{ op: 'equals', field: 'x', value: null }]],
    ['greater-than(timestamp,1700000000)', [{ op: 'greater-than', field: 'timestamp', value: 1700000000 }]],
    ['equals(value,-1.5)', [{ op: 'equals', field: 'value', value: -1.5 }]],
    ['equals(metric_id,AbC123)', [{ op: 'equals', field: 'metric_id', value: 'AbC123' }]],
    ['equals(name,"say \\"hi\\", ok")', [{ op: 'equals', field: 'name', value: 'say "hi", ok' }]],
    ['equals(integration.name,"shopify")', [{ op: 'equals', field: 'integration.name', value: 'shopify' }]],
  ])('%s', (input, expected) => {
    expect(flattenAnd(parseFilter(input))).toEqual(expected)
  })

  test('and() and an implicit top-level and', () => {
    const a = flattenAnd(parseFilter('and(equals(email,"a@b.c"),greater-than(created,2026-01-01T00:00:00Z))'))
    const b = flattenAnd(parseFilter('equals(email,"a@b.c"), greater-than(created,2026-01-01T00:00:00Z)'))
    expect(a).toEqual(b)
    expect(a[1]).toEqual({ op: 'greater-than', field: 'created', value: new Date('2026-01-01T00:00:00Z') })
  })

  test('nested and() flattens', () => {
    expect(flattenAnd(parseFilter('and(and(equals(a,1),equals(b,2)),equals(c,3))')).map((c) => c.field)).toEqual([
      'a',
      'b',
      'c',
    ])
  })

  test('dates: no zone means UTC, offsets, a "+" that URL decoding turned into a space, date only', () => {
    const v = (s: string) => (flattenAnd(parseFilter(`greater-than(datetime,${s})`))[0]!.value as Date).toISOString()
    expect(v('2026-01-01T00:00:00')).toBe('2026-01-01T00:00:00.000Z')
    expect(v('2026-01-01T02:00:00+02:00')).toBe('2026-01-01T00:00:00.000Z')
    expect(v('2026-01-01T02:00:00 02:00')).toBe('2026-01-01T00:00:00.000Z')
    expect(v('2026-01-01T00:00:00.250Z')).toBe('2026-01-01T00:00:00.250Z')
    expect(v('2026-01-01')).toBe('2026-01-01T00:00:00.000Z')
  })

  test('or() and not() parse but flattenAnd refuses them', () => {
    expect(parseFilter('or(equals(a,1),equals(b,2))')).toEqual({ kind: 'or', children: expect.any(Array) })
    expect(parseFilter('not(equals(a,1))').kind).toBe('not')
    expect(() => flattenAnd(parseFilter('or(equals(a,1),equals(b,2))'))).toThrow(FilterSyntaxError)
  })

  test.each([
    'equals(email,"a@b.c"',
    'equals(email,"unterminated)',
    'equals(email,)',
    'equals(,"x")',
    '(email,"x")',
    'equals(email,"a") trailing',
    'any(email,["a" "b"])',
    'equals(created,2026-13-45T00:00:00Z)',
    'equals(email,a b)',
    '',
  ])('syntax error: %s', (input) => {
    expect(() => flattenAnd(parseFilter(input))).toThrow(FilterSyntaxError)
  })
})

describe('parseAllowedFilter', () => {
  const allowed = { email: ['any', 'equals'], created: ['greater-than', 'less-than'], profile: ['has'] } as const

  test('empty or missing filter gives no conditions', () => {
    expect(parseAllowedFilter(null, allowed)).toEqual([])
    expect(parseAllowedFilter('  ', allowed)).toEqual([])
  })

  test('accepts allowed fields and operators', () => {
    expect(parseAllowedFilter('any(email,["a","b"]),has(profile)', allowed)).toHaveLength(2)
  })

  test.each([
    ['equals(first_name,"x")', /not supported/],
    ['greater-than(email,"x")', /not allowed/],
    ['any(email,"x")', /needs a list/],
    ['equals(email,["x"])', /single value/],
    ['equals(email)', /needs a value/],
  ])('refuses %s', (input, message) => {
    expect(() => parseAllowedFilter(input, allowed)).toThrow(message)
  })
})

describe('metric-aggregates filter strings', () => {
  const { parseAggregateFilter } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('@/lib/api/metrics/aggregate-filter') as typeof import('@/lib/api/metrics/aggregate-filter')

  test('separate strings, or one string with both bounds', () => {
    const a = parseAggregateFilter([
      'greater-or-equal(datetime,2026-01-01T00:00:00)',
      'less-than(datetime,2026-02-01T00:00:00)',
    ])
    const b = parseAggregateFilter([
      'greater-or-equal(datetime,2026-01-01T00:00:00),less-than(datetime,2026-02-01T00:00:00)',
    ])
    expect(a).toEqual(b)
    expect(a.start.toISOString()).toBe('2026-01-01T00:00:00.000Z')
    expect(a.end.toISOString()).toBe('2026-02-01T00:00:00.000Z')
    expect(a.extra).toEqual([])
  })

  test('greater-than and less-or-equal move the second-resolution bounds', () => {
    const f = parseAggregateFilter([
      'greater-than(datetime,2026-01-01T00:00:00Z)',
      'less-or-equal(datetime,2026-01-02T00:00:00Z)',
    ])
    expect(f.start.toISOString()).toBe('2026-01-01T00:00:01.000Z')
    expect(f.end.toISOString()).toBe('2026-01-02T00:00:01.000Z')
  })

  test('other conditions become the engine filters', () => {
    const f = parseAggregateFilter([
      'greater-or-equal(datetime,2026-01-01),less-than(datetime,2026-01-02)',
      'equals(Brand,"Acme")',
      'any($value_currency,["USD","EUR"])',
    ])
    expect(f.extra).toEqual([
      { field: 'Brand', op: 'equals', value: 'Acme' },
      { field: '$value_currency', op: 'any', value: ['USD', 'EUR'] },
    ])
  })

  test('a missing bound or a bad operator is a 400 pointing into the filter list', () => {
    expect(() => parseAggregateFilter(['greater-or-equal(datetime,2026-01-01)'])).toThrow(/datetime range/)
    try {
      parseAggregateFilter(['greater-or-equal(datetime,2026-01-01)', 'equals(datetime,2026-01-02)'])
      throw new Error('no throw')
    } catch (e) {
      expect((e as { items: Array<{ source: unknown }> }).items[0]!.source).toEqual({
        pointer: '/data/attributes/filter/1',
      })
    }
  })
})
