// The management company's customised sites (spec 2): read for every user, saved whole by staff with
// its own Idempotency-Key (a repeated tap saves once). The server checks the list as the screen does.
import { answerOf } from '../../api/answers';
import { newId } from '../../db/mutate';
import { companySitesAnswer } from '../../lib/answers';
import { refuse } from '../../lib/validation/rules';
import { siteList } from '../../lib/validation/siteRules';
import { api, callWithRelogin } from '../../session/api';

export async function saveCompanySites(sites: readonly string[]): Promise<string[]> {
  refuse(siteList(sites));
  const answer = await callWithRelogin(() => api.request('PUT', 'company/sites', { sites }, { headers: { 'Idempotency-Key': newId() } }));
  return answerOf(companySitesAnswer, answer).sites;
}
