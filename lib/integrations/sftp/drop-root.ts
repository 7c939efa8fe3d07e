// Where an SFTP drop folder may be: under SFTP_IMPORT_ROOT, or DATA_DIR when that is not set.
// The folder is resolved through its real path (symlinks followed) before the check, so a link
// inside the root that points outside it is refused like the outside path itself.
import fs from 'node:fs'
import path from 'node:path'
import { dataDir } from '@/lib/config/data-dir.mjs'
import { badRequest } from '@/lib/errors/app-error'

export function sftpRoot(): string {
  return path.resolve(process.env.SFTP_IMPORT_ROOT || dataDir())
}

export const defaultDropDirectory = (companyId: number) => path.join(sftpRoot(), 'sftp-imports', String(companyId))

const refuse = (message: string) => badRequest(message, { directory: [message] })

/** The real path of a readable, writable directory inside the root; 400 on `directory` otherwise. */
export function resolveDropDirectory(given: string): string {
  const root = fs.realpathSync(sftpRoot())
  const wanted = path.resolve(sftpRoot(), given)
  let real: string
  try {
    real = fs.realpathSync(wanted)
  } catch {
    throw refuse('The folder does not exist.')
  }
  const rel = path.relative(root, real)
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw refuse(`The folder must be inside ${root}.`)
  if (!fs.statSync(real).isDirectory()) throw refuse('This is not a folder.')
  try {
    // Files are moved to processed/ and failed/ after import: write access is needed too.
    fs.accessSync(real, fs.constants.R_OK | fs.constants.W_OK)
  } catch {
    throw refuse('The product cannot read and write this folder.')
  }
  return real
}
