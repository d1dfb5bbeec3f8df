/** Invitations addressed to the signed-in user: accept (joins the organization) or reject. */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useAnswerInvitation, useMyInvitations } from '../api/invitations';
import { Page } from '../components/Page';
import { ProblemAlert, QueryState } from '../components/state';

export function MyInvitationsPage() {
  const mine = useMyInvitations();
  const act = useAnswerInvitation();
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
