// The privacy policy and terms of use the user approves before using the app (spec 5: "terms of use must
// be approved"). A new version (its text in the `terms` locale namespace) asks every user again.
export const termsVersion = '2026-11-01';
