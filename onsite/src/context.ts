// The core's state for one page: identity (cookie), settings and consent, tracking through
// /client, and the OnsiteContext handed to the forms module.
//
// Consent: with requireConsent nothing leaves the browser (not even the cookie is written) until
// the page calls klaviyo.push(['consent', true]) or a form is submitted; what identify learnt in
// the meantime is sent then. With tracking off nothing is ever sent.
import type { OnsiteBoot } from './boot'
import { newAnonymousId, readIdentity, writeIdentity, type StoredIdentity } from './identity'
import { toProfileAttributes, type ProfileAttributes } from './profile-attributes'
import { durable, session } from './storage'
import { makePost } from './transport'
import type { OnsiteContext, OnsiteIdentity } from './types'

const CONSENT_KEY = '__kl_consent'
const PAGE_VIEWS_KEY = '__kl_pv'
const ACTIVE_KEY = '__kl_aos'

export interface Core extends OnsiteContext {
  /** Identifies by the `_kx` exchange token of an email link. */
  exchange(token: string): Promise<void>
  setConsent(given: boolean): void
  /** Active on Site, at most once per browser session. */
  activeOnSite(): Promise<void>
}

export function createCore(boot: OnsiteBoot): Core {
  const post = makePost(boot.baseUrl, boot.companyId)
  const stored = readIdentity()
  const id: StoredIdentity = stored ?? { anonymousId: newAnonymousId() }
  let consent = durable.get(CONSENT_KEY) === '1'
  // Profile attributes learnt while sending was not allowed: sent once it is.
  let pending: ProfileAttributes | null = null

  const counted = Number(durable.get(PAGE_VIEWS_KEY) ?? '0')
  const views = (Number.isFinite(counted) ? counted : 0) + (boot.preview ? 0 : 1)
  if (!boot.preview) durable.set(PAGE_VIEWS_KEY, String(views))

  const mayTrack = () => boot.settings.trackingEnabled && !boot.preview && (!boot.settings.requireConsent || consent)
  const persist = () => {
    if (mayTrack()) writeIdentity(id)
  }
  const identifiers = (): ProfileAttributes => ({
    anonymous_id: id.anonymousId,
    ...(id.email ? { email: id.email } : {}),
    ...(id.phoneNumber ? { phone_number: id.phoneNumber } : {}),
    ...(id.externalId ? { external_id: id.externalId } : {}),
  })
  const sendProfile = (attributes: ProfileAttributes) =>
    post('/client/profiles', { data: { type: 'profile', attributes: { ...attributes, ...identifiers() } } })

  async function flush(): Promise<void> {
    if (!pending || !mayTrack()) return
    const attrs = pending
    pending = null
    persist()
    await sendProfile(attrs)
  }

  const core: Core = {
    companyId: boot.companyId,
    baseUrl: boot.baseUrl,
    now: () => Date.now(),
    identity: (): OnsiteIdentity => ({
      anonymousId: id.anonymousId,
      email: id.email,
      phoneNumber: id.phoneNumber,
      externalId: id.externalId,
    }),
    isIdentified: () => !!(id.email || id.phoneNumber || id.externalId || id.exchangeId),
    mayTrack,
    settings: () => boot.settings,
    pageViews: () => views,
    storage: durable,

    async identify(properties) {
      const attrs = toProfileAttributes(properties || {})
      // Themes identify a signed-in customer on every page: nothing new, nothing sent.
      const known: Record<string, string | undefined> = {
        email: id.email,
        phone_number: id.phoneNumber,
        external_id: id.externalId,
      }
      const keys = Object.keys(attrs)
      if (keys.length && keys.every((k) => k in known && known[k] === attrs[k]) && !pending) return
      // The first address the browser learns is kept; a later one is sent but the server keeps the profile's (client mode).
      if (typeof attrs.email === 'string' && attrs.email) id.email = attrs.email
      if (typeof attrs.phone_number === 'string' && attrs.phone_number) id.phoneNumber = attrs.phone_number
      if (typeof attrs.external_id === 'string' && attrs.external_id) id.externalId = attrs.external_id
      pending = { ...(pending ?? {}), ...attrs }
      await flush()
    },

    async exchange(token) {
      if (!token || token === id.exchangeId) return
      id.exchangeId = token
      pending = { ...(pending ?? {}), _kx: token }
      await flush()
    },

    async track(metric, properties = {}) {
      if (!mayTrack() || !metric) return
      persist()
      const value = typeof properties.$value === 'number' ? properties.$value : undefined
      await post('/client/events', {
        data: {
          type: 'event',
          attributes: {
            properties,
            ...(value !== undefined ? { value } : {}),
            metric: { data: { type: 'metric', attributes: { name: metric } } },
            profile: { data: { type: 'profile', attributes: identifiers() } },
          },
        },
      })
    },

    giveConsent() {
      core.setConsent(true)
    },

    setConsent(given) {
      consent = given
      durable.set(CONSENT_KEY, given ? '1' : '0')
      if (given) {
        void flush()
        void core.activeOnSite()
      }
    },

    async activeOnSite() {
      if (!mayTrack() || session.get(ACTIVE_KEY)) return
      session.set(ACTIVE_KEY, '1')
      await core.track('Active on Site', {
        page: location.href,
        ...(document.referrer ? { $referrer: document.referrer } : {}),
      })
    },
  }
  return core
}
