// The rules an automatic form A/B winner is declared by: every variation has been seen by at
// least MIN_VIEWERS distinct visitors, and the variation with the best submit rate beats each
// other one with CONFIDENCE under the two-proportion z-test campaigns and flows use.
export const MIN_VIEWERS = 100
export const CONFIDENCE = 0.95
