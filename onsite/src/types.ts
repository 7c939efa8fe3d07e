// The contract between the onsite script's core (identity, tracking, the klaviyo object) and its
// forms module (onsite/src/forms): the core builds one OnsiteContext per page and hands it over.

export interface OnsiteIdentity {
  /** The anonymous id kept in the __kla_id cookie (the vendor's $kx-style visitor id). */
  anonymousId: string
  email?: string
  phoneNumber?: string
  externalId?: string
}

export interface OnsiteSettingsPayload {
  trackingEnabled: boolean
  requireConsent: boolean
  formsEnabled: boolean
}

export interface OnsiteContext {
  /** The company's public key (company_id of the script tag). */
  companyId: string
  /** Origin that served the script; every request goes there. */
  baseUrl: string
  /** Injectable clock (milliseconds since the epoch). */
  now(): number
  identity(): OnsiteIdentity
  isIdentified(): boolean
  /** Adds what a form or the page learnt about the visitor (cookie + POST /client/profiles). */
  identify(properties: Record<string, unknown>): Promise<void>
  /** POST /client/events, unless tracking is off or consent is missing. */
  track(metric: string, properties?: Record<string, unknown>): Promise<void>
  /** Page views in this browser so far (this one included), for the page-visits trigger. */
  pageViews(): number
  /** Whether tracking may send now (company switch and the visitor's consent). */
  mayTrack(): boolean
  /** Marks consent given (a form submit counts as consent to track). */
  giveConsent(): void
  settings(): OnsiteSettingsPayload
  /** Durable per-browser storage for the forms module (localStorage with a cookie fallback). */
  storage: {
    get(key: string): string | null
    set(key: string, value: string): void
  }
}
