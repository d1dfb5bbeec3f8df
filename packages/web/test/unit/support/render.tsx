/**
 * Renders one console page in jsdom, as the console would, with no server: the page's real route
 * (its `validateSearch`), TanStack Query, Mantine, and a session whose typed client answers from
 * `handlers` (method and path → body, status and headers) instead of the network. Every request
 * the page sends is recorded (and its body passed to `onBody`), so a test can check what the page
 * asked the server for.
 */
import { MantineProvider } from '@mantine/core';
import { createServiceClient } from '@service/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type AnyRoute,
  createMemoryHistory,
  createRootRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { type Session, SessionContext } from '../../../src/api/session';
import { parseSearch, stringifySearch } from '../../../src/lib/search-params';

/**
 * A canned answer: its status (200 when left out), its body (a string is sent as it is, anything
 * else as JSON; none for a 204) and headers of its own.
 */
export type Answer = { status?: number; body: unknown; headers?: Record<string, string> };
/** Answers by `"<METHOD> <path>"` (path without the query), e.g. `'GET /api/v1/audit-log'`. */
export type Handlers = Record<string, (url: URL) => Answer>;

/** jsdom lacks what Mantine and the router measure with; these answer as a wide screen would. */
function polyfillLayout() {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  // The router restores the scroll position on navigation; jsdom has no layout to scroll.
  window.scrollTo = () => {};
  // The document page scrolls a field's evidence into view.
  Element.prototype.scrollIntoView ??= () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * Renders `route` (built by `makeRoute(root)`; several routes for a test that moves between pages) at `url`.
 *
 * @returns the testing library's queries, the requests sent (as URLs) and the router (its
 *   `state.location` is the address the page navigated to)
 */
export async function renderPage(
  makeRoute: (root: AnyRoute) => AnyRoute | AnyRoute[],
  url: string,
  handlers: Handlers,
  /** Called with each request's JSON body, when it has one. */
  onBody: (body: unknown) => void = () => {},
) {
  polyfillLayout();
  const requests: URL[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const u = new URL(request.url);
    requests.push(u);
    const text = await request.text();
    if (text) onBody(JSON.parse(text));
    const handler = handlers[`${request.method} ${u.pathname}`];
    const answer = handler
      ? handler(u)
      : { status: 404, body: { title: 'Not Found', status: 404, detail: `no handler for ${u.pathname}` } };
    // A 204 has no body (the Response constructor refuses one).
    const body =
      answer.status === 204
        ? null
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    return new Response(body, {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  const api = createServiceClient({ baseUrl: 'http://console.test', fetch });
  const session: Session = {
    token: 'dcs_test',
    organizationId: '00000000-0000-4000-8000-000000000001',
    signingIn: false,
    signInError: null,
    api,
    signIn: async () => {},
    selectOrganization: () => {},
    signOut: async () => {},
  };
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([makeRoute(root)].flat()),
    history: createMemoryHistory({ initialEntries: [url] }),
    // The address read and written as the console's router does (routes.tsx).
    parseSearch,
    stringifySearch,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={session}>
          <RouterProvider router={router} />
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  await router.load();
  return { ...view, requests, router };
}
