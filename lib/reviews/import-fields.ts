// The fields a reviews CSV maps its columns to (the import screen and import-reviews.ts).
export const IMPORT_FIELDS = [
  'source_id',
  'product_id',
  'rating',
  'title',
  'body',
  'author',
  'email',
  'created',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]
export const REQUIRED_FIELDS: readonly ImportField[] = ['source_id', 'product_id', 'rating', 'body', 'author']
