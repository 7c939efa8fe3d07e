// SWR fetchers over the browser's http module. A key is [url, params] so SWR caches per query.
import { http } from '@/lib/client/http'

type Params = Record<string, string | number | boolean | null | undefined>

export const getJson = <T>(url: string) => http.get<T>(url).then((r) => r.data)

export const getWithParams = <T>([url, params]: readonly [string, Params]) =>
  http.get<T>(url, { params }).then((r) => r.data)

/** The answer exactly as sent (no key camelizing): for answers typed by their server code, such as the reports' snake_case statistics. */
export const getJsonAsIs = <T>(url: string) => http.get<T>(url, { transformKeys: false }).then((r) => r.data)
