// A company's forms as the store page sees them: live versions of forms that are live (or
// scheduled and inside their window) now, running experiments with their variations. Read on
// every store page view, so it is cached per company for a few seconds
// (lib/forms/live-forms-cache.ts, which the forms store invalidates on every change).
import { db } from '@/lib/db/client'
import { readLiveFormsCache, writeLiveFormsCache } from '@/lib/forms/live-forms-cache'
import type { OnsiteSettingsPayload } from '@/onsite/src/types'
import type { LiveForm } from './types'

type LiveForms = { settings: OnsiteSettingsPayload; forms: LiveForm[] }

function parse(definition: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(definition)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

export async function loadLiveForms(companyId: number, now = new Date()): Promise<LiveForms> {
  const hit = readLiveFormsCache<LiveForms>(companyId, now.getTime())
  if (hit) return hit
  const row = await db.onsiteSettings.findUnique({ where: { companyId } })
  const settings: OnsiteSettingsPayload = {
    trackingEnabled: row?.trackingEnabled ?? true,
    requireConsent: row?.requireConsent ?? false,
    formsEnabled: row?.formsEnabled ?? true,
  }
  const forms = settings.formsEnabled ? await liveForms(companyId, now) : []
  const value = { settings, forms }
  writeLiveFormsCache(companyId, now.getTime(), value)
  return value
}

async function liveForms(companyId: number, now: Date): Promise<LiveForm[]> {
  const forms = await db.form.findMany({
    where: {
      companyId,
      status: { in: ['live', 'scheduled'] },
      // A scheduled form goes live at publishAt even before anything flips its status.
      OR: [{ status: 'live' }, { publishAt: { lte: now } }],
      AND: [
        { OR: [{ publishAt: null }, { publishAt: { lte: now } }] },
        { OR: [{ unpublishAt: null }, { unpublishAt: { gt: now } }] },
      ],
    },
    select: { id: true, name: true, listId: true, formType: true },
    orderBy: { createdAt: 'asc' },
  })
  if (forms.length === 0) return []
  const ids = forms.map((f) => f.id)
  const [versions, experiments] = await Promise.all([
    db.formVersion.findMany({ where: { companyId, formId: { in: ids }, status: 'live' }, orderBy: { id: 'desc' } }),
    db.formExperiment.findMany({ where: { companyId, formId: { in: ids }, status: 'running' } }),
  ])
  const out: LiveForm[] = []
  for (const f of forms) {
    const experiment = experiments.find((e) => e.formId === f.id)
    const mine = versions.filter((v) => v.formId === f.id)
    const variations = experiment ? mine.filter((v) => v.experimentId === experiment.id) : []
    const primary = variations[variations.length - 1] ?? mine.find((v) => v.experimentId === null) ?? mine[0]
    if (!primary) continue
    const definition = parse(primary.definition)
    if (!definition) continue
    const form: LiveForm = {
      form_id: f.id,
      form_version_id: primary.id,
      form_type: primary.formType,
      name: f.name,
      list_id: f.listId,
      definition,
    }
    if (experiment && variations.length > 1) {
      form.experiment = {
        id: experiment.id,
        variations: variations
          .slice()
          .reverse()
          .flatMap((v) => {
            const d = parse(v.definition)
            return d ? [{ form_version_id: v.id, weight: v.weight, definition: d }] : []
          }),
      }
    }
    out.push(form)
  }
  return out
}
