/** @jest-environment node */
// Issue 20 §4: the demo ships a live discount popup and a live footer form on the list that
// starts the welcome series, a draft flyout, and two months of form activity whose funnel
// looks like a real store's: the same on every run.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { createList } from '@/lib/groups/create-list'
import { seedDemoForms } from '@/lib/seed/seed-demo-forms'
import { makeCompany } from '../helpers/factory'

const NOW = new Date('2026-11-20T12:00:00Z')

async function counts(companyId: number, formId: string) {
  const rows = await db.formActivity.groupBy({ by: ['kind'], where: { companyId, formId }, _count: { _all: true } })
  return Object.fromEntries(rows.map((r) => [r.kind, r._count._all])) as Record<string, number>
}

test('a live popup and footer form on the Newsletter list, a draft flyout, and a plausible funnel', async () => {
  const { id } = await makeCompany()
  const list = await createList(id, { name: 'Newsletter', optInProcess: 'single_opt_in' })
  const result = await seedDemoForms(id, { seed: 'demo-store', now: NOW, days: 30 })
  expect(result).toMatchObject({ forms: 3, live: 2 })

  const forms = await db.form.findMany({ where: { companyId: id }, orderBy: { name: 'asc' } })
  expect(forms.map((f) => [f.name, f.status, f.formType, f.listId])).toEqual([
    ['Exit-intent offer (draft)', 'draft', 'flyout', list.id],
    ['Footer newsletter', 'live', 'embed', list.id],
    ['Welcome discount popup', 'live', 'popup', list.id],
  ])
  const popup = forms.find((f) => f.formType === 'popup')!
  const definition = JSON.parse(
    (await db.formVersion.findFirstOrThrow({ where: { formId: popup.id, status: 'live' } })).definition,
  )
  expect(definition.triggers).toEqual(expect.arrayContaining([{ type: 'delay', properties: { seconds: 5 } }]))

  const c = await counts(id, popup.id)
  expect(c.qualified_form).toBeGreaterThan(30 * 120)
  expect(c.viewed_form / c.qualified_form).toBeCloseTo(0.91, 1)
  const submitRate = c.submits / c.viewed_form
  expect(submitRate).toBeGreaterThan(0.03)
  expect(submitRate).toBeLessThan(0.055)
  expect(c.submitted_form_step).toBe(c.submits)
  const first = await db.formActivity.findFirst({ where: { companyId: id }, orderBy: { occurredAt: 'asc' } })
  const last = await db.formActivity.findFirst({ where: { companyId: id }, orderBy: { occurredAt: 'desc' } })
  expect(first!.occurredAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 30 * 86_400_000)
  expect(last!.occurredAt.getTime()).toBeLessThan(NOW.getTime())

  // Deterministic: another company seeded the same way gets the same funnel.
  const other = await makeCompany()
  await createList(other.id, { name: 'Newsletter', optInProcess: 'single_opt_in' })
  await seedDemoForms(other.id, { seed: 'demo-store', now: NOW, days: 30 })
  const otherPopup = await db.form.findFirstOrThrow({ where: { companyId: other.id, formType: 'popup' } })
  expect(await counts(other.id, otherPopup.id)).toEqual(c)
})
