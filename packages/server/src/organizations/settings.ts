import type { Executor } from '../db/client.js';
import { getSettings, listIdentities } from './repository.js';

/** The organization's settings row (plugins chosen, renewal alert days, timezone…), for other domains. */
export async function getSettingsOf(db: Executor, organizationId: string) {
  return getSettings(db, organizationId);
}

/** An organization's settings row, or undefined when it has none (defaults apply). */
export type OrganizationSettings = Awaited<ReturnType<typeof getSettings>>;
/** An organization's own identities (legal names, domains…), primary first. */
export type OrganizationIdentities = Awaited<ReturnType<typeof listIdentities>>;

/**
 * What one unit of work (a document's pipeline run) reads of its organization, each at most once
 * and only when first asked for: the steps of the run share one snapshot instead of re-reading
 * the same rows. Made per run and dropped with it, so a change of settings or identities is seen
 * by the next run — nothing is kept across runs or organizations.
 */
export interface OrganizationReads {
  readonly organizationId: string;
  settings(): Promise<OrganizationSettings>;
  identities(): Promise<OrganizationIdentities>;
}

/** A fresh {@link OrganizationReads} of `organizationId` over `db` (queries still filtered by organization). */
export function organizationReads(db: Executor, organizationId: string): OrganizationReads {
  let settings: Promise<OrganizationSettings> | undefined;
  let identities: Promise<OrganizationIdentities> | undefined;
  return {
    organizationId,
    settings: () => {
      settings ??= getSettings(db, organizationId);
      return settings;
    },
    identities: () => {
      identities ??= listIdentities(db, organizationId);
      return identities;
    },
  };
}
