/** Sign-in: paste an API key (`dis_…`) or an access token from the local issuer (`service-server auth token`). */
import { Anchor, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../api/session';
import { ProblemAlert } from '../components/state';

export function SignInPage({ error }: { error?: unknown }) {
  const session = useSession();
  const [token, setToken] = useState('');
  return (
    <Container size={460} py="xl">
      <Title order={2} mb="md">
        Sign in to the console
      </Title>
      <Paper withBorder p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (token.trim()) session.signIn(token.trim(), null);
          }}
        >
          <Stack>
            {session.token && error ? <ProblemAlert error={error} title="The key was not accepted" /> : null}
            <PasswordInput
              label="API key or access token"
              description="An API key (dis_…) from `make run` or the API keys page, or a token from `service-server auth token`."
              value={token}
              onChange={(e) => setToken(e.currentTarget.value)}
              autoFocus
              required
            />
            <Button type="submit">Sign in</Button>
            <Text size="sm" c="dimmed">
              After signing in, choose the active organization at the top; every call sends it as{' '}
              <code>X-Organization-Id</code>. Invitations to you are under “My invitations”. The API reference
              is at <Anchor href="/docs">/docs</Anchor>.
            </Text>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
