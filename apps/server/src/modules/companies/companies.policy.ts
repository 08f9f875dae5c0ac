import { isAdmin, type Actor } from '../../platform/auth/actor';

/** A company is visible to its own users and to super users; to anyone else it does not exist (404). */
export const canSeeCompany = (actor: Actor, companyId: number): boolean =>
  actor.isSuper || actor.companyId === companyId;

/** Super users may not delete the company they belong to. */
export const canDeleteCompany = (actor: Actor, companyId: number): boolean =>
  actor.isSuper && actor.companyId !== companyId;

/** Secret settings (payment-provider token) go only to admins of that same company. */
export const canSeeSecretsOf = (viewer: Actor | null, companyId: number): boolean =>
  viewer !== null && isAdmin(viewer) && viewer.companyId === companyId;
