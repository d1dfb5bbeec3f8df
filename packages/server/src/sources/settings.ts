/** The sources settings are read with every other setting, by src/config/sources.ts and src/config/oauth.ts. */
export type { GenericOAuthProvider, OAuthSettings } from '../config/oauth.js';
export type { SourcesSettings } from '../config/sources.js';
