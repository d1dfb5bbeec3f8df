/** The pager below a server-paged list: the total, and page buttons when there is more than one page. */
import { Group, Pagination, Text } from '@mantine/core';
import { countOf } from '../lib/plural';

export function Pager({
  label,
  total,
  exact = true,
  page,
  pageSize,
  noun,
  singular,
  onPage,
}: {
  /** Accessible name of the page buttons, e.g. "Pages of contracts". */
  label: string;
  total: number;
  /** False when `total` is a lower bound (capped count, docs/api.md "Totals"). */
  exact?: boolean | undefined;
  page: number;
  pageSize: number;
  /** What is counted, plural ("entries"); `singular` ("entry") for a total of exactly one. */
  noun: string;
  singular: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" data-testid={`${noun}-total`}>
        {/* "1+ keys": a lower bound stays plural. */}
        {exact ? countOf(total, singular, noun) : `${total.toLocaleString()}+ ${noun}`}
      </Text>
      {pages > 1 && (
        <nav aria-label={label}>
          <Pagination total={pages} value={page} onChange={onPage} size="sm" />
        </nav>
      )}
    </Group>
  );
}
