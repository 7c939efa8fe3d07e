// A download's status as the user sees it: the row's own status, except that a job that died
// after its last attempt makes a download that never completed 'failed'.
export type DownloadStatus = 'queued' | 'processing' | 'complete' | 'failed'

export function effectiveStatus(download: { status: string }, jobStatus: string | null | undefined): DownloadStatus {
  if (download.status === 'complete' || download.status === 'failed') return download.status
  if (jobStatus === 'dead') return 'failed'
  if (download.status === 'processing' || jobStatus === 'running') return 'processing'
  return 'queued'
}

/** Who may see a download: its creator, or anyone in the company when no user made it. */
export const visibleTo = (companyId: number, userId: number) => ({ companyId, OR: [{ userId }, { userId: null }] })

export const fileUrl = (id: number) => `/ajax/downloads/${id}/file`
