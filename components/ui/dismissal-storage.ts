// Permanent dismissals of toasts and banners, remembered in localStorage per company and user
// (seed 000 §4). Storage can be unavailable (private mode, quota): then nothing is remembered and
// nothing breaks, as §8 "Storage unavailable" asks.

export interface StorageScope {
  companyId: number | string
  userId: number | string
}

export type DismissalKind = 'dismissed' | 'banner-dismissed'

export function dismissalStorageKey(kind: DismissalKind, storageKey: string, scope?: StorageScope | null): string {
  return scope ? `kl:${kind}:${scope.companyId}:${scope.userId}:${storageKey}` : `kl:${kind}:${storageKey}`
}

export function isDismissed(kind: DismissalKind, storageKey: string, scope?: StorageScope | null): boolean {
  try {
    return window.localStorage.getItem(dismissalStorageKey(kind, storageKey, scope)) !== null
  } catch {
    return false
  }
}

export function rememberDismissal(kind: DismissalKind, storageKey: string, scope?: StorageScope | null): void {
  try {
    window.localStorage.setItem(dismissalStorageKey(kind, storageKey, scope), new Date().toISOString())
  } catch {
    // Storage unavailable: the item shows again next time, which is harmless.
  }
}
