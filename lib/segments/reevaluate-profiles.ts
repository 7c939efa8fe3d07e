// STUB (owner: groups engineer replaces it): re-evaluates the segments a change can affect.
export async function reevaluateProfiles(
  _companyId: number,
  _profileIds: string[],
  _hint?: { metricIds?: string[]; profileChanged?: boolean; listIds?: string[] },
): Promise<void> {}
