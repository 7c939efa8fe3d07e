// klaviyo.trackViewedItem: the vendor's Recently Viewed Items, kept in this browser (newest
// first, one entry per item, at most 20) for product blocks and forms to read.
import { durable } from './storage'

export const VIEWED_ITEMS_KEY = '__kl_viewed'
const MAX_ITEMS = 20

export interface ViewedItem {
  Title?: string
  ItemId?: string | number
  Categories?: string[]
  ImageUrl?: string
  Url?: string
  Metadata?: Record<string, unknown>
  [key: string]: unknown
}

export function readViewedItems(): Array<ViewedItem & { viewedAt: number }> {
  try {
    const list = JSON.parse(durable.get(VIEWED_ITEMS_KEY) ?? '[]') as unknown
    return Array.isArray(list) ? list : []
  } catch {
    return []
  }
}

export function rememberViewedItem(item: ViewedItem, now: number): void {
  if (!item || typeof item !== 'object') return
  const key = String(item.ItemId ?? item.Url ?? item.Title ?? '')
  if (!key) return
  const rest = readViewedItems().filter((i) => String(i.ItemId ?? i.Url ?? i.Title ?? '') !== key)
  durable.set(VIEWED_ITEMS_KEY, JSON.stringify([{ ...item, viewedAt: now }, ...rest].slice(0, MAX_ITEMS)))
}
