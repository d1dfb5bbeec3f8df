/** A page's frame: its heading (the one `h2` the tests and screen readers find), optional actions beside it, and its content. */
import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
