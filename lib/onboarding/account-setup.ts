// The account-setup wizard's state (one AccountSetup row per company) and the saving of a step:
// its answer is validated, applied where the product keeps it (the organization's website,
// category and postal address, the email sender, the store connection's settings and sync), and
// stored with the step to resume at, so a reload or a later sign-in returns to the same place.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { countryCodes } from '@/lib/account/organization-options'
import { getConnectionByKey, updateConnection } from '@/lib/integrations/connections'
import { startHistoricalSync } from '@/lib/integrations/shopify/sync/start-sync'
import { startWooSync } from '@/lib/integrations/woocommerce/sync/start-sync'
import { saveSenderInfo, type SenderResult } from './sender-info'
import { nextStep, resumeStep, stepBodies, type SetupStep, type StepAnswers, type StorePlatform } from './setup-steps'

export interface SetupState {
  answers: StepAnswers
  /** Where the wizard resumes (null once every step is answered). */
  currentStep: SetupStep | null
  completedAt: string | null
  /** The store the integration step connects (null: none chosen yet, or no store). */
  storePlatform: StorePlatform | null
  storeConnected: boolean
  smsChosen: boolean
  phoneVerified: boolean
}

function parseAnswers(raw: string | undefined): StepAnswers {
  try {
    const v = raw ? JSON.parse(raw) : {}
    return v && typeof v === 'object' ? (v as StepAnswers) : {}
  } catch {
    return {}
  }
}

const storeOf = (a: StepAnswers): StorePlatform | null =>
  a.platform?.platform === 'shopify' || a.platform?.platform === 'woocommerce' ? a.platform.platform : null

async function connected(companyId: number, platform: StorePlatform | null): Promise<boolean> {
  if (!platform) return false
  const conn = await getConnectionByKey(companyId, platform)
  return !!conn && conn.status !== 'disconnected'
}

export async function getSetupState(companyId: number): Promise<SetupState> {
  const row = await db.accountSetup.findUnique({ where: { companyId } })
  const answers = parseAnswers(row?.answers)
  const storePlatform = storeOf(answers)
  return {
    answers,
    currentStep: resumeStep(answers),
    completedAt: row?.completedAt?.toISOString() ?? null,
    storePlatform,
    storeConnected: await connected(companyId, storePlatform),
    smsChosen: !!answers['choose-channels']?.channels.includes('sms'),
    phoneVerified: !!row?.phoneVerifiedAt,
  }
}

export interface SaveStepResult {
  state: SetupState
  /** Where the screen goes next: the next step, or the page after the wizard. */
  next: string
  sender?: SenderResult
  syncStarted?: boolean
}

/** The page after the last step: the phone check for an account that texts, else the guides. */
export const finishPath = (a: StepAnswers) =>
  a['choose-channels']?.channels.includes('sms') ? '/account/verify-phone' : '/get-started'

export async function saveSetupStep(
  companyId: number,
  userId: number,
  step: SetupStep,
  raw: unknown,
  now = new Date(),
): Promise<SaveStepResult> {
  const answer = stepBodies[step].parse(raw ?? {}) as never
  const row = await db.accountSetup.findUnique({ where: { companyId } })
  const before = parseAnswers(row?.answers)
  const answers: StepAnswers = { ...before, [step]: answer }
  const extra: Omit<SaveStepResult, 'state' | 'next'> = {}
  await apply(companyId, userId, step, answers, extra)
  const following = nextStep(step, answers)
  // A changed earlier answer can make later ones meaningless (another platform): they are asked again.
  if (step === 'platform' && before.platform?.platform !== answers.platform?.platform) {
    delete answers.integration
    delete answers['integration/data-sharing']
    delete answers['integration/sync']
  }
  const resume = resumeStep(answers)
  const completedAt = row?.completedAt ?? (resume === null ? now : null)
  const data = { answers: JSON.stringify(answers), currentStep: resume ?? 'done', completedAt }
  await db.accountSetup.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  return {
    state: await getSetupState(companyId),
    next: following ? `/account-setup/${following}` : finishPath(answers),
    ...extra,
  }
}

type Extra = Omit<SaveStepResult, 'state' | 'next'>

async function apply(companyId: number, userId: number, step: SetupStep, a: StepAnswers, extra: Extra) {
  switch (step) {
    case 'business-category':
      await db.company.update({ where: { id: companyId }, data: { industry: a[step]!.category } })
      return
    case 'company-website':
      await db.company.update({ where: { id: companyId }, data: { websiteUrl: a[step]!.websiteUrl } })
      return
    case 'mailing-address': {
      const m = a[step]!
      if (!countryCodes().includes(m.country))
        throw badRequest('Please correct the highlighted fields.', { country: ['Choose a country from the list.'] })
      const orNull = (s: string) => s || null
      await db.company.update({
        where: { id: companyId },
        data: {
          addressLine1: m.line1,
          addressLine2: orNull(m.line2),
          city: m.city,
          addressRegion: orNull(m.region),
          postalCode: orNull(m.postalCode),
          country: m.country,
        },
      })
      return
    }
    case 'integration': {
      const platform = storeOf(a)
      if (!platform)
        throw badRequest('Please correct the highlighted fields.', { action: ['Choose your store platform first.'] })
      if (a[step]!.action === 'connected' && !(await connected(companyId, platform)))
        throw badRequest('Please correct the highlighted fields.', {
          action: ['Your store is not connected yet: connect it above, or skip this step.'],
        })
      return
    }
    case 'integration/data-sharing': {
      const conn = await requireConnection(companyId, a)
      await updateConnection(companyId, conn.id, { settings: { writeBackConsent: a[step]!.writeBackConsent } })
      return
    }
    case 'integration/sync': {
      await requireConnection(companyId, a)
      const days = a[step]!.days
      if (days > 0) {
        if (storeOf(a) === 'shopify') await startHistoricalSync(companyId, { days })
        else await startWooSync(companyId, { days })
        extra.syncStarted = true
      }
      return
    }
    case 'sender-info':
      extra.sender = await saveSenderInfo(companyId, userId, a[step]!)
      return
    default:
      return
  }
}

async function requireConnection(companyId: number, a: StepAnswers) {
  const platform = storeOf(a)
  const conn = platform ? await getConnectionByKey(companyId, platform) : null
  if (!conn || conn.status === 'disconnected')
    throw badRequest('Connect your store first.', { _: ['Connect your store first, or skip the integration.'] })
  return conn
}
