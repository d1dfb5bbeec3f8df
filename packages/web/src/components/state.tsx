/** Loading, empty and error states shared by every page; errors show the RFC 9457 `detail`. */
import { Alert, Center, List, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/problem';

/** The error of a failed call: its `detail` and any per-field errors. */
export function ProblemAlert({ error, title = 'Request failed' }: { error: unknown; title?: string }) {
  if (!error) return null;
  const detail = error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiError ? error.fieldErrors : [];
  return (
    <Alert color="red" title={title} role="alert" data-testid="problem">
      <Text size="sm">{detail}</Text>
      {fields.length > 0 && (
        <List size="sm">
          {fields.map((f) => (
            <List.Item key={`${f.field}:${f.message}`}>
              {f.field}: {f.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** Renders a query: a loader while it loads, its error, an empty message, or `children(data)`. */
export function QueryState<T>({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>;
  empty: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Center p="lg">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (query.isError) return <ProblemAlert error={query.error} />;
  const data = query.data as T;
  const none = isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0;
  if (none)
    return (
      <Text c="dimmed" p="md" data-testid="empty">
        {empty}
      </Text>
    );
  return <>{children(data)}</>;
}
