// Catalog ids on the public API: `{integrationKey}:::{catalogName}:::{externalId}`, e.g.
// `$custom:::$default:::SKU-1` (the only integration and catalog supported, parity brief
// "Catalog"). Internal ids (ULIDs) are what /ajax and the screens use (catalogItemId, variantId).
// A base layer (was lib/catalog/ids.ts): the /api layer reads it too, and must not import lib/catalog.
export const DEFAULT_INTEGRATION = '$custom'
export const DEFAULT_CATALOG = '$default'
const SEP = ':::'

export type CatalogKey = { integrationKey: string; catalogName: string; externalId: string }

/** The /api id of a catalog item, variant or category. */
export function toApiId(
  externalId: string,
  integrationKey = DEFAULT_INTEGRATION,
  catalogName = DEFAULT_CATALOG,
): string {
  return `${integrationKey}${SEP}${catalogName}${SEP}${externalId}`
}

/**
 * Parses an /api id (already URL-decoded). Only `$custom:::$default:::…` is accepted; the
 * external id may itself contain ':::'. Returns null for anything else.
 */
export function fromApiId(apiId: string): CatalogKey | null {
  const first = apiId.indexOf(SEP)
  if (first < 0) return null
  const second = apiId.indexOf(SEP, first + SEP.length)
  if (second < 0) return null
  const integrationKey = apiId.slice(0, first)
  const catalogName = apiId.slice(first + SEP.length, second)
  const externalId = apiId.slice(second + SEP.length)
  if (integrationKey !== DEFAULT_INTEGRATION || catalogName !== DEFAULT_CATALOG || externalId === '') return null
  return { integrationKey, catalogName, externalId }
}
