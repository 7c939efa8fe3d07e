export interface OAuthAppDto {
  id: string
  name: string
  description: string
  status: string
  redirectUris: string[]
  scopes: string[]
  publicClient: boolean
  createdAt: string
  updatedAt: string
}
export interface ScopeFamilyDto {
  family: string
  scopes: string[]
}
export const APPS_KEY = '/ajax/manage-apps'
/** The secret travels from the create call to /manage-apps/created/{appId} in this tab only, once. */
export const secretKey = (appId: string) => `oauth-app-secret:${appId}`
