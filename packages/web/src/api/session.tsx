/**
 * The signed-in session: a short-lived console session token and the active organization, kept
 * in this tab's sessionStorage, plus the typed client that sends both on every call.
 *
 * Signing in sends the API key or access token once, to `POST /api/v1/console/sessions`, and keeps
 * only the session token it returns (docs/console.md "Signing in"): the key itself is never
 * stored. `#key=…&org=…` in the URL (printed by `make run`) signs in the same way and selects an
 * organization by id or slug; the fragment is removed from the address bar and replaced in the
 * history entry before anything else runs, so neither a bookmark nor Back shows the key.
 * Sign-out revokes the session on the server.
 */
import { createServiceClient, type ServiceClient } from '@service/client';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { unwrap } from './problem';

const TOKEN = 'dis.session';
const ORG = 'dis.organization';
/** What earlier versions kept in localStorage (the key itself, with no expiry): removed on load. */
const LEGACY = ['dis.token', 'dis.organization'];

export interface Session {
  /** The console session token, or null when signed out. */
  token: string | null;
  /** Active organization id (or, until resolved, the slug from the sign-in link). */
  organizationId: string | null;
  /** A sign-in (key exchange) is in flight. */
  signingIn: boolean;
  /** Why the last sign-in failed (the problem answer), if it did. */
  signInError: unknown;
  api: ServiceClient;
  /** Exchanges an API key or access token for a console session. */
  signIn(credential: string, organizationId?: string | null): Promise<void>;
  selectOrganization(id: string): void;
  /** Revokes the session on the server and forgets it. */
  signOut(): Promise<void>;
}

/**
 * The session pages read through {@link useSession}. {@link SessionProvider} fills it in the
 * console; the component tests fill it with a client over a fetch of their own
 * (test/unit/support/render.tsx).
 */
export const SessionContext = createContext<Session | null>(null);

/** Reads `#key=…&org=…` once and removes it from the address bar and the history entry. */
function takeFragment(): { key?: string; org?: string } {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const key = hash.get('key') ?? undefined;
  const org = hash.get('org') ?? undefined;
  if (key || org) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return { ...(key ? { key } : {}), ...(org ? { org } : {}) };
}

/** Read at module load, before the router or anything else looks at the address. */
const fragment = takeFragment();

/**
 * Exchanges a key or token for a console session token.
 *
 * @throws ApiError with the problem's `detail` when the credential is refused
 */
async function exchange(credential: string): Promise<string> {
  const api = createServiceClient({ token: credential });
  return unwrap(await api.POST('/api/v1/console/sessions')).token;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => {
    for (const name of LEGACY) localStorage.removeItem(name);
    if (fragment.org) sessionStorage.setItem(ORG, fragment.org);
    return {
      token: fragment.key ? null : sessionStorage.getItem(TOKEN),
      organizationId: sessionStorage.getItem(ORG),
      signingIn: Boolean(fragment.key),
      signInError: null as unknown,
    };
  });
  const signIn = useCallback(async (credential: string, organizationId?: string | null) => {
    setState((s) => ({ ...s, signingIn: true, signInError: null }));
    try {
      const token = await exchange(credential);
      sessionStorage.setItem(TOKEN, token);
      if (organizationId) sessionStorage.setItem(ORG, organizationId);
      else if (organizationId === null) sessionStorage.removeItem(ORG);
      setState((s) => ({
        token,
        organizationId: organizationId === undefined ? s.organizationId : organizationId,
        signingIn: false,
        signInError: null,
      }));
    } catch (err) {
      sessionStorage.removeItem(TOKEN);
      setState((s) => ({ ...s, token: null, signingIn: false, signInError: err }));
    }
  }, []);
  // A sign-in link: exchange its key once (StrictMode runs effects twice in development).
  const linkUsed = useRef(false);
  useEffect(() => {
    if (!fragment.key || linkUsed.current) return;
    linkUsed.current = true;
    void signIn(fragment.key, fragment.org);
  }, [signIn]);
  const selectOrganization = useCallback((id: string) => {
    sessionStorage.setItem(ORG, id);
    setState((s) => ({ ...s, organizationId: id }));
  }, []);
  const signOut = useCallback(async () => {
    const token = sessionStorage.getItem(TOKEN);
    sessionStorage.removeItem(TOKEN);
    sessionStorage.removeItem(ORG);
    setState({ token: null, organizationId: null, signingIn: false, signInError: null });
    // An expired session answers 401, which is as good as signed out.
    if (token) await createServiceClient({ token }).DELETE('/api/v1/console/sessions/current');
  }, []);
  const value = useMemo<Session>(() => {
    const orgIsId = state.organizationId && /^[0-9a-f-]{36}$/i.test(state.organizationId);
    return {
      ...state,
      api: createServiceClient({
        ...(state.token ? { token: state.token } : {}),
        ...(orgIsId && state.organizationId ? { organizationId: state.organizationId } : {}),
      }),
      signIn,
      selectOrganization,
      signOut,
    };
  }, [state, signIn, selectOrganization, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The current session; throws outside {@link SessionProvider}. */
export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
