/**
 * The active organization: members and roles (removing one, or making one the OWNER, asks first,
 * naming them; only the OWNER is offered the latter), invitations
 * (invite, resend, revoke), each a page at a time with its total (the pages in the address,
 * lib/list-search.ts; a new invitation shows on page 1), quotas with usage (storage as a size,
 * its bytes in the title), settings (edited by an OWNER or ADMIN,
 * components/OrganizationSettings.tsx), the organization tree, and its identities (added,
 * deleted and marked primary by an OWNER or ADMIN, components/OrganizationIdentities.tsx).
 * Members, invitations and quotas are shown to an OWNER or ADMIN (or SYSTEM_ADMIN) only, as the
 * API answers them; another member reads who manages them instead.
 */
import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Schema } from '@service/client';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useIsOrganizationAdmin, useMe } from '../api/me';
import {
  type MemberRole,
  useInvitationAction,
  useInvite,
  useMembers,
  useOrganizationInvitations,
  useOrganizationTree,
  useQuotas,
  useRemoveMember,
  useSetMemberRole,
  useTransferOwnership,
} from '../api/organization';
import { useSession } from '../api/session';
import { ConfirmInline } from '../components/ConfirmInline';
import { OrganizationIdentities } from '../components/OrganizationIdentities';
import { OrganizationSettings } from '../components/OrganizationSettings';
import { Page } from '../components/Page';
import { Pager } from '../components/Pager';
import { ProblemAlert, QueryState } from '../components/state';
import {
  MANAGEMENT_PAGE_SIZE,
  type OrganizationSearch,
  pageInAddress,
  useKeepPageInRange,
} from '../lib/list-search';

/**
 * The 1-based page of list `key` of the page's address, and the function that goes to another
 * (replacing the address's entry when `replace`), keeping the other list's page.
 */
function useListPage(key: keyof OrganizationSearch) {
  const search = useSearch({ from: '/organization' });
  const navigate = useNavigate({ from: '/organization' });
  const go = (page: number, replace = false) =>
    void navigate({ search: (s: OrganizationSearch) => ({ ...s, [key]: pageInAddress(page) }), replace });
  return [search[key] ?? 1, go] as const;
}

function Members({ orgId }: { orgId: string }) {
  const [page, toPage] = useListPage('members_page');
  const members = useMembers(orgId, page);
  useKeepPageInRange(page, members.isPlaceholderData ? undefined : members.data?.page.total_elements, (p) =>
    toPage(p, true),
  );
  const setRole = useSetMemberRole(orgId);
  const remove = useRemoveMember(orgId);
  const transfer = useTransferOwnership(orgId);
  // Only the OWNER passes ownership on (not an ADMIN, not a SYSTEM_ADMIN: decision 7).
  const me = useMe();
  const owns = me.data?.orgs.some((m) => m.organization_id === orgId && m.role === 'OWNER') ?? false;
  return (
    <Card withBorder>
      <Title order={3} mb="xs">
        Members
      </Title>
      <ProblemAlert error={setRole.error ?? remove.error ?? transfer.error} />
      <QueryState
        query={members}
        empty="No members."
        isEmpty={(p) => p.page.total_elements === 0 && p.content.length === 0}
      >
        {(p) => (
          <Stack>
            {/* Half a page wide: the actions sit under the email, not in a column of their own
                that a scrolled table hid (they were cut off at 1280 px). */}
            <Table aria-label="Members">
              <Table.Tbody>
                {p.content.map((m) => (
                  <Table.Tr key={m.user_id}>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {m.user.email}
                        </Text>
                        {m.role !== 'OWNER' && (
                          <Group gap={4} wrap="wrap" data-testid="member-actions">
                            {owns && (
                              // The OWNER becomes an ADMIN at once: a second click names the member.
                              <ConfirmInline
                                action="Make owner"
                                name={m.user.email}
                                variant="subtle"
                                pending={transfer.isPending && transfer.variables === m.user_id}
                                onConfirm={() => transfer.mutate(m.user_id)}
                              />
                            )}
                            {/* A second click names the member: the removal takes effect at once. */}
                            <ConfirmInline
                              action="Remove"
                              name={m.user.email}
                              variant="subtle"
                              pending={remove.isPending && remove.variables === m.user_id}
                              onConfirm={() => remove.mutate(m.user_id)}
                            />
                          </Group>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td w={130}>
                      {m.role === 'OWNER' ? (
                        <Badge>OWNER</Badge>
                      ) : (
                        <Select
                          aria-label={`Role of ${m.user.email}`}
                          size="xs"
                          w={120}
                          data={['ADMIN', 'MEMBER']}
                          value={m.role}
                          allowDeselect={false}
                          onChange={(role) =>
                            role && setRole.mutate({ userId: m.user_id, role: role as 'ADMIN' | 'MEMBER' })
                          }
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Pager
              label="Pages of members"
              total={p.page.total_elements}
              exact={p.page.total_exact ?? true}
              page={page}
              pageSize={MANAGEMENT_PAGE_SIZE}
              noun="members"
              singular="member"
              onPage={(n) => toPage(n)}
            />
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

function Invitations({ orgId }: { orgId: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('MEMBER');
  const [page, toPage] = useListPage('invitations_page');
  const invitations = useOrganizationInvitations(orgId, page);
  useKeepPageInRange(
    page,
    invitations.isPlaceholderData ? undefined : invitations.data?.page.total_elements,
    (p) => toPage(p, true),
  );
  const invite = useInvite(orgId);
  const act = useInvitationAction(orgId);
  return (
    <Card withBorder>
      <Title order={3} mb="xs">
        Invitations
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate(
            { email: email.trim(), role },
            {
              // Newest first: the new invitation is on page 1.
              onSuccess: () => {
                setEmail('');
                toPage(1);
              },
            },
          );
        }}
      >
        <Group align="end" mb="sm">
          <TextInput
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
          />
          <Select
            label="Role"
            data={['MEMBER', 'ADMIN']}
            value={role}
            allowDeselect={false}
            onChange={(v) => setRole((v as 'ADMIN' | 'MEMBER') ?? 'MEMBER')}
            w={120}
          />
          <Button type="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Group>
      </form>
      <ProblemAlert error={invite.error ?? act.error} />
      <QueryState
        query={invitations}
        empty="No invitations."
        isEmpty={(p) => p.page.total_elements === 0 && p.content.length === 0}
      >
        {(p) => (
          <Stack>
            {/* As the members: role and expiry under the email, the actions under them, so that
                nothing needs a sideways scroll in half a page. */}
            <Table aria-label="Invitations">
              <Table.Tbody>
                {p.content.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {i.email}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {i.role} · expires {new Date(i.expires_at).toLocaleDateString()}
                        </Text>
                        {i.status === 'PENDING' && (
                          <Group gap={4} wrap="wrap" data-testid="invitation-actions">
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={() => act.mutate({ id: i.id, action: 'resend' })}
                            >
                              Resend
                            </Button>
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              onClick={() => act.mutate({ id: i.id, action: 'revoke' })}
                            >
                              Revoke
                            </Button>
                          </Group>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td w={110}>
                      <Badge color={i.status === 'PENDING' ? 'blue' : 'gray'}>{i.status}</Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Pager
              label="Pages of invitations"
              total={p.page.total_elements}
              exact={p.page.total_exact ?? true}
              page={page}
              pageSize={MANAGEMENT_PAGE_SIZE}
              noun="invitations"
              singular="invitation"
              onPage={(n) => toPage(n)}
            />
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** `bytes` as a size in units of 1,024 with at most one decimal: 5,566,541 → "5.3 MB". */
function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString(undefined, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${BYTE_UNITS[unit]}`;
}

const count = (n: number) => n.toLocaleString();

/** Each quota: its limit, its use, its label, and whether it counts bytes (shown as a size). */
const QUOTAS: [
  keyof Schema<'OrganizationQuotasWithUsage'>,
  keyof Schema<'OrganizationQuotasWithUsage'>['usage'],
  string,
  'count' | 'bytes',
][] = [
  ['max_documents_per_month', 'documents_this_month', 'Documents this month', 'count'],
  ['max_storage_bytes', 'storage_bytes', 'Storage', 'bytes'],
  ['max_sources', 'sources', 'Sources', 'count'],
  ['max_plugins', 'plugins', 'Plugins', 'count'],
  ['max_members', 'members', 'Members', 'count'],
];

function Quotas({ orgId }: { orgId: string }) {
  const quotas = useQuotas(orgId);
  return (
    <Card withBorder>
      <Title order={3} mb="xs">
        Quotas
      </Title>
      <QueryState query={quotas} empty="">
        {(q) => (
          <Stack gap="xs">
            {QUOTAS.map(([limitKey, usageKey, label, unit]) => {
              const limit = q[limitKey] as number | null;
              const used = q.usage[usageKey];
              const format = unit === 'bytes' ? formatBytes : count;
              return (
                <div key={label}>
                  <Text
                    size="sm"
                    data-testid={`quota-${usageKey}`}
                    // A size is rounded; the exact bytes are a hover away.
                    title={
                      unit === 'bytes'
                        ? `${count(used)} bytes / ${limit === null ? 'unlimited' : `${count(limit)} bytes`}`
                        : undefined
                    }
                  >
                    {label}: {format(used)} / {limit === null ? 'unlimited' : format(limit)}
                  </Text>
                  {limit !== null && (
                    <Progress value={Math.min(100, (used / Math.max(1, limit)) * 100)} aria-label={label} />
                  )}
                </div>
              );
            })}
            <Text size="sm">API requests per minute: {q.api_requests_per_minute ?? 'unlimited'}</Text>
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

function TreeNode({ node }: { node: Schema<'OrganizationTree'> }) {
  return (
    <List.Item>
      {node.name}{' '}
      <Text span c="dimmed" size="xs">
        ({node.slug})
      </Text>
      {node.children.length > 0 && (
        <List withPadding size="sm">
          {node.children.map((c) => (
            <TreeNode key={c.id} node={c} />
          ))}
        </List>
      )}
    </List.Item>
  );
}

function Tree({ orgId }: { orgId: string }) {
  const tree = useOrganizationTree(orgId);
  return (
    <Card withBorder>
      <Title order={3} mb="xs">
        Organization tree
      </Title>
      <QueryState query={tree} empty="">
        {(t) => (
          <List size="sm">
            <TreeNode node={t} />
          </List>
        )}
      </QueryState>
    </Card>
  );
}

/**
 * What a member who is neither OWNER nor ADMIN sees instead of the members, invitations and
 * quotas, which the API keeps to those roles (spec 4.7, 4.8): who can act, rather than three 403s
 * and an invitation form that could only be refused.
 */
function ManagedByAdmins() {
  return (
    <Card withBorder data-testid="managed-by-admins">
      <Title order={3} mb="xs">
        Members
      </Title>
      <Text size="sm">
        An owner or admin of this organization manages its members, invitations and quotas; ask one of them to
        invite someone or to change a role. The settings and the identities below are yours to read.
      </Text>
    </Card>
  );
}

export function OrganizationPage() {
  const { organizationId } = useSession();
  const me = useMe();
  const manages = useIsOrganizationAdmin();
  if (!organizationId) return null;
  return (
    <Page title="Organization">
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {/* Nothing until the role is known: neither the admin's lists nor the note flash. */}
        {me.data &&
          (manages ? (
            <>
              <Members orgId={organizationId} />
              <Invitations orgId={organizationId} />
              <Quotas orgId={organizationId} />
            </>
          ) : (
            <ManagedByAdmins />
          ))}
        <OrganizationSettings orgId={organizationId} />
        <Tree orgId={organizationId} />
        <OrganizationIdentities orgId={organizationId} />
      </SimpleGrid>
    </Page>
  );
}
