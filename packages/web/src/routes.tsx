/**
 * The console's routes (TanStack Router, code-based). Every page sits inside {@link Layout}. Each
 * page is its own chunk, loaded when first visited (`lazyRouteComponent`), so the first page does
 * not download the chart library, the code editor or the other pages.
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
} from '@tanstack/react-router';
import { Layout } from './Layout';
import { parseAuditSearch } from './lib/audit-search';
import { parseAlertsSearch, parseContractsSearch } from './lib/contracts-search';
import { parseDocumentsSearch } from './lib/documents-search';
import { parseAdminSearch, parseOrganizationSearch, parsePageSearch } from './lib/list-search';
import { parseReviewSearch } from './lib/review-search';
import { parseSearch, stringifySearch } from './lib/search-params';

const rootRoute = createRootRoute({ component: Layout });
const page = (path: string, component: ReturnType<typeof lazyRouteComponent>) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const routeTree = rootRoute.addChildren([
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <Navigate to="/documents" replace />,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/documents',
    // Search, filters, sort and page live in the address (lib/documents-search.ts).
    validateSearch: parseDocumentsSearch,
    component: lazyRouteComponent(() => import('./pages/Documents'), 'DocumentsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/documents/$id',
    component: lazyRouteComponent(() => import('./pages/DocumentDetail'), 'DocumentDetailPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/review',
    // The pages of both queues live in the address (lib/review-search.ts).
    validateSearch: parseReviewSearch,
    component: lazyRouteComponent(() => import('./pages/Review'), 'ReviewPage'),
  }),
  page(
    '/ontology',
    lazyRouteComponent(() => import('./pages/Ontology'), 'OntologyPage'),
  ),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/contracts',
    validateSearch: parseContractsSearch,
    component: lazyRouteComponent(() => import('./pages/Contracts'), 'ContractsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/alerts',
    validateSearch: parseAlertsSearch,
    component: lazyRouteComponent(() => import('./pages/Alerts'), 'AlertsPage'),
  }),
  page(
    '/benchmarks',
    lazyRouteComponent(() => import('./pages/Benchmarks'), 'BenchmarksPage'),
  ),
  page(
    '/sources',
    lazyRouteComponent(() => import('./pages/Sources'), 'SourcesPage'),
  ),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/plugins',
    validateSearch: parsePageSearch,
    component: lazyRouteComponent(() => import('./pages/Plugins'), 'PluginsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/webhooks',
    // The page of each management list lives in the address (lib/list-search.ts).
    validateSearch: parsePageSearch,
    component: lazyRouteComponent(() => import('./pages/Webhooks'), 'WebhooksPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/audit-log',
    validateSearch: parseAuditSearch,
    component: lazyRouteComponent(() => import('./pages/AuditLog'), 'AuditLogPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/admin',
    validateSearch: parseAdminSearch,
    component: lazyRouteComponent(() => import('./pages/Admin'), 'AdminPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/api-keys',
    validateSearch: parsePageSearch,
    component: lazyRouteComponent(() => import('./pages/ApiKeys'), 'ApiKeysPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/organization',
    validateSearch: parseOrganizationSearch,
    component: lazyRouteComponent(() => import('./pages/Organization'), 'OrganizationPage'),
  }),
  page(
    '/invitations',
    lazyRouteComponent(() => import('./pages/MyInvitations'), 'MyInvitationsPage'),
  ),
]);

export const router = createRouter({ routeTree, parseSearch, stringifySearch });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
