// Seed 001 §2.8 (catalog and feeds), resources from §6 "Catalog" and "Feeds".
import { defineArea } from '../define-route'

const catalog = defineArea('catalog', { required: ['catalog_read'] })
const feeds = defineArea('feeds', { required: ['feeds_read'] })

export const CATALOG_ROUTES = [
  catalog('/catalogs', { built: true }),
  catalog('/catalog/items', { built: true }),
  catalog('/catalog/item/:catalogItemId', { built: true }),
  catalog('/catalog/variant/:variantId', { built: true }),
  catalog('/catalog/categories', { built: true }),
  catalog('/catalog/sources', { built: true }),
  catalog('/catalog/sources/create', { built: true }),
  catalog('/catalog/sources/:syncID', { built: true }),
  // prestashop_use_tax_incl_price gates the catalog's product-feed settings, where a PrestaShop
  // catalog chooses tax-inclusive prices; the seed names the flag but not its route, so this
  // pick is ours.
  catalog('/catalog/product-feeds', { flag: 'prestashop_use_tax_incl_price', built: true }),
  catalog('/catalog/back-in-stock', { required: ['catalog_read', 'back_in_stock_read'], built: true }),
  catalog('/catalog/back-in-stock/scheduled-reports', {
    required: ['catalog_read', 'back_in_stock_read', 'scheduled_reports_read'],
    built: true,
  }),
  catalog('/catalog/reports/low-inventory/:flowId', { required: ['catalog_read', 'low_inventory_read'], built: true }),
  catalog('/catalog/reports/price-drop', { required: ['catalog_read', 'price_drop_read'], built: true }),

  feeds('/product-feeds', { built: true }),
  feeds('/product-feeds/create', { built: true }),
  feeds('/product-feeds/:id/edit', { built: true }),
  // /feeds itself is a fixed redirect to /settings/other/web-feeds (§2.22), so it is not a route.
  feeds('/feed/:feedId', { built: true }),
  feeds('/feed/:feedId/preview', { built: true }),
  feeds('/feeds/new', { built: true }),
]
