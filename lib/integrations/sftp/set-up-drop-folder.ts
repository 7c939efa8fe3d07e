// POST /ajax/integrations/sftp: saves the drop-folder settings and books the first scan.
import { saveSftpConfig, type SftpConfigInput } from './config'
import { bookSftpScan } from './jobs'

export async function setUpDropFolder(companyId: number, input: SftpConfigInput) {
  const config = await saveSftpConfig(companyId, input)
  if (config.enabled) await bookSftpScan(companyId)
  return config
}
