/** The header's search box: Enter opens the documents page with the query (and its highlighted hits). */
import { TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

export function GlobalSearch() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  return (
    <search>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const query = q.trim();
          if (query) void navigate({ to: '/documents', search: { q: query } });
        }}
      >
        <TextInput
          aria-label="Search documents"
          placeholder="Search documents"
          type="search"
          size="xs"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          w={{ base: 100, sm: 240 }}
        />
      </form>
    </search>
  );
}
