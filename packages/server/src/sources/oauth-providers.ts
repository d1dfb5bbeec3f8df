/**
 * OAuth provider definitions (docs/sources.md): endpoints, scopes and how each lists and downloads
 * files — Google Drive, Microsoft OneDrive, Dropbox, and the generic provider of the small files
 * API (`GET {api}/files?cursor=` → `{files: [{id, name, folder?, mime_type?}], next_cursor,
 * has_more}` and `GET {api}/files/{id}/content`), configured entirely by settings.
 *
 * A provider is enabled when `SERVICE_OAUTH_<PROVIDER>_CLIENT_ID` and `_CLIENT_SECRET` are set
 * (GOOGLE_DRIVE, MICROSOFT_ONEDRIVE, DROPBOX); the generic one by `SERVICE_OAUTH_GENERIC_*`.
 */
import path from 'node:path';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/problem.js';
import type { GenericOAuthProvider, OAuthSettings } from './settings.js';

/** A file a provider lists. */
export interface RemoteFile {
  id: string;
  name: string;
  folder: string | null;
  mime?: string | undefined;
  download: () => Promise<Buffer>;
}

/** One page of a listing: its files and the cursor of the next page. */
export interface ListPage {
  files: RemoteFile[];
  nextCursor: string | null;
  /** The cursor to save once this page is done when there is no next page (a delta link). */
  resumeCursor?: string | null;
}

export type ApiFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** A provider definition: endpoints, scopes and how to list and download files. */
export interface ProviderDef {
  id: string;
  name: string;
  authorizationUrl: string;
  tokenUrl: string;
  scopes: string[];
  extraAuthParams: Record<string, string>;
  clientId: string;
  clientSecret: string;
  list: (api: ApiFetch, cursor: string | null) => Promise<ListPage>;
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new ProviderHttpError(res.status, `${what} answered HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function bytes(res: Response, what: string): Promise<Buffer> {
  if (!res.ok) throw new ProviderHttpError(res.status, `${what} answered HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** An HTTP failure of a provider API; a 401 means the access token is no longer accepted. */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const GOOGLE_EXPORTS: Record<string, string> = {
  'application/vnd.google-apps.document':
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.google-apps.spreadsheet': 'application/pdf',
  'application/vnd.google-apps.presentation': 'application/pdf',
};

/** Google Drive v3 (files.list, files.get alt=media, files.export for native documents). */
function googleDrive(clientId: string, clientSecret: string): ProviderDef {
  const base = 'https://www.googleapis.com/drive/v3';
  return {
    id: 'google_drive',
    name: 'Google Drive',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    scopes: ['https://www.googleapis.com/auth/drive.readonly'],
    extraAuthParams: { access_type: 'offline', prompt: 'consent' },
    clientId,
    clientSecret,
    list: async (api, cursor) => {
      const q = new URLSearchParams({
        pageSize: '100',
        q: "trashed = false and mimeType != 'application/vnd.google-apps.folder'",
        fields: 'nextPageToken, files(id, name, mimeType, parents)',
        orderBy: 'createdTime',
      });
      if (cursor) q.set('pageToken', cursor);
      const page = await json<{
        nextPageToken?: string;
        files: { id: string; name: string; mimeType: string }[];
      }>(await api(`${base}/files?${q}`), 'Google Drive files.list');
      return {
        nextCursor: page.nextPageToken ?? null,
        files: page.files.map((f) => {
          const exportAs = GOOGLE_EXPORTS[f.mimeType];
          return {
            id: f.id,
            name: exportAs?.includes('wordprocessing')
              ? `${f.name}.docx`
              : exportAs
                ? `${f.name}.pdf`
                : f.name,
            folder: null,
            mime: exportAs ?? f.mimeType,
            download: async () =>
              bytes(
                await api(
                  exportAs
                    ? `${base}/files/${encodeURIComponent(f.id)}/export?mimeType=${encodeURIComponent(exportAs)}`
                    : `${base}/files/${encodeURIComponent(f.id)}?alt=media`,
                ),
                'Google Drive download',
              ),
          };
        }),
      };
    },
  };
}

/** Microsoft Graph OneDrive / SharePoint drive (driveItem delta, /content). */
function microsoftOneDrive(clientId: string, clientSecret: string): ProviderDef {
  return {
    id: 'microsoft_onedrive',
    name: 'Microsoft OneDrive / SharePoint',
    authorizationUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    scopes: ['offline_access', 'Files.Read.All', 'Sites.Read.All'],
    extraAuthParams: {},
    clientId,
    clientSecret,
    list: async (api, cursor) => {
      const url = cursor ?? 'https://graph.microsoft.com/v1.0/me/drive/root/delta';
      const page = await json<{
        value: {
          id: string;
          name: string;
          file?: { mimeType?: string };
          deleted?: unknown;
          parentReference?: { path?: string };
        }[];
        '@odata.nextLink'?: string;
        '@odata.deltaLink'?: string;
      }>(await api(url), 'Microsoft Graph delta');
      return {
        nextCursor: page['@odata.nextLink'] ?? null,
        resumeCursor: page['@odata.deltaLink'] ?? null,
        files: page.value
          .filter((i) => i.file && !i.deleted)
          .map((i) => ({
            id: i.id,
            name: i.name,
            folder: i.parentReference?.path?.replace(/^\/drive\/root:?/, '') || '/',
            mime: i.file?.mimeType,
            download: async () =>
              bytes(
                await api(
                  `https://graph.microsoft.com/v1.0/me/drive/items/${encodeURIComponent(i.id)}/content`,
                ),
                'Microsoft Graph download',
              ),
          })),
      };
    },
  };
}

/** Dropbox API v2 (files/list_folder recursive, list_folder/continue, files/download). */
function dropbox(clientId: string, clientSecret: string): ProviderDef {
  return {
    id: 'dropbox',
    name: 'Dropbox',
    authorizationUrl: 'https://www.dropbox.com/oauth2/authorize',
    tokenUrl: 'https://api.dropboxapi.com/oauth2/token',
    scopes: ['files.metadata.read', 'files.content.read'],
    extraAuthParams: { token_access_type: 'offline' },
    clientId,
    clientSecret,
    list: async (api, cursor) => {
      const res = cursor
        ? await api('https://api.dropboxapi.com/2/files/list_folder/continue', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ cursor }),
          })
        : await api('https://api.dropboxapi.com/2/files/list_folder', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ path: '', recursive: true, limit: 500 }),
          });
      const page = await json<{
        entries: { '.tag': string; id: string; name: string; path_display?: string }[];
        cursor: string;
        has_more: boolean;
      }>(res, 'Dropbox list_folder');
      return {
        nextCursor: page.has_more ? page.cursor : null,
        resumeCursor: page.cursor,
        files: page.entries
          .filter((e) => e['.tag'] === 'file')
          .map((e) => ({
            id: e.id,
            name: e.name,
            folder: e.path_display ? path.posix.dirname(e.path_display) : null,
            download: async () =>
              bytes(
                await api('https://content.dropboxapi.com/2/files/download', {
                  method: 'POST',
                  headers: { 'Dropbox-API-Arg': JSON.stringify({ path: e.id }) },
                }),
                'Dropbox download',
              ),
          })),
      };
    },
  };
}

/** The generic provider, configured by settings (used by tests and simple file APIs). */
function generic(def: GenericOAuthProvider): ProviderDef {
  return fileApiProvider({ id: 'generic', ...def });
}

/**
 * A provider speaking the small files API of the module comment (`GET {apiBase}/files?cursor=`,
 * `GET {apiBase}/files/{id}/content`): the generic provider and the local development provider.
 */
export function fileApiProvider(def: {
  id: string;
  name: string;
  authorizationUrl: string;
  tokenUrl: string;
  apiBase: string;
  scopes: string[];
  clientId: string;
  clientSecret: string;
}): ProviderDef {
  const { apiBase, ...rest } = def;
  return {
    ...rest,
    extraAuthParams: {},
    list: async (api, cursor) => {
      const page = await json<{
        files: { id: string; name: string; folder?: string | null; mime_type?: string }[];
        next_cursor?: string | null;
        has_more?: boolean;
      }>(
        await api(`${apiBase}/files${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`),
        'file API listing',
      );
      return {
        nextCursor: page.has_more ? (page.next_cursor ?? null) : null,
        resumeCursor: page.next_cursor ?? null,
        files: page.files.map((f) => ({
          id: f.id,
          name: f.name,
          folder: f.folder ?? null,
          mime: f.mime_type,
          download: async () =>
            bytes(await api(`${apiBase}/files/${encodeURIComponent(f.id)}/content`), 'file API download'),
        })),
      };
    },
  };
}

/** Providers a running process adds itself (the local development provider, src/sources/dev-provider.ts). */
const processProviders = new Map<string, ProviderDef>();

/** Enables a provider started by this process until the returned function is called. */
export function registerProvider(def: ProviderDef): () => void {
  processProviders.set(def.id, def);
  return () => {
    if (processProviders.get(def.id) === def) processProviders.delete(def.id);
  };
}

/** The enabled OAuth providers: those this process started, and those of the settings (`config.oauth`). */
export function enabledProviders(settings: OAuthSettings): ProviderDef[] {
  const out: ProviderDef[] = [...processProviders.values()];
  const { googleDrive: g, microsoftOneDrive: m, dropbox: d, generic: x } = settings;
  if (g) out.push(googleDrive(g.clientId, g.clientSecret));
  if (m) out.push(microsoftOneDrive(m.clientId, m.clientSecret));
  if (d) out.push(dropbox(d.clientId, d.clientSecret));
  if (x) out.push(generic(x));
  return out;
}

/** GET /sources/providers: every enabled provider, and the built-in kinds. */
export function listProviders(ctx: Pick<AppContext, 'config'>) {
  return [
    ...enabledProviders(ctx.config.oauth).map((p) => ({
      provider: p.id,
      name: p.name,
      kind: 'OAUTH' as const,
      scopes: p.scopes,
    })),
    { provider: 'manual_upload', name: 'Manual upload', kind: 'MANUAL_UPLOAD' as const, scopes: [] },
    { provider: 'email_forwarding', name: 'Email forwarding', kind: 'EMAIL_FORWARDING' as const, scopes: [] },
  ];
}

/** The enabled provider `id`. @throws HttpProblem 400 naming `field` when it is unsupported or disabled */
export function providerOrThrow(ctx: Pick<AppContext, 'config'>, id: string, field: string): ProviderDef {
  const providers = enabledProviders(ctx.config.oauth);
  const p = providers.find((x) => x.id === id);
  if (!p) {
    const enabled = providers.map((x) => x.id);
    const message = `unsupported or disabled provider; enabled: ${enabled.length ? enabled.join(', ') : 'none'}`;
    throw badRequest(`Invalid request: ${field}: ${message}`, { errors: [{ field, message }] });
  }
  return p;
}
