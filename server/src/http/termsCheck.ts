// Terms before tenant actions (issue 27): a route that declares `config.terms` refuses a tenant who has
// not approved the current terms of use (src/lib/terms.ts). Checked with the route's right, before the
// handler (http/beforeHandler.ts, and a command's pipeline, http/command.ts, for its request and a batch's change alike).
import type { FastifyRequest } from 'fastify';
import { rolesBoundByTerms, termsVersion } from '../../../src/lib/terms.ts';
import type { Db } from '../db/database.ts';
import { termsApprovals } from '../data/profiles.ts';
import type { UserRow } from '../data/users.ts';
import { ApiError } from './errors.ts';
import { actorOf } from './rights.ts';

export const termsNotApproved = () =>
  new ApiError(403, 'TERMS_NOT_APPROVED', 'termsNotApproved', { extra: { terms: { version: termsVersion, approved: false } } });

export async function checkRouteTerms(db: Db, req: FastifyRequest): Promise<void> {
  if (!req.routeOptions.config.terms || !req.auth) return;
  await checkTerms(db, req.auth.user);
}

/** The user, when their role is bound by the terms, has approved the current ones. */
export async function checkTerms(db: Db, user: UserRow): Promise<void> {
  if (!rolesBoundByTerms.includes(actorOf(user).role)) return;
  if (!(await termsApprovals.has(db, user.id, termsVersion))) throw termsNotApproved();
}
