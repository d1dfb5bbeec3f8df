/**
 * OAuth-connected sources, one public face over their parts: provider definitions
 * (oauth-providers.ts), the authorization-code flow with PKCE (oauth-flow.ts), token refresh
 * (oauth-tokens.ts) and the listing a sync runs (oauth-sync.ts).
 */
export { completeConnection, initiateConnection, reconnect } from './oauth-flow.js';
export {
  enabledProviders,
  fileApiProvider,
  listProviders,
  type ProviderDef,
  ProviderHttpError,
  registerProvider,
} from './oauth-providers.js';
export { runOAuthFetch } from './oauth-sync.js';
