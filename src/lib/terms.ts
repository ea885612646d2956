// The privacy policy and terms of use the user approves before using the app (spec 5: "terms of use must
// be approved"). A new version (its text in the `terms` locale namespace) asks every user again.
export const termsVersion = '2026-11-01';

/**
 * Whose actions the server holds back until the current terms are approved (issue 27): tenants, who pay,
 * save cards, book and sign under them. Routes say which actions are theirs (`config.terms`).
 */
export const rolesBoundByTerms: readonly string[] = ['owner', 'renter'];
