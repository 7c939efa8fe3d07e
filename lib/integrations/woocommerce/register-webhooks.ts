// Our webhooks at the store (issue 21 §2): one per topic we process (./webhooks/topics.ts), at
// APP_URL's /webhooks/woocommerce, signed with the connection's webhook secret. Missing ones are
// created with POST /webhooks. Existing ones at our address are kept; when the secret is new (a
// connect after a disconnect, which forgot the old one) they are given it with PUT, or every
// delivery from them would fail the signature check.
import { appLink } from '@/lib/config/app-url'
import type { WebhookRegistration } from '../connections'
import type { WooClient } from './rest-api'
import { WOO_TOPICS } from './webhooks/topics'

export const wooWebhookAddress = () => appLink('/webhooks/woocommerce')

interface WooWebhook {
  id: number
  topic: string
  delivery_url: string
  status: string
}

export interface RegisterResult {
  registered: WebhookRegistration[]
  errors: string[]
}

export async function registerWooWebhooks(
  client: WooClient,
  secret: string,
  secretIsNew: boolean,
): Promise<RegisterResult> {
  const address = wooWebhookAddress()
  const existing: WooWebhook[] = []
  for (let page = 1; page <= 20; page++) {
    const p = await client.page<WooWebhook>('/webhooks', { page, per_page: 100 })
    existing.push(...p.items)
    if (!p.totalPages || page >= p.totalPages) break
  }
  const registered: WebhookRegistration[] = []
  const errors: string[] = []
  for (const topic of WOO_TOPICS) {
    const have = existing.find((w) => w.topic === topic && w.delivery_url === address && w.status === 'active')
    try {
      if (have) {
        if (secretIsNew) await client.put(`/webhooks/${have.id}`, { secret })
        registered.push({ topic, id: String(have.id), address })
        continue
      }
      const w = await client.post<WooWebhook>('/webhooks', {
        name: `Marketing: ${topic}`,
        topic,
        delivery_url: address,
        secret,
        status: 'active',
      })
      registered.push({ topic, id: String(w.id), address })
    } catch (e) {
      errors.push(`${topic}: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  return { registered, errors }
}
