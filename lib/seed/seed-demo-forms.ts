// The demo's signup forms (issue 20 §4): a live discount popup (after 5 s) and a live footer
// newsletter form, both subscribing to the Newsletter list that starts the welcome series, plus
// a draft exit-intent flyout; and two months of onsite form activity so the form reports show a
// plausible funnel (about 9 in 10 qualified visitors see the popup, 4 % of viewers submit).
// Deterministic for a seed and `now`.
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { createFormFromTemplate } from '@/lib/forms/store/create-from-template'
import { publishForm } from '@/lib/forms/store/publish-form'
import { WELCOME_LIST } from '@/lib/flows/templates/welcome-series'
import { DAY_MS } from './calendar'
import { insertRows } from './insert-rows'
import { createRng, type Rng } from './prng'

export interface SeedDemoFormsOptions {
  seed?: string
  now?: Date
  days?: number
}
export interface SeedDemoFormsResult {
  forms: number
  live: number
  activity: number
  ms: number
}

interface Funnel {
  visitorsPerDay: number
  viewRate: number
  submitRate: number
  closeRate: number
  successStep: boolean
}

const POPUP: Funnel = { visitorsPerDay: 170, viewRate: 0.91, submitRate: 0.042, closeRate: 0.78, successStep: true }
const EMBED: Funnel = { visitorsPerDay: 240, viewRate: 0.64, submitRate: 0.011, closeRate: 0, successStep: true }

/** Busier at weekends and in the evening, like a store's traffic. */
const dayFactor = (ms: number) => [1.25, 0.9, 0.92, 0.95, 1.0, 1.1, 1.3][new Date(ms).getUTCDay()]!

function* activityRows(
  companyId: number,
  form: { id: string; versionId: number },
  f: Funnel,
  rng: Rng,
  startMs: number,
  nowMs: number,
): Generator<unknown[]> {
  let n = 0
  for (let day = startMs; day < nowMs; day += DAY_MS) {
    const visitors = rng.poisson(f.visitorsPerDay * dayFactor(day))
    for (let v = 0; v < visitors; v++) {
      const visitorId = `demo-${form.id}-${rng.int(0, 2 ** 30).toString(36)}`
      const at = Math.min(nowMs - 60_000, day + Math.floor(rng.next() * DAY_MS))
      const row = (kind: string, step: number | null, offsetMs: number) => [
        companyId,
        form.id,
        form.versionId,
        kind,
        step,
        visitorId,
        null,
        dbDate(new Date(at + offsetMs)),
        `seed-${form.id}-${n++}`,
      ]
      yield row('qualified_form', null, 0)
      if (!rng.chance(f.viewRate)) continue
      yield row('viewed_form', null, 500)
      yield row('viewed_form_step', 0, 500)
      if (rng.chance(f.submitRate)) {
        yield row('submitted_form_step', 0, 20_000)
        yield row('submits', null, 20_000)
        if (f.successStep) yield row('viewed_form_step', 1, 20_500)
      } else if (rng.chance(f.closeRate)) {
        yield row('closed_form', null, 8_000)
      }
    }
  }
}

export async function seedDemoForms(companyId: number, opts: SeedDemoFormsOptions = {}): Promise<SeedDemoFormsResult> {
  const t0 = Date.now()
  const nowMs = (opts.now ?? new Date()).getTime()
  const startMs = nowMs - (opts.days ?? 60) * DAY_MS
  const rng = createRng(`${opts.seed ?? 'demo'}:forms`)
  const list = await db.group.findFirst({
    where: { companyId, type: 0, name: WELCOME_LIST, deletedAt: null },
    select: { id: true },
  })
  const listId = list?.id

  const popup = await createFormFromTemplate(companyId, {
    templateKey: 'discount_popup',
    name: 'Welcome discount popup',
    listId,
  })
  const embed = await createFormFromTemplate(companyId, {
    templateKey: 'newsletter_embed',
    name: 'Footer newsletter',
    listId,
  })
  await createFormFromTemplate(companyId, {
    templateKey: 'exit_intent_flyout',
    name: 'Exit-intent offer (draft)',
    listId,
  })
  const published = new Date(startMs)
  const live: Array<{ id: string; versionId: number }> = []
  for (const form of [popup, embed]) {
    await publishForm(companyId, form.id, undefined, published)
    await db.form.updateMany({ where: { companyId, id: form.id }, data: { createdAt: new Date(startMs - 3 * DAY_MS) } })
    const version = await db.formVersion.findFirstOrThrow({
      where: { companyId, formId: form.id, status: 'live' },
      select: { id: true },
    })
    live.push({ id: form.id, versionId: version.id })
  }

  const activity = await inWriteTx(function* () {
    const columns = [
      'companyId',
      'formId',
      'formVersionId',
      'kind',
      'step',
      'visitorId',
      'profileId',
      'occurredAt',
      'eventKey',
    ] as const
    let total = 0
    total += yield* insertRows(
      'FormActivity',
      columns,
      activityRows(companyId, live[0]!, POPUP, rng.fork('popup'), startMs, nowMs),
    )
    total += yield* insertRows(
      'FormActivity',
      columns,
      activityRows(companyId, live[1]!, EMBED, rng.fork('embed'), startMs, nowMs),
    )
    return total
  })
  return { forms: 3, live: live.length, activity, ms: Date.now() - t0 }
}
