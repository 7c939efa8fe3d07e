// A code's syntax, checked by the sandbox itself (nothing runs) so that what the editor accepts
// is what the sandbox can run: a bad one is a 400 naming the field.
import { badRequest } from '@/lib/errors/app-error'
import { checkCodeSyntax, SandboxUnavailable } from '@/lib/flows/sandbox/run-code'
import { CODE_SOURCE_LIMIT_BYTES } from '@/lib/flows/sandbox/code-limits'

export async function sourceProblem(companyId: number, source: string): Promise<string | null> {
  if (!source.trim()) return 'The code is required.'
  if (Buffer.byteLength(source, 'utf8') > CODE_SOURCE_LIMIT_BYTES) return 'The code is larger than 64 KB.'
  try {
    return await checkCodeSyntax(source, companyId)
  } catch (e) {
    if (e instanceof SandboxUnavailable) throw badRequest(e.message, { source_code: [e.message] })
    throw e
  }
}

export async function assertSource(companyId: number, source: string): Promise<void> {
  const problem = await sourceProblem(companyId, source)
  if (problem) throw badRequest(problem, { source_code: [problem] })
}
