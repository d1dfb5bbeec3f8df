/** The marketplace settings are read with every other setting, by src/config/marketplace.ts. */
export type { MarketplaceSettings } from '../config/marketplace.js';
