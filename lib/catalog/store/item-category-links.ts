// Item↔category links, set from either side.
import { exec, type Ops } from '@/lib/db/ops'
import { CatalogError } from './catalog-error'
import { chunks, db, existingIdsOps, linkOps, touchItemsOps, uniq } from './rows'

/**
 * Item↔category links from either side. add: link the pairs; remove: unlink them; replace:
 * the `ownerId`'s links become exactly `otherIds`. Throws CatalogError 404 when the owner or
 * any of the others is not the company's.
 */
export function* setItemCategoryLinksOps(
  companyId: number,
  side: 'item' | 'category',
  ownerId: string,
  otherIds: string[],
  mode: 'add' | 'remove' | 'replace',
  now: Date,
): Ops<void> {
  const ownerTable = side === 'item' ? 'CatalogItem' : 'CatalogCategory'
  const otherTable = side === 'item' ? 'CatalogCategory' : 'CatalogItem'
  if (!(yield* existingIdsOps(ownerTable, companyId, [ownerId])).has(ownerId))
    throw CatalogError.from([{ field: '', code: 'not_found', message: `Catalog ${side} not found: ${ownerId}.` }])
  const others = yield* existingIdsOps(otherTable, companyId, otherIds)
  const missing = otherIds.filter((x) => !others.has(x))
  if (missing.length)
    throw CatalogError.from([
      {
        field: side === 'item' ? 'categoryIds' : 'itemIds',
        code: 'not_found',
        message: `Catalog ${side === 'item' ? 'category' : 'item'} not found: ${missing.join(', ')}.`,
      },
    ])
  const pair = (o: string) =>
    side === 'item' ? { itemId: ownerId, categoryId: o } : { itemId: o, categoryId: ownerId }
  const ownerCol = side === 'item' ? 'itemId' : 'categoryId'
  const otherCol = side === 'item' ? 'categoryId' : 'itemId'
  if (mode === 'replace')
    yield* exec(db().deleteFrom('CatalogItemCategory').where('companyId', '=', companyId).where(ownerCol, '=', ownerId))
  if (mode === 'remove') {
    for (const part of chunks(uniq(otherIds), 500))
      if (part.length)
        yield* exec(
          db()
            .deleteFrom('CatalogItemCategory')
            .where('companyId', '=', companyId)
            .where(ownerCol, '=', ownerId)
            .where(otherCol, 'in', part),
        )
  } else yield* linkOps(companyId, uniq(otherIds).map(pair))
  if (side === 'item') yield* touchItemsOps(companyId, [ownerId], now)
  else
    yield* exec(
      db()
        .updateTable('CatalogCategory')
        .set({ updatedAt: now })
        .where('companyId', '=', companyId)
        .where('id', '=', ownerId),
    )
}
