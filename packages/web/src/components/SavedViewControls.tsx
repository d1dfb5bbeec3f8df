/**
 * The documents page's saved-view controls: when the page shows a saved view, its name and a
 * delete button (pressed twice); otherwise "Save view", which names the page's filters, sort and
 * columns as a view listed in the sidebar.
 */
import { Badge, Button, Group, Popover, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type SavedViewQuery, useDeleteView, useSavedViews, useSaveView } from '../api/saved-views';
import { type DocumentsSearch, shownColumns, showsView, viewQuery } from '../lib/documents-search';
import { ProblemAlert } from './state';

export function SavedViewControls({ search }: { search: DocumentsSearch }) {
  const views = useSavedViews();
  const save = useSaveView();
  const remove = useDeleteView();
  const [name, setName] = useState('');
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const current = views.data?.find((v) => showsView(search, v));
  if (current)
    return (
      <Group gap="xs">
        <Badge variant="light" size="lg" tt="none">
          View: {current.name}
        </Badge>
        <Button
          size="xs"
          variant={confirming ? 'filled' : 'default'}
          color="red"
          loading={remove.isPending}
          onClick={() => {
            if (!confirming) return setConfirming(true);
            setConfirming(false);
            remove.mutate(current.id);
          }}
        >
          {confirming ? `Delete “${current.name}”?` : 'Delete view'}
        </Button>
        <ProblemAlert error={remove.error} />
      </Group>
    );
  return (
    <Popover opened={open} onChange={setOpen} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)}>
          Save view
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          aria-label="Save the filters, sort and columns as a view"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              {
                name: name.trim(),
                resource: 'documents',
                query: viewQuery(search) as SavedViewQuery,
                columns: shownColumns(search),
                show_in_sidebar: true,
              },
              {
                onSuccess: () => {
                  setName('');
                  setOpen(false);
                },
              },
            );
          }}
        >
          <TextInput
            label="View name"
            placeholder="e.g. Failed this week"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
          />
          <Group justify="end" mt="xs">
            <Button type="submit" size="xs" disabled={!name.trim()} loading={save.isPending}>
              Save
            </Button>
          </Group>
          <ProblemAlert error={save.error} />
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
