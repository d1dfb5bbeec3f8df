/**
 * The Identities card of the Organization page: the organization's own legal names, domains,
 * e-mail domains and tax ids, which extraction tells the organization's party from the
 * counterparty by. Every member reads them; an OWNER or ADMIN adds one (kind and value), marks
 * one primary, and deletes one after a second click that names it. The API refuses the others
 * (403), so they are shown no controls.
 */
import { Badge, Button, Card, Group, NativeSelect, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useIsOrganizationAdmin } from '../api/me';
import {
  type IdentityKind,
  useAddIdentity,
  useDeleteIdentity,
  useIdentities,
  useMakeIdentityPrimary,
} from '../api/organization';
import { ConfirmInline } from './ConfirmInline';
import { ProblemAlert, QueryState } from './state';

/** The kinds the API takes (organizations/schemas.ts `identityKind`), each with an example value. */
export const IDENTITY_KINDS: { value: IdentityKind; label: string; example: string }[] = [
  { value: 'LEGAL_NAME', label: 'Legal name', example: 'Acme Procurement GmbH' },
  { value: 'DOMAIN', label: 'Domain', example: 'acme.com' },
  { value: 'EMAIL_DOMAIN', label: 'E-mail domain', example: 'acme.com' },
  { value: 'TAX_ID', label: 'Tax id', example: 'DE123456789' },
];

const kindOf = (kind: IdentityKind) => IDENTITY_KINDS.find((k) => k.value === kind) ?? IDENTITY_KINDS[0];

function AddIdentity({ orgId }: { orgId: string }) {
  const [kind, setKind] = useState<IdentityKind>('LEGAL_NAME');
  const [value, setValue] = useState('');
  const add = useAddIdentity(orgId);
  return (
    <form
      aria-label="Add an identity"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate({ kind, value: value.trim() }, { onSuccess: () => setValue('') });
      }}
    >
      <Group align="end" gap="xs" mt="sm">
        <NativeSelect
          label="Kind"
          data={IDENTITY_KINDS.map(({ value: v, label }) => ({ value: v, label }))}
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as IdentityKind)}
        />
        <TextInput
          label="Value"
          placeholder={kindOf(kind).example}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          required
        />
        <Button type="submit" loading={add.isPending}>
          Add identity
        </Button>
      </Group>
      <ProblemAlert error={add.error} />
    </form>
  );
}

export function OrganizationIdentities({ orgId }: { orgId: string }) {
  const identities = useIdentities(orgId);
  const canEdit = useIsOrganizationAdmin();
  const remove = useDeleteIdentity(orgId);
  const makePrimary = useMakeIdentityPrimary(orgId);
  return (
    <Card withBorder>
      <Title order={3} mb={4}>
        Identities
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        The organization's own names, domains and tax ids: extraction tells its party from the counterparty by
        them.
      </Text>
      <ProblemAlert error={remove.error ?? makePrimary.error} />
      <QueryState query={identities} empty="No identities (legal name, domain, tax id) recorded.">
        {(list) => (
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Identities">
              <Table.Tbody>
                {list.map((i) => (
                  <Table.Tr key={i.id} data-testid={`identity-${i.value}`}>
                    <Table.Td>{kindOf(i.kind).label}</Table.Td>
                    <Table.Td>{i.value}</Table.Td>
                    <Table.Td>
                      {i.primary ? (
                        <Badge size="sm">primary</Badge>
                      ) : (
                        canEdit && (
                          <Button
                            size="xs"
                            variant="subtle"
                            loading={makePrimary.isPending && makePrimary.variables === i.id}
                            onClick={() => makePrimary.mutate(i.id)}
                          >
                            Make primary
                          </Button>
                        )
                      )}
                    </Table.Td>
                    {canEdit && (
                      <Table.Td>
                        {/* A second click names it: the extraction stops recognising it. */}
                        <ConfirmInline
                          action="Delete"
                          name={i.value}
                          variant="subtle"
                          pending={remove.isPending && remove.variables === i.id}
                          onConfirm={() => remove.mutate(i.id)}
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {canEdit && <AddIdentity orgId={orgId} />}
    </Card>
  );
}
