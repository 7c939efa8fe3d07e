// The previous path of an in-app navigation (seed 000 §2 "Navigation carries the previous
// path in state"), kept per tab for the not-found page's "last page" link and analytics.
export const PREV_PATH_KEY = 'kl_prev_path'

export function rememberPreviousPath(path: string = currentPath()): void {
  try {
    sessionStorage.setItem(PREV_PATH_KEY, path)
  } catch {
    // storage unavailable: nothing else happens (seed 000 §8)
  }
}

export function getPreviousPath(): string | null {
  try {
    return sessionStorage.getItem(PREV_PATH_KEY)
  } catch {
    return null
  }
}

function currentPath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname + window.location.search
}
