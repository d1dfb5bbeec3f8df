/** The console's frame: navigation, the active-organization picker, sign-out; sign-in when signed out. */
import {
  AppShell,
  Burger,
  Button,
  Group,
  Loader,
  NavLink,
  type NavLinkProps,
  ScrollArea,
  Select,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { createLink, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { forwardRef, useEffect } from 'react';
import { useMe } from './api/me';
import { useSavedViews } from './api/saved-views';
import { useSession } from './api/session';
import { GlobalSearch } from './components/GlobalSearch';
import { MAIN_CONTENT_ID, SkipLink } from './components/SkipLink';
import { viewSearch } from './lib/documents-search';
import { SignInPage } from './pages/SignIn';

const NAV: { to: string; label: string; admin?: boolean }[] = [
  { to: '/documents', label: 'Documents' },
  { to: '/review', label: 'Review' },
  { to: '/ontology', label: 'Ontology' },
  { to: '/contracts', label: 'Contracts' },
  { to: '/alerts', label: 'Alerts' },
  { to: '/benchmarks', label: 'Benchmarks' },
  { to: '/sources', label: 'Sources' },
  { to: '/plugins', label: 'Plugins' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/api-keys', label: 'API keys' },
  { to: '/organization', label: 'Organization' },
  { to: '/audit-log', label: 'Audit log' },
  { to: '/invitations', label: 'My invitations' },
  { to: '/admin', label: 'System admin', admin: true },
];

/** A Mantine NavLink rendered as an anchor, made a typed router link by TanStack Router's `createLink`. */
const AnchorNavLink = forwardRef<HTMLAnchorElement, Omit<NavLinkProps, 'href'>>((props, ref) => (
  <NavLink component="a" ref={ref} {...props} />
));
const RouterNavLink = createLink(AnchorNavLink);

/** The saved views shown in the sidebar, under Documents. */
function SavedViewLinks({ onClick }: { onClick: () => void }) {
  const views = useSavedViews();
  const shown = (views.data ?? []).filter((v) => v.show_in_sidebar);
  if (shown.length === 0) return null;
  return (
    <nav aria-label="Saved views">
      {shown.map((v) => (
        <RouterNavLink
          key={v.id}
          to="/documents"
          search={viewSearch(v)}
          label={v.name}
          pl="lg"
          fz="sm"
          activeOptions={{ includeSearch: true }}
          onClick={onClick}
        />
      ))}
    </nav>
  );
}

export function Layout() {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  const me = useMe();
  const queryClient = useQueryClient();
  const path = useRouterState({ select: (s) => s.location.pathname });

  // Resolve the organization of a sign-in link (`org=demo` is a slug) or pick a default one.
  useEffect(() => {
    if (!me.data) return;
    const { orgs, me: user } = me.data;
    const current = session.organizationId;
    if (current && orgs.some((m) => m.organization_id === current)) return;
    const bySlug = current ? orgs.find((m) => m.organization.slug === current) : undefined;
    const pick =
      bySlug ?? orgs.find((m) => m.organization_id === user.default_organization_id) ?? orgs[0] ?? undefined;
    if (pick) session.selectOrganization(pick.organization_id);
  }, [me.data, session]);

  if (session.signingIn) return <Loader aria-label="Signing in" m="xl" />;
  if (!session.token || me.isError) return <SignInPage error={session.signInError ?? me.error} />;

  const orgOptions = (me.data?.orgs ?? []).map((m) => ({
    value: m.organization_id,
    label: `${m.organization.name} (${m.role})`,
  }));
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        {/* On a 390 px phone the burger, search, organization and Sign out fit only this narrow. */}
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap" gap="xs">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Title order={4} visibleFrom="xs">
              Document Intelligence
            </Title>
          </Group>
          <Group wrap="nowrap" gap="xs">
            <GlobalSearch />
            <Select
              aria-label="Active organization"
              data={orgOptions}
              value={session.organizationId}
              onChange={(v) => {
                if (v) {
                  session.selectOrganization(v);
                  void queryClient.invalidateQueries();
                }
              }}
              allowDeselect={false}
              w={{ base: 124, sm: 260 }}
              size="xs"
            />
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                // Nothing of the signed-out user stays in memory for the next one.
                queryClient.clear();
                void session.signOut();
              }}
            >
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main">
        <ScrollArea>
          {NAV.filter((n) => !n.admin || me.data?.me.is_system_admin).map((n) => (
            <div key={n.to}>
              <NavLink
                component={Link}
                to={n.to}
                label={n.label}
                active={path.startsWith(n.to)}
                onClick={close}
              />
              {n.to === '/documents' && session.organizationId && <SavedViewLinks onClick={close} />}
            </div>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      {/* tabIndex -1: the skip link focuses it; the next Tab goes on from the page's start. */}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {session.organizationId ? <Outlet /> : null}
      </AppShell.Main>
    </AppShell>
  );
}
