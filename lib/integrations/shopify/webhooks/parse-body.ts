// Shopify's JSON with its ids kept exact: ids are 64-bit integers, and JSON.parse rounds those
// past 2^53 (the documentation's own samples have 18-digit ids), which would make two different
// orders one. Integers of 16 or more digits under an *id key become strings before parsing.
import { parseJsonText } from '@/lib/http/read-body'

const BIG_ID = /("(?:id|[a-z_]*_id)"\s*:\s*)(-?\d{16,})(?=\s*[,}\]])/g

export function parseShopifyJson(text: string): unknown {
  return parseJsonText(/\d{16}/.test(text) ? text.replace(BIG_ID, '$1"$2"') : text)
}
