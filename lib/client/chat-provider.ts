// The pluggable support-chat provider. An install registers one (e.g. a vendor's embed) and
// sets NEXT_PUBLIC_CHAT_PROVIDER to its name; without one the button opens the support form.
export interface ChatMeta {
  language: 'en'
  crossWindowPersistence: true
  /** Agency partners get routed differently by most chat vendors (seed 000 §4). */
  isAgencyPartner?: boolean
  companyId?: number
  email?: string
}

export interface ChatProvider {
  start(meta: ChatMeta): Promise<void>
  open(): Promise<void>
  stop(): Promise<void>
}

const factories = new Map<string, () => ChatProvider>()

export function registerChatProvider(name: string, factory: () => ChatProvider): void {
  factories.set(name, factory)
}

export function getChatProvider(name: string | undefined = process.env.NEXT_PUBLIC_CHAT_PROVIDER): ChatProvider | null {
  if (!name) return null
  return factories.get(name)?.() ?? null
}
