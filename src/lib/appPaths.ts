// Addresses other screens link to, known beside the route table (src/app/routeTable.ts), which uses them.

/** The buildings list, where a building is chosen ("/" is each user's home, which may be another screen). */
export const buildingsPath = '/buildings';
