import type { Executor } from '../db/client.js';
import { getSettings } from './repository.js';

/** The organization's settings row (plugins chosen, renewal alert days, timezone…), for other domains. */
export async function getSettingsOf(db: Executor, organizationId: string) {
  return getSettings(db, organizationId);
}
