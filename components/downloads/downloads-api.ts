// The /downloads screen's call (GET /ajax/downloads/status); responses are already camelCase.
import { http } from '@/lib/client/http'
import type { DownloadStatus } from '@/lib/downloads/download-status'

export interface DownloadItem {
  id: number
  name: string
  type: string
  status: DownloadStatus
  rowCount: number
  workerId: number | null
  createdAt: string
  completedAt: string | null
  url: string | null
}

export interface DownloadsPage {
  downloads: DownloadItem[]
  page: number
  pageSize: number
  total: number
  hasNext: boolean
  processing: boolean
}

export const DOWNLOADS_URL = '/ajax/downloads/status'
export const PAGE_SIZE = 25
/** While an export runs the list polls this often (ms). */
export const REFRESH_MS = 2000

export const fetchDownloads = ([url, page, type]: readonly [string, number, string | undefined]) =>
  http
    .get<DownloadsPage>(url, { transformKeys: false, params: { page, row_count: PAGE_SIZE, download_type: type } })
    .then((r) => r.data)
