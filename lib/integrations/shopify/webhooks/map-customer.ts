// Shopify's customer payloads into a StoreCustomer: customers/create|update (the customer, with
// its consent in API versions before 2025-01), customers/email_marketing_consent_update
// ({customer_id, email_address, email_marketing_consent}) and customers/marketing_consent_update
// ({id, phone, sms_marketing_consent}), which carry the consent since 2025-01.
import type { StoreCustomer } from '@/lib/integrations/commerce/types'
import { consent, customer, id, obj, str } from './map-common'

export function mapShopifyCustomer(payload: unknown): StoreCustomer | null {
  return customer(obj(payload))
}

export function mapShopifyEmailConsentUpdate(payload: unknown): StoreCustomer | null {
  const p = obj(payload)
  const email = str(p?.email_address)
  if (!p || !email) return null
  return { id: id(p.customer_id), email, emailConsent: consent(p.email_marketing_consent) }
}

export function mapShopifySmsConsentUpdate(payload: unknown): StoreCustomer | null {
  const p = obj(payload)
  const phone = str(p?.phone)
  if (!p || !phone) return null
  return { id: id(p.id) ?? id(p.customer_id), phone, smsConsent: consent(p.sms_marketing_consent) }
}
