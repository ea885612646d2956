// Leads: a prospective customer's details sent from the public contact page, and the staff's list of
// them with the mark that someone called back. Online only (the server keeps them).
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { newId } from '../../db/mutate';
import { leadList } from '../../lib/answers';
import type { LeadRecord } from '../../lib/answers';
import type { LeadInput } from '../../lib/validation/leadRules';
import { api, callWithRelogin } from '../../session/api';

/** Sends the contact form to the company of `companyCode` (no session: the page is public). */
export async function sendLead(lead: LeadInput, companyCode: number | null): Promise<void> {
  await api.request('POST', 'public/contact-us', { ...lead, companyCode }, { prefix: false });
}

export async function leadsOf(client: ApiClient): Promise<LeadRecord[]> {
  return answerOf(leadList, await client.request('GET', 'leads')).records;
}

/** Marks that someone called the lead back, then reads the list again. */
export async function markCalledBack(leadId: LeadRecord['id']): Promise<LeadRecord[]> {
  await callWithRelogin(() => api.request('POST', `leads/${leadId}/called-back`, {}, { headers: { 'Idempotency-Key': newId() } }));
  return callWithRelogin(() => leadsOf(api));
}
