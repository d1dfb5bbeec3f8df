/**
 * Plugins: the submission screen of spec §7. The organization's plugins by name, a page at a time
 * with their total, the page in the address (`/plugins?page=2`, lib/list-search.ts); a Python
 * editor (CodeMirror 6), submit or update, and the validator's findings printed exactly as
 * `service validate` prints them (`file:line: ErrorType: message` and an indented `fix:` line),
 * each failing line highlighted; the chosen plugin's versions under headed columns. A member who
 * is neither OWNER nor ADMIN reads which plugins the settings choose instead (plugins hold code).
 */
import { python } from '@codemirror/lang-python';
import { RangeSetBuilder } from '@codemirror/state';
import { Decoration, EditorView } from '@codemirror/view';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo, useState } from 'react';
import { useIsOrganizationAdmin, useMe } from '../api/me';
import { type ChosenPlugin, useOrganizationSettings } from '../api/organization';
import {
  type Plugin,
  usePluginsPage,
  usePluginVersions,
  useReadPlugin,
  useSubmitPlugin,
} from '../api/plugins';
import { ApiError, type PluginCodeError } from '../api/problem';
import { useSession } from '../api/session';
import { DataTable } from '../components/DataTable';
import { Page } from '../components/Page';
import { Pager } from '../components/Pager';
import { ProblemAlert, QueryState } from '../components/state';
import { MANAGEMENT_PAGE_SIZE, type PageSearch, pageInAddress, useKeepPageInRange } from '../lib/list-search';

const STARTER = `"""Picks the first available label whose name appears in the text."""

from typing import Any

from service_sdk import ClassificationPlugin, Document


class KeywordClassifier(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        text = document.text.lower()
        for label in available_labels:
            if label.lower() in text:
                return label
        return None
`;

/** The findings as `service validate` prints them (sdk/python/src/service_sdk/cli.py format_findings_text). */
export function formatFindings(file: string, findings: PluginCodeError[]): string {
  const lines: string[] = [];
  for (const f of findings) {
    lines.push(`${file}:${f.line ?? '-'}: ${f.error_type}: ${f.message}`);
    const fix = f.fix_suggestion.replaceAll('\n', '\n         ');
    if (fix) lines.push(`    fix: ${fix}`);
  }
  lines.push(findings.length ? `${findings.length} problem(s) in 1 of 1 file(s)` : '1 file(s) valid');
  return lines.join('\n');
}

const errorLine = Decoration.line({ attributes: { class: 'cm-validator-error' } });
const errorTheme = EditorView.baseTheme({ '.cm-validator-error': { backgroundColor: '#ffc9c9' } });

/** A CodeMirror extension that marks the given 1-based lines. */
function markLines(lines: number[]) {
  return EditorView.decorations.compute(['doc'], (state) => {
    const builder = new RangeSetBuilder<Decoration>();
    for (const n of [...new Set(lines)].sort((a, b) => a - b)) {
      if (n >= 1 && n <= state.doc.lines) {
        const line = state.doc.line(n);
        builder.add(line.from, line.from, errorLine);
      }
    }
    return builder.finish();
  });
}

function Versions({ id }: { id: string }) {
  const versions = usePluginVersions(id);
  return (
    <QueryState query={versions} empty="No versions.">
      {(list) => (
        <Table aria-label="Versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>Code (SHA-256)</Table.Th>
              <Table.Th>Submitted</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((v) => (
              <Table.Tr key={v.version}>
                <Table.Td>v{v.version}</Table.Td>
                <Table.Td>
                  <Code>{v.sha256.slice(0, 12)}</Code>
                </Table.Td>
                <Table.Td>{new Date(v.created_at).toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}

const pluginCol = createColumnHelper<Plugin>();

/**
 * The editor's plugin choices: a new plugin, and the plugins of the page shown, with the chosen
 * one kept (by the name loaded into the editor) when it is on another page.
 */
function pluginChoices(shown: readonly Plugin[], selected: string | null, name: string) {
  const choices = [{ value: '', label: 'New plugin' }, ...shown.map((p) => ({ value: p.id, label: p.name }))];
  if (selected && !shown.some((p) => p.id === selected))
    choices.push({ value: selected, label: name || selected });
  return choices;
}

/** A chosen plugin as a member reads it: name and version, and why it would not run. */
function chosenName(p: ChosenPlugin | null, builtIn: string) {
  if (!p) return builtIn;
  const state = [p.status === 'DISABLED' ? 'disabled' : null, p.quarantined ? 'quarantined' : null].filter(
    Boolean,
  );
  return `${p.name}, version ${p.version}${state.length ? ` (${state.join(', ')})` : ''}`;
}

/**
 * What a member who is neither OWNER nor ADMIN sees: plugins hold code, which the API keeps to
 * those roles, so instead of a 403 and an editor that would be refused, the plugins the
 * organization's settings choose (by name, from `…/settings/summary`).
 */
function PluginsInUse() {
  const { organizationId } = useSession();
  const settings = useOrganizationSettings(organizationId);
  return (
    <Page title="Plugins">
      <Card withBorder data-testid="plugins-in-use">
        <Stack gap="xs">
          <Text size="sm">
            Plugins hold code: an owner or admin of the organization registers, reads and changes them.
          </Text>
          <QueryState query={settings} empty="">
            {(s) => (
              <Stack gap={4}>
                <Text size="sm">
                  Classification: {chosenName(s.classification_plugin, 'the built-in classifier')}
                </Text>
                <Text size="sm">Extraction: {chosenName(s.extraction_plugin, 'the built-in extractor')}</Text>
              </Stack>
            )}
          </QueryState>
        </Stack>
      </Card>
    </Page>
  );
}

/**
 * The plugins page: the submission screen for an OWNER or ADMIN (or SYSTEM_ADMIN), the plugins
 * in use for another member; nothing until the role is known.
 */
export function PluginsPage() {
  const me = useMe();
  const manages = useIsOrganizationAdmin();
  if (!me.data) return null;
  return manages ? <PluginManagement /> : <PluginsInUse />;
}

function PluginManagement() {
  const { organizationId } = useSession();
  const search = useSearch({ from: '/plugins' });
  const navigate = useNavigate({ from: '/plugins' });
  const page = search.page ?? 1;
  const toPage = (p: number, replace = false) =>
    void navigate({ search: (s: PageSearch) => ({ ...s, page: pageInAddress(p) }), replace });
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('keyword-classifier');
  const [code, setCode] = useState(STARTER);
  const plugins = usePluginsPage(page);
  useKeepPageInRange(page, plugins.isPlaceholderData ? undefined : plugins.data?.page.total_elements, (p) =>
    toPage(p, true),
  );
  const shown = plugins.data?.content ?? [];
  // Which organization setting uses each plugin (spec §7: versions and where the plugin is used).
  const settings = useOrganizationSettings(organizationId);
  const usedFor = (id: string) =>
    [
      settings.data?.classification_plugin_id === id ? 'classification_plugin_id' : null,
      settings.data?.extraction_plugin_id === id ? 'extraction_plugin_id' : null,
    ].filter((x): x is string => x !== null);
  const submit = useSubmitPlugin();
  const readPlugin = useReadPlugin();
  const findings = submit.error instanceof ApiError ? submit.error.pluginErrors : [];
  const extensions = useMemo(
    () => [python(), errorTheme, markLines(findings.flatMap((f) => (f.line ? [f.line] : [])))],
    [findings],
  );
  const file = `${(shown.find((p) => p.id === selected)?.name ?? name) || 'plugin'}.py`;
  const load = async (id: string | null) => {
    setSelected(id);
    submit.reset();
    if (!id) return;
    const detail = await readPlugin(id);
    setName(detail.name);
    setCode(detail.code);
  };
  return (
    <Page title="Plugins">
      <QueryState
        query={plugins}
        empty="No plugins in this organization yet; submit one below."
        isEmpty={(p) => p.page.total_elements === 0 && p.content.length === 0}
      >
        {(p) => (
          <Stack>
            <DataTable
              data={p.content}
              label="Plugins"
              // The server orders the plugins by name over every page: a header click would sort one page only.
              columns={[
                pluginCol.accessor('name', {
                  header: 'Name',
                  enableSorting: false,
                  cell: (c) => (
                    <Anchor component="button" type="button" onClick={() => void load(c.row.original.id)}>
                      {c.getValue()}
                    </Anchor>
                  ),
                }),
                pluginCol.accessor('type', { header: 'Type', enableSorting: false }),
                pluginCol.accessor('version', {
                  header: 'Version',
                  enableSorting: false,
                  cell: (c) => `v${c.getValue()}`,
                }),
                pluginCol.accessor('status', {
                  header: 'Status',
                  enableSorting: false,
                  cell: (c) => (
                    <Badge color={c.getValue() === 'ENABLED' ? 'green' : 'gray'}>{c.getValue()}</Badge>
                  ),
                }),
                pluginCol.display({
                  id: 'used',
                  header: 'Used by setting',
                  cell: (c) => (
                    <>
                      {usedFor(c.row.original.id).map((s) => (
                        <Code key={s}>{s}</Code>
                      ))}
                      {c.row.original.type === 'BENCHMARK' && (
                        <Text size="xs">runs on every matching document</Text>
                      )}
                    </>
                  ),
                }),
              ]}
            />
            <Pager
              label="Pages of plugins"
              total={p.page.total_elements}
              exact={p.page.total_exact ?? true}
              page={page}
              pageSize={MANAGEMENT_PAGE_SIZE}
              noun="plugins"
              singular="plugin"
              onPage={(n) => toPage(n)}
            />
          </Stack>
        )}
      </QueryState>
      <Card withBorder>
        <Stack>
          <Group align="end">
            <Select
              label="Plugin"
              data={pluginChoices(shown, selected, name)}
              value={selected ?? ''}
              onChange={(v) => void load(v || null)}
              allowDeselect={false}
            />
            {!selected && (
              <TextInput
                label="Name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                required
              />
            )}
          </Group>
          <section aria-label="Plugin source (Python)">
            <CodeMirror
              value={code}
              onChange={setCode}
              extensions={extensions}
              height="360px"
              basicSetup={{ lineNumbers: true }}
            />
          </section>
          <Group>
            <Button
              onClick={() =>
                submit.mutate({ id: selected, name, code }, { onSuccess: (plugin) => setSelected(plugin.id) })
              }
              loading={submit.isPending}
            >
              {selected ? 'Submit new version' : 'Submit plugin'}
            </Button>
            {submit.isSuccess && (
              <Text c="green" data-testid="plugin-accepted">
                Accepted: {submit.data.name} v{submit.data.version} ({submit.data.type})
              </Text>
            )}
          </Group>
          {findings.length > 0 ? (
            <Card withBorder bg="red.0" data-testid="validator-findings">
              <Text fw={600} mb="xs">
                {(submit.error as Error).message}
              </Text>
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 13 }} data-testid="validate-output">
                {formatFindings(file, findings)}
              </pre>
              <Stack gap={2} mt="xs">
                {findings
                  .filter((f) => f.documentation)
                  .map((f) => (
                    <Anchor
                      key={`${f.line}:${f.error_type}`}
                      href={f.documentation ?? undefined}
                      size="sm"
                      target="_blank"
                    >
                      {f.error_type}: documentation
                    </Anchor>
                  ))}
              </Stack>
            </Card>
          ) : (
            <ProblemAlert error={submit.error} />
          )}
          {selected && (
            <>
              <Title order={4}>Versions</Title>
              <Versions id={selected} />
            </>
          )}
        </Stack>
      </Card>
    </Page>
  );
}
