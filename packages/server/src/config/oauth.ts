import { z } from 'zod';
import { section } from './env.js';

/** Client credentials the operator registered with one OAuth provider. */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** The generic provider: any OAuth 2.0 server with the small files API of src/sources/oauth.ts. */
export interface GenericOAuthProvider extends OAuthClient {
  name: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Base URL of the files API, without a trailing slash. */
  apiBase: string;
  scopes: string[];
}

/** OAuth source providers (docs/sources.md). A provider is enabled when its client id and secret are both set. */
export interface OAuthSettings {
  googleDrive: OAuthClient | undefined;
  microsoftOneDrive: OAuthClient | undefined;
  dropbox: OAuthClient | undefined;
  /** Enabled when its credentials and its three URLs are set. */
  generic: GenericOAuthProvider | undefined;
  /** Origins besides the public URL's that a connection's `redirect_uri` may point at. */
  redirectOrigins: string[];
}

const url = z.string().url();

function client(id: string | undefined, secret: string | undefined): OAuthClient | undefined {
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
}

/** SERVICE_OAUTH_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET, the generic provider and SERVICE_OAUTH_REDIRECT_ORIGINS. */
export const oauthSection = section(
  z.object({
    SERVICE_OAUTH_GOOGLE_DRIVE_CLIENT_ID: z.string().optional(),
    SERVICE_OAUTH_GOOGLE_DRIVE_CLIENT_SECRET: z.string().optional(),
    SERVICE_OAUTH_MICROSOFT_ONEDRIVE_CLIENT_ID: z.string().optional(),
    SERVICE_OAUTH_MICROSOFT_ONEDRIVE_CLIENT_SECRET: z.string().optional(),
    SERVICE_OAUTH_DROPBOX_CLIENT_ID: z.string().optional(),
    SERVICE_OAUTH_DROPBOX_CLIENT_SECRET: z.string().optional(),
    SERVICE_OAUTH_GENERIC_CLIENT_ID: z.string().optional(),
    SERVICE_OAUTH_GENERIC_CLIENT_SECRET: z.string().optional(),
    SERVICE_OAUTH_GENERIC_AUTHORIZATION_URL: url.optional(),
    SERVICE_OAUTH_GENERIC_TOKEN_URL: url.optional(),
    SERVICE_OAUTH_GENERIC_API_BASE: url.optional(),
    SERVICE_OAUTH_GENERIC_NAME: z.string().default('Generic OAuth 2.0 file API'),
    SERVICE_OAUTH_GENERIC_SCOPES: z.string().default('files.read'),
    SERVICE_OAUTH_REDIRECT_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(url.transform((u) => new URL(u).origin))),
  }),
  (e): OAuthSettings => {
    const generic = client(e.SERVICE_OAUTH_GENERIC_CLIENT_ID, e.SERVICE_OAUTH_GENERIC_CLIENT_SECRET);
    const authorizationUrl = e.SERVICE_OAUTH_GENERIC_AUTHORIZATION_URL;
    const tokenUrl = e.SERVICE_OAUTH_GENERIC_TOKEN_URL;
    const apiBase = e.SERVICE_OAUTH_GENERIC_API_BASE?.replace(/\/$/, '');
    return {
      googleDrive: client(e.SERVICE_OAUTH_GOOGLE_DRIVE_CLIENT_ID, e.SERVICE_OAUTH_GOOGLE_DRIVE_CLIENT_SECRET),
      microsoftOneDrive: client(
        e.SERVICE_OAUTH_MICROSOFT_ONEDRIVE_CLIENT_ID,
        e.SERVICE_OAUTH_MICROSOFT_ONEDRIVE_CLIENT_SECRET,
      ),
      dropbox: client(e.SERVICE_OAUTH_DROPBOX_CLIENT_ID, e.SERVICE_OAUTH_DROPBOX_CLIENT_SECRET),
      generic:
        generic && authorizationUrl && tokenUrl && apiBase
          ? {
              ...generic,
              name: e.SERVICE_OAUTH_GENERIC_NAME,
              authorizationUrl,
              tokenUrl,
              apiBase,
              scopes: e.SERVICE_OAUTH_GENERIC_SCOPES.split(/[\s,]+/).filter(Boolean),
            }
          : undefined,
      redirectOrigins: e.SERVICE_OAUTH_REDIRECT_ORIGINS,
    };
  },
);
