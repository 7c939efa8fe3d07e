// The app directory's entries (/integrations): what can be installed, its category, and where
// install and preferences lead. Plain data, so the browser's screens and tests can read it too.
export type AppCategory = 'ecommerce' | 'data_import' | 'developer'

export interface DirectoryEntry {
  id: string
  category: AppCategory
  /** Where "install" (or "open") leads. */
  installPath: string
  /** Where the entry's settings live once installed. */
  preferencesPath: string
  /** Is one of the Integration keys (shopify, woocommerce, csv, sftp), if it has connections. */
  integrationKey: string | null
}

export const DIRECTORY: readonly DirectoryEntry[] = [
  {
    id: 'shopify',
    category: 'ecommerce',
    installPath: '/integration/shopify',
    preferencesPath: '/integration/shopify',
    integrationKey: 'shopify',
  },
  {
    id: 'woocommerce',
    category: 'ecommerce',
    installPath: '/integration/woocommerce',
    preferencesPath: '/integration/woocommerce',
    integrationKey: 'woocommerce',
  },
  {
    id: 'csv-upload',
    category: 'data_import',
    installPath: '/integration/upload-csv',
    preferencesPath: '/integration/upload-csv',
    integrationKey: 'csv',
  },
  {
    id: 'sftp',
    category: 'data_import',
    installPath: '/sftp/set-up',
    preferencesPath: '/sftp/set-up',
    integrationKey: 'sftp',
  },
  {
    id: 'webhooks',
    category: 'developer',
    installPath: '/cdp/webhooks/create',
    preferencesPath: '/cdp/webhooks',
    integrationKey: null,
  },
  {
    id: 'developer-apps',
    category: 'developer',
    installPath: '/manage-apps/create',
    preferencesPath: '/manage-apps',
    integrationKey: null,
  },
]

export const findDirectoryEntry = (id: string) => DIRECTORY.find((e) => e.id === id) ?? null
