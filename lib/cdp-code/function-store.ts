// A company's code functions: create, read, update, delete. Secrets (environment variables)
// are sealed at rest (lib/crypto/secret-box.ts) and never leave the server: the screens get
// their names only, and an edit that sends a name without a value keeps the stored value.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { openSecret, sealSecret } from '@/lib/crypto/secret-box'
import { ulid } from '@/lib/ids/make-id'
import { assertSource } from './check-source'
import { forgetFunctions } from './function-cache'
import { FUNCTION_SECRETS_MAX, SECRET_NAME } from './limits'

const SECRETS_PURPOSE = 'code-function-secrets'

export interface FunctionInput {
  name?: string
  triggerMetric?: string
  sourceCode?: string
  enabled?: boolean
  /** The whole list: a name without a value keeps its stored value; names left out are removed. */
  secrets?: { name: string; value?: string | null }[]
}

export interface FunctionView {
  id: string
  name: string
  triggerMetric: string
  sourceCode: string
  enabled: boolean
  secretNames: string[]
  createdAt: Date
  updatedAt: Date
}

type Row = NonNullable<Awaited<ReturnType<typeof db.codeFunction.findFirst>>>

export function openSecrets(sealed: string | null): Record<string, string> {
  const text = openSecret(sealed, SECRETS_PURPOSE)
  if (!text) return {}
  try {
    const v = JSON.parse(text) as Record<string, unknown>
    return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
  } catch {
    return {}
  }
}

const view = (r: Row): FunctionView => ({
  id: r.id,
  name: r.name,
  triggerMetric: r.triggerMetric,
  sourceCode: r.sourceCode,
  enabled: r.enabled,
  secretNames: Object.keys(openSecrets(r.secretsSealed)).sort(),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
})

function validate(
  input: FunctionInput,
  creating: boolean,
  stored: Record<string, string>,
): Record<string, string> | null {
  const errors: Record<string, string[]> = {}
  const add = (f: string, m: string) => (errors[f] ??= []).push(m)
  if (creating || input.name !== undefined) {
    if (!input.name?.trim()) add('name', 'A name is required.')
    else if (input.name.length > 255) add('name', 'The name is at most 255 characters.')
  }
  if (creating || input.triggerMetric !== undefined) {
    if (!input.triggerMetric?.trim()) add('trigger_metric', 'Choose the metric whose events run the function.')
    else if (input.triggerMetric.length > 255) add('trigger_metric', 'The metric name is at most 255 characters.')
  }
  if (creating && input.sourceCode === undefined) add('source_code', 'The code is required.')
  let secrets: Record<string, string> | null = null
  if (input.secrets) {
    secrets = {}
    if (input.secrets.length > FUNCTION_SECRETS_MAX) add('secrets', `At most ${FUNCTION_SECRETS_MAX} secrets.`)
    input.secrets.forEach((s, i) => {
      if (!SECRET_NAME.test(s.name))
        add(`secrets.${i}.name`, 'Use capital letters, digits and underscores, starting with a letter (API_KEY).')
      else if (secrets![s.name] !== undefined) add(`secrets.${i}.name`, 'This name is used twice.')
      const value = s.value ?? stored[s.name]
      if (value === undefined || value === '') add(`secrets.${i}.value`, 'A value is required.')
      else if (value.length > 4096) add(`secrets.${i}.value`, 'A value is at most 4096 characters.')
      else secrets![s.name] = value
    })
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors)
  return secrets
}

export async function createFunction(companyId: number, input: FunctionInput): Promise<FunctionView> {
  const secrets = validate(input, true, {})
  await assertSource(companyId, input.sourceCode ?? '')
  const row = await db.codeFunction.create({
    data: {
      id: ulid(),
      companyId,
      name: input.name!.trim(),
      triggerMetric: input.triggerMetric!.trim(),
      sourceCode: input.sourceCode!,
      enabled: input.enabled ?? false,
      secretsSealed:
        secrets && Object.keys(secrets).length ? sealSecret(JSON.stringify(secrets), SECRETS_PURPOSE) : null,
    },
  })
  forgetFunctions()
  return view(row)
}

export async function getFunctionRow(companyId: number, id: string): Promise<Row | null> {
  return db.codeFunction.findFirst({ where: { companyId, id } })
}

export async function getFunction(companyId: number, id: string): Promise<FunctionView | null> {
  const r = await getFunctionRow(companyId, id)
  return r ? view(r) : null
}

export async function listFunctions(companyId: number): Promise<FunctionView[]> {
  const rows = await db.codeFunction.findMany({ where: { companyId }, orderBy: { createdAt: 'desc' } })
  return rows.map(view)
}

export async function updateFunction(
  companyId: number,
  id: string,
  input: FunctionInput,
): Promise<FunctionView | null> {
  const row = await getFunctionRow(companyId, id)
  if (!row) return null
  const secrets = validate(input, false, openSecrets(row.secretsSealed))
  if (input.sourceCode !== undefined) await assertSource(companyId, input.sourceCode)
  const r = await db.codeFunction.update({
    where: { id: row.id, companyId },
    data: {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.triggerMetric !== undefined ? { triggerMetric: input.triggerMetric.trim() } : {}),
      ...(input.sourceCode !== undefined ? { sourceCode: input.sourceCode } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(secrets
        ? {
            secretsSealed: Object.keys(secrets).length ? sealSecret(JSON.stringify(secrets), SECRETS_PURPOSE) : null,
          }
        : {}),
    },
  })
  forgetFunctions()
  return view(r)
}

/** Deletes the function and its invocations; false when it is not the company's. */
export async function deleteFunction(companyId: number, id: string): Promise<boolean> {
  const gone = await db.codeFunction.deleteMany({ where: { companyId, id } })
  forgetFunctions()
  if (!gone.count) return false
  await db.codeFunctionInvocation.deleteMany({ where: { companyId, functionId: id } })
  return true
}
