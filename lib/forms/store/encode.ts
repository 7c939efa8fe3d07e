// Rows → the store's answer shapes. A schedule is stored as UTC instants plus the zone it was
// entered in; the date and time shown back are that zone's wall clock (seed 002 §3.4).
import type { Form, FormVersion } from '@/generated/prisma/client'
import { localParts } from '@/lib/metrics/zoned-time'
import type {
  FormDetail,
  FormSchedule,
  FormStatus,
  FormType,
  FormVersionDetail,
  ScheduleMoment,
  ChannelType,
} from './types'

const pad = (n: number) => String(n).padStart(2, '0')

export function scheduleMoment(at: Date | null, timezone: string | null): ScheduleMoment | null {
  if (!at) return null
  const tz = timezone ?? 'UTC'
  const p = localParts(tz, at.getTime())
  return {
    date: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    time: `${pad(p.hour)}:${pad(p.minute)}`,
    timezone: tz,
    dateTime: at.toISOString(),
  }
}

export function scheduleOf(form: Form): FormSchedule | null {
  if (!form.publishAt && !form.unpublishAt) return null
  return {
    id: form.id,
    publishAt: scheduleMoment(form.publishAt, form.scheduleTimeZone),
    unpublishAt: scheduleMoment(form.unpublishAt, form.scheduleTimeZone),
  }
}

export function parseDefinition(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export function encodeVersion(v: FormVersion): FormVersionDetail {
  return {
    id: v.id,
    formId: v.formId,
    variationName: v.variationName,
    formType: v.formType as FormType,
    status: v.status as 'draft' | 'live',
    experimentId: v.experimentId,
    weight: v.weight,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
    definition: parseDefinition(v.definition),
  }
}

export function encodeForm(form: Form & { versions: FormVersion[] }): FormDetail {
  return {
    id: form.id,
    name: form.name,
    status: form.status as FormStatus,
    formType: form.formType as FormType,
    channelType: form.channelType as ChannelType,
    listId: form.listId,
    hasBeenLive: form.hasBeenLive,
    lastPublishedAt: form.lastPublishedAt?.toISOString() ?? null,
    templateKey: form.templateKey,
    schedule: scheduleOf(form),
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
    versions: [...form.versions].sort((a, b) => a.id - b.id).map(encodeVersion),
  }
}
