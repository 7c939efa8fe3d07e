// The filter operators of seed 002 §3.5 as a plain list, importable by client components (the
// rest of filters.ts reaches the database and must stay on the server).
export const FILTER_OPS = [
  'in',
  'not_in',
  'equal',
  'ne',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'contains_any',
  'contains_all',
  'like',
  'gt',
  'gte',
  'lt',
  'lte',
  'is_set',
  'is_not_set',
] as const
export type FilterOp = (typeof FILTER_OPS)[number]
