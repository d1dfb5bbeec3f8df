/**
 * Plugins: the submission screen of spec §7. A Python editor (CodeMirror 6), submit or update,
 * and the validator's findings printed exactly as `service validate` prints them
 * (`file:line: ErrorType: message` and an indented `fix:` line), each failing line highlighted.
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
import { createColumnHelper } from '@tanstack/react-table';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo, useState } from 'react';
import { useOrganizationSettings } from '../api/organization';
import { type Plugin, usePlugins, usePluginVersions, useReadPlugin, useSubmitPlugin } from '../api/plugins';
import { ApiError, type PluginCodeError } from '../api/problem';
import { useSession } from '../api/session';
import { Page } from '../components/Page';
import { QueryTable } from '../components/QueryTable';
import { ProblemAlert, QueryState } from '../components/state';

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

export function PluginsPage() {
  const { organizationId } = useSession();
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('keyword-classifier');
  const [code, setCode] = useState(STARTER);
  const plugins = usePlugins();
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
  const file = `${(plugins.data?.find((p) => p.id === selected)?.name ?? name) || 'plugin'}.py`;
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
      <QueryTable
        query={plugins}
        columns={[
          pluginCol.accessor('name', {
            header: 'Name',
            cell: (c) => (
              <Anchor component="button" type="button" onClick={() => void load(c.row.original.id)}>
                {c.getValue()}
              </Anchor>
            ),
          }),
          pluginCol.accessor('type', { header: 'Type' }),
          pluginCol.accessor('version', { header: 'Version', cell: (c) => `v${c.getValue()}` }),
          pluginCol.accessor('status', {
            header: 'Status',
            cell: (c) => <Badge color={c.getValue() === 'ENABLED' ? 'green' : 'gray'}>{c.getValue()}</Badge>,
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
        label="Plugins"
        empty="No plugins in this organization yet; submit one below."
      />
      <Card withBorder>
        <Stack>
          <Group align="end">
            <Select
              label="Plugin"
              data={[
                { value: '', label: 'New plugin' },
                ...(plugins.data ?? []).map((p) => ({ value: p.id, label: p.name })),
              ]}
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
