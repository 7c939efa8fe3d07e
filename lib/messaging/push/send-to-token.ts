// One rendered push to one device token, through the provider its token belongs to: FCM HTTP v1
// for tokens the SDK registered with vendor "fcm", Apple directly (HTTP/2, apns-client.ts) for
// vendor "apns". Used by the delivery channel and by the editors' test send alike, so a test
// shows exactly what a real send would.
import type { ServiceAccount } from './service-account'
import type { ApnsKey } from './apns-client'
import { sendApns } from './apns-client'
import { sendFcm } from './fcm-client'
import { apnsRequestOf, fcmMessageOf, pushData, type RenderedPush } from './render-push'

export interface PushProviders {
  fcm: ServiceAccount | null
  apns: ApnsKey | null
}

export type TokenResult =
  | { kind: 'sent'; provider: 'fcm' | 'apns'; id: string }
  | { kind: 'invalid_token' | 'retry' | 'unknown' | 'failed' | 'not_configured'; error: string }

export async function sendToToken(
  providers: PushProviders,
  token: { token: string; vendor: string },
  m: RenderedPush,
  extra: Record<string, string>,
): Promise<TokenResult> {
  const data = pushData(m, extra)
  if (token.vendor === 'apns') {
    if (!providers.apns) return { kind: 'not_configured', error: 'No APNs key is configured.' }
    const r = await sendApns(providers.apns, { token: token.token, ...apnsRequestOf(m, data) })
    return r.kind === 'sent' ? { kind: 'sent', provider: 'apns', id: r.apnsId } : r
  }
  if (!providers.fcm) return { kind: 'not_configured', error: 'No FCM service account is configured.' }
  const r = await sendFcm(providers.fcm, { message: fcmMessageOf(m, token.token, data) as { token: string } })
  return r.kind === 'sent' ? { kind: 'sent', provider: 'fcm', id: r.name } : r
}
