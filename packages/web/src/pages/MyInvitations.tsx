/** Invitations addressed to the signed-in user: accept (joins the organization) or reject. */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../api/problem';
import { useSession } from '../api/session';
import { Page } from '../components/Page';
import { ProblemAlert, QueryState } from '../components/state';

export function MyInvitationsPage() {
  const { api, token } = useSession();
  const queryClient = useQueryClient();
  const mine = useQuery({
    queryKey: ['my-invitations', token],
    queryFn: async () => unwrap(await api.GET('/api/v1/invitations/me')),
  });
  const act = useMutation({
    mutationFn: async ({ id, accept }: { id: string; accept: boolean }) => {
      const params = { params: { path: { id } } };
      if (accept) unwrap(await api.POST('/api/v1/invitations/{id}/accept', params));
      else unwrap(await api.POST('/api/v1/invitations/{id}/reject', params));
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
  return (
    <Page title="My invitations">
      <ProblemAlert error={act.error} />
      <QueryState query={mine} empty="No pending invitations for you.">
        {(list) => (
          <Stack>
            {list.map((i) => (
              <Card withBorder key={i.id}>
                <Group justify="space-between">
                  <Text>
                    Invitation as <b>{i.role}</b> for {i.email}, expires{' '}
                    {new Date(i.expires_at).toLocaleDateString()}
                  </Text>
                  <Badge>{i.status}</Badge>
                  {i.status === 'PENDING' && (
                    <Group gap="xs">
                      <Button size="xs" onClick={() => act.mutate({ id: i.id, accept: true })}>
                        Accept
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => act.mutate({ id: i.id, accept: false })}
                      >
                        Reject
                      </Button>
                    </Group>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
