/**
 * The signed-in session: bearer token (API key or access token) and the active organization,
 * kept in localStorage, plus the typed client that sends both on every call.
 * `#key=…&org=…` in the URL (printed by `make run`) signs in and selects an organization by id or slug.
 */
import { createServiceClient, type ServiceClient } from '@service/client';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

const TOKEN = 'dis.token';
const ORG = 'dis.organization';

export interface Session {
  token: string | null;
  /** Active organization id (or, until resolved, the slug from the sign-in link). */
  organizationId: string | null;
  api: ServiceClient;
  signIn(token: string, organizationId?: string | null): void;
  selectOrganization(id: string): void;
  signOut(): void;
}

const SessionContext = createContext<Session | null>(null);

/** Reads `#key=…&org=…` once and removes it from the address bar so the key is not bookmarked. */
function takeFragment(): { key?: string; org?: string } {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const key = hash.get('key') ?? undefined;
  const org = hash.get('org') ?? undefined;
  if (key || org) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return { ...(key ? { key } : {}), ...(org ? { org } : {}) };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => {
    const fragment = takeFragment();
    if (fragment.key) localStorage.setItem(TOKEN, fragment.key);
    if (fragment.org) localStorage.setItem(ORG, fragment.org);
    return { token: localStorage.getItem(TOKEN), organizationId: localStorage.getItem(ORG) };
  });
  const signIn = useCallback((token: string, organizationId?: string | null) => {
    localStorage.setItem(TOKEN, token);
    if (organizationId) localStorage.setItem(ORG, organizationId);
    else localStorage.removeItem(ORG);
    setState({ token, organizationId: organizationId ?? null });
  }, []);
  const selectOrganization = useCallback((id: string) => {
    localStorage.setItem(ORG, id);
    setState((s) => ({ ...s, organizationId: id }));
  }, []);
  const signOut = useCallback(() => {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(ORG);
    setState({ token: null, organizationId: null });
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
