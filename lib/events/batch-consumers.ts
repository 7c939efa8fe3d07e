// What reacts to ingested events (house style "The way data walks"): ingest hands each batch to
// the consumers in this one list, which it owns; it imports none of them, they import its types
// (./types.ts). The composition root registers them at start-up (lib/server/consumers.ts), in
// the order they run.
import type { Ops } from '@/lib/db/ops'
import { consumerList } from '@/lib/config/consumer-list'
import type { GroupOutcome, IngestGroup, TouchedProfiles } from './types'

export interface BatchConsumer {
  name: string
  /**
   * Runs inside the ingest transaction, after the events and Profile.lastEventAt are written and
   * before the queued jobs are completed: what it writes commits or rolls back with the events.
   */
  inTransaction?: (groups: IngestGroup[], outcomes: GroupOutcome[]) => Ops<void>
  /** Runs after the commit, once per company the batch touched; a failure is logged, the events stay. */
  afterCommit?: (touched: TouchedProfiles) => Promise<void>
}

const consumers = consumerList<BatchConsumer>('ingest batch')

export const registerBatchConsumer = (consumer: BatchConsumer): void => consumers.register(consumer)
export const batchConsumers = (): readonly BatchConsumer[] => consumers.all()
