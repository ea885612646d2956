// The companies a user of several companies may work for (spec: companiesCount), and the switch: a
// sign-in to the other company's account (password and code), the form filled in for it.
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { companiesAnswer } from '../../lib/answers';
import type { CompanyChoice } from '../../lib/answers';
import { logout } from '../../session/logout';
import { withPageClient } from '../../session/api';

export async function fetchCompanies(api: ApiClient): Promise<CompanyChoice[]> {
  return answerOf(companiesAnswer, await api.request('GET', 'auth/companies', undefined, { prefix: false })).records;
}

/** Signs out here and leaves the Login form filled in with the chosen company and the same user. */
export function switchCompany(companyId: number, userName: string): Promise<void> {
  return logout({ prefill: { compID: companyId, userName } });
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const companyCalls = {
  fetchCompanies: withPageClient(fetchCompanies),
};
