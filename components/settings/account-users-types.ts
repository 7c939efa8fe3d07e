// The browser's view of the account users calls (types only; the server's are in lib/account).
export type { AccountUserRow, ListAccountUsersResponse } from '@/lib/account/list-account-users'

export const ACCOUNT_USERS_KEY = '/ajax/account/users/get'
