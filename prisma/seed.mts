// Demo data: "Demo Store" (owner, analyst), "Second Store" (the owner again, for account
// switching) and a staff user. Password: DEMO_PASSWORD or "demo-password".
// Runs only against an empty database unless --force is given.
import { randomBytes } from 'node:crypto'
import { db } from '../lib/db/client'
import { hashPassword } from '../lib/auth/password'
import { DEFAULT_ON } from '../lib/flags/get-feature-flags'
import { STAFF_RESOURCES } from '../lib/auth/resources'
import { seedAudience, type SeedAudienceResult } from '../lib/seed/seed-audience'
import { seedCatalog } from '../lib/seed/seed-catalog'
import { seedMessages } from '../lib/seed/seed-messages'
import { seedDemoReviews } from '../lib/seed/seed-demo-reviews'
import { seedDemoReviewRequests } from '../lib/seed/seed-review-requests'
import { seedDemoConversations } from '../lib/seed/seed-conversations'
import { seedDemoForms } from '../lib/seed/seed-demo-forms'
import { seedDemoIntegrations } from '../lib/seed/seed-demo-integrations'
import { seedDemoPredictions } from '../lib/seed/seed-demo-predictions'
import { seedDemoAnalyticsOps } from '../lib/seed/seed-demo-analytics-ops'
import { seedDemoReports } from '../lib/seed/seed-demo-reports'

const password = process.env.DEMO_PASSWORD || 'demo-password'

async function main() {
  const existing = await db.company.count()
  if (existing > 0 && !process.argv.includes('--force')) {
    console.log(`Seed skipped: the database already has ${existing} companies.`)
    return
  }
  const hash = await hashPassword(password)
  const key = () => randomBytes(3).toString('hex').toUpperCase()

  const demo = await db.company.create({
    data: {
      name: 'Demo Store',
      publicApiKey: key(),
      timezone: 'America/New_York',
      planKey: 'email-pro',
      avatarColor: '#2f6bd8',
      websiteUrl: 'https://demo-store.example',
      // Marketing email needs a postal address in its footer (lib/messaging/postal-address.ts).
      addressLine1: '350 Fifth Avenue',
      addressLine2: 'Suite 4200',
      city: 'New York',
      addressRegion: 'NY',
      postalCode: '10118',
      country: 'US',
    },
  })
  const second = await db.company.create({
    data: {
      name: 'Second Store',
      publicApiKey: key(),
      timezone: 'Europe/London',
      localeLanguage: 'en',
      localeRegion: 'GB',
      avatarColor: '#16845c',
      addressLine1: '10 Market Street',
      city: 'London',
      postalCode: 'EC1A 1BB',
      country: 'GB',
    },
  })
  const staffHome = await db.company.create({
    data: { name: 'Provider Staff', publicApiKey: key(), isInternalAccount: true, avatarColor: '#6b4bd8' },
  })

  const owner = await db.user.create({
    data: {
      email: 'owner@demo.test',
      passwordHash: hash,
      firstName: 'Olivia',
      lastName: 'Owner',
      emailConfirmed: true,
    },
  })
  const analyst = await db.user.create({
    data: {
      email: 'analyst@demo.test',
      passwordHash: hash,
      firstName: 'Arjun',
      lastName: 'Analyst',
      emailConfirmed: true,
    },
  })
  const staff = await db.user.create({
    data: {
      email: 'staff@demo.test',
      passwordHash: hash,
      firstName: 'Sam',
      lastName: 'Staff',
      emailConfirmed: true,
      isStaff: true,
      staffResources: JSON.stringify(STAFF_RESOURCES),
    },
  })

  await db.membership.createMany({
    data: [
      { userId: owner.id, companyId: demo.id, role: 'owner', isFavorite: true },
      { userId: analyst.id, companyId: demo.id, role: 'analyst' },
      { userId: owner.id, companyId: second.id, role: 'owner' },
      { userId: staff.id, companyId: staffHome.id, role: 'owner' },
    ],
  })
  for (const c of [demo, second, staffHome]) {
    await db.featureFlag.createMany({ data: DEFAULT_ON.map((name) => ({ companyId: c.id, name, enabled: true })) })
  }
  await db.featureFlag.create({ data: { companyId: demo.id, name: 'report_builder', enabled: true } })
  // The AMP editors are flagged routes: without the flag the demo's AMP screens are a 404 (the
  // reason the browser spec of the AMP valid marker failed in its first run).
  await db.featureFlag.create({ data: { companyId: demo.id, name: 'amp', enabled: true } })
  // Reviews are built (issue 24): the demo shows them, with the reviews seeded below.
  await db.featureFlag.create({ data: { companyId: demo.id, name: 'is_reviews_enabled', enabled: true } })
  await db.abTestAssignment.createMany({
    data: [
      { companyId: demo.id, experiment: 'new_dashboard_cards', value: 'true' },
      { companyId: demo.id, experiment: 'onboarding_checklist_variant', value: '2' },
      { companyId: second.id, experiment: 'new_dashboard_cards', value: 'false' },
    ],
  })
  console.log(
    'Seeded: Demo Store, Second Store, Provider Staff; users owner@demo.test, analyst@demo.test, staff@demo.test.',
  )

  // The audience: customers, consent, months of store events, lists and segments (lib/seed).
  const big = await seedAudience(demo.id, {
    seed: 'demo-store',
    customers: 5000,
    months: 12,
    storeUrl: 'https://demo-store.example',
  })
  console.log(`Demo Store audience: ${describe(big)}`)
  const cat = await seedCatalog(demo.id, { seed: 'demo-store', storeUrl: 'https://demo-store.example' })
  console.log(
    `Demo Store catalog: ${cat.items} items, ${cat.variants} variants, ${cat.categories} categories, ${cat.couponCodes} coupon codes, ${cat.flows.length} catalog flows (${cat.ms} ms)`,
  )
  const msg = await seedMessages(demo.id, { seed: 'demo-store', storeUrl: 'https://demo-store.example' })
  console.log(
    `Demo Store messages: ${msg.flows} live flows (${msg.flowRuns} runs), ${msg.campaigns} sent campaigns, ${msg.sends} sends, ${msg.messageEvents} message events, ${msg.attributedOrders} orders attributed (${msg.ms} ms)`,
  )
  const forms = await seedDemoForms(demo.id, { seed: 'demo-store' })
  console.log(
    `Demo Store forms: ${forms.forms} forms (${forms.live} live: a discount popup and a footer newsletter form; see /storefront-demo), ${forms.activity} form interactions (${forms.ms} ms)`,
  )
  await seedDemoIntegrations(demo.id) // issue 21 §7: test Shopify and WooCommerce connections (docs/integrations.md)
  // Issue 24: buyers' reviews of the products they ordered, through the shopper's own path.
  const t0Reviews = Date.now()
  const reviews = await seedDemoReviews(demo.id, { seed: 'demo-store' })
  console.log(`Demo Store reviews: ${reviews.reviews} reviews (${Date.now() - t0Reviews} ms)`)
  // Issue 24 §1: the review request flow's year (requests, sends, opens; the reviews above answer theirs).
  const rr = await seedDemoReviewRequests(demo.id, { seed: 'demo-store' })
  console.log(
    `Demo Store review requests: ${rr.requests} requests in ${rr.sends} emails, ${rr.opened} opened, ${rr.answered} answered (${rr.ms} ms)`,
  )
  // Issue 25: an inbox with conversations to open (SMS and email replies, WhatsApp chats).
  const inbox = await seedDemoConversations(demo.id, { seed: 'demo-store' })
  console.log(`Demo Store inbox: ${inbox.conversations} conversations, ${inbox.messages} messages (${inbox.ms} ms)`)
  // Issue 23 §3: the predictive models fitted on the year of orders, so the CLV screen has scores.
  const predictions = await seedDemoPredictions(demo.id)
  console.log(
    `Demo Store predictions: ${predictions.status}, ${predictions.customers} customers scored (${predictions.durationMs} ms)`,
  )
  // Issue 23 §4: monitors (one evaluated alert history) and goals, for the monitors, goals and BFCM pages.
  const ops = await seedDemoAnalyticsOps(demo.id)
  console.log(`Demo Store monitors and goals: ${ops.monitors} monitors, ${ops.goals} goals (${ops.ms} ms)`)
  // Issue 23 §1: saved reports (one on a weekly email schedule) and a custom dashboard.
  const rep = await seedDemoReports(demo.id, 'owner@demo.test')
  console.log(
    `Demo Store reports: ${rep.reports} saved reports, ${rep.dashboards} custom dashboard with ${rep.cards} cards (${rep.ms} ms)`,
  )
  const small = await seedAudience(second.id, {
    seed: 'second-store',
    customers: 200,
    months: 1,
    mix: 'uk',
    currency: 'GBP',
    storeUrl: 'https://second-store.example',
  })
  console.log(`Second Store audience: ${describe(small)}`)
}

function describe(r: SeedAudienceResult): string {
  return (
    `${r.profiles} profiles, ${r.events} events, ${r.orders} orders; lists ${JSON.stringify(r.lists)}; ` +
    `segments ${JSON.stringify(r.segments)} (${(r.ms.total / 1000).toFixed(1)} s: generate ${r.ms.generate} ms, write ${r.ms.write} ms, groups ${r.ms.groups} ms)`
  )
}

main()
  .then(() => db.$disconnect())
  .catch(async (e) => {
    console.error(e)
    await db.$disconnect()
    process.exit(1)
  })
