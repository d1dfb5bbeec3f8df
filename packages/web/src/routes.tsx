/** The console's routes (TanStack Router, code-based). Every page sits inside {@link Layout}. */
import { createRootRoute, createRoute, createRouter, Navigate } from '@tanstack/react-router';
import { Layout } from './Layout';
import { AdminPage } from './pages/Admin';
import { AlertsPage } from './pages/Alerts';
import { ApiKeysPage } from './pages/ApiKeys';
import { BenchmarksPage } from './pages/Benchmarks';
import { ContractsPage } from './pages/Contracts';
import { DocumentDetailPage } from './pages/DocumentDetail';
import { DocumentsPage } from './pages/Documents';
import { MyInvitationsPage } from './pages/MyInvitations';
import { OntologyPage } from './pages/Ontology';
import { OrganizationPage } from './pages/Organization';
import { PluginsPage } from './pages/Plugins';
import { ReviewPage } from './pages/Review';
import { SourcesPage } from './pages/Sources';
import { WebhooksPage } from './pages/Webhooks';

const rootRoute = createRootRoute({ component: Layout });
const page = (path: string, component: () => React.ReactNode) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const routeTree = rootRoute.addChildren([
  page('/', () => <Navigate to="/documents" />),
  page('/documents', DocumentsPage),
  createRoute({ getParentRoute: () => rootRoute, path: '/documents/$id', component: DocumentDetailPage }),
  page('/review', ReviewPage),
  page('/ontology', OntologyPage),
  page('/contracts', ContractsPage),
  page('/alerts', AlertsPage),
  page('/benchmarks', BenchmarksPage),
  page('/sources', SourcesPage),
  page('/plugins', PluginsPage),
  page('/webhooks', WebhooksPage),
  page('/admin', AdminPage),
  page('/api-keys', ApiKeysPage),
  page('/organization', OrganizationPage),
  page('/invitations', MyInvitationsPage),
]);

export const router = createRouter({ routeTree });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
