/**
 * Sign-in: paste an API key (`dis_…`) or an access token from the local issuer (`service-server auth
 * token`); it is exchanged for a short-lived console session and not kept (api/session.tsx).
 */
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
            if (token.trim()) void session.signIn(token.trim(), null);
          }}
        >
          <Stack>
            {error ? (
              <ProblemAlert
                error={error}
                title={
                  session.signInError ? 'The key was not accepted' : 'Your session has ended: sign in again'
                }
              />
            ) : null}
            <PasswordInput
              label="API key or access token"
              description="An API key (dis_…) from `make run` or the API keys page, or a token from `service-server auth token`."
              value={token}
              onChange={(e) => setToken(e.currentTarget.value)}
              autoFocus
              required
            />
            <Button type="submit" loading={session.signingIn}>
              Sign in
            </Button>
            <Text size="sm" c="dimmed">
              The key is exchanged for a console session that ends after 30 minutes without use, 12 hours at
              most, when you sign out or close this tab; the key itself is not stored. After signing in,
              choose the active organization at the top; every call sends it as <code>X-Organization-Id</code>
              . Invitations to you are under “My invitations”. The API reference is at{' '}
              <Anchor href="/docs">/docs</Anchor>.
            </Text>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
