/** The vault settings are read with every other setting, by src/config/vault.ts. */
export type { VaultSettings } from '../config/vault.js';
