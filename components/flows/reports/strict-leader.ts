// The variation shown as leading: the evaluation's leader only when it is ahead of every other
// variation on the test's score (a tie leads no one). Shared by the campaign and flow reports.
export function strictLeader<V extends { variationId: string }>(
  variations: V[],
  leaderId: string | null | undefined,
  score: (v: V) => number,
): string | null {
  const lead = variations.find((v) => v.variationId === leaderId)
  return lead && variations.every((v) => v === lead || score(v) < score(lead)) ? lead.variationId : null
}
