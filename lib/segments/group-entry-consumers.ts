// What reacts to profiles entering a list or segment (house style "The way data walks"): the
// membership writer (./apply-membership.ts) hands each entry to the consumers in this one list,
// inside its transaction, without importing them (list- and segment-triggered flows are one,
// registered by lib/server/consumers.ts).
import type { Ops } from '@/lib/db/ops'
import { consumerList } from '@/lib/config/consumer-list'

export interface GroupEntryConsumer {
  name: string
  /** Runs in the transaction that makes `ids` members of the group, so it commits or rolls back with them. */
  entered: (companyId: number, groupId: string, ids: string[], at: Date) => Ops<void>
}

const consumers = consumerList<GroupEntryConsumer>('group entry')

export const registerGroupEntryConsumer = (consumer: GroupEntryConsumer): void => consumers.register(consumer)
export const groupEntryConsumers = (): readonly GroupEntryConsumer[] => consumers.all()
