/**
 * The form for a custom source, generated from the chosen SourcePlugin: one secret input per
 * entry of its `credential_fields`, one input per configurable parameter typed by its
 * `parameter_type` (str, int, float, bool) with its default, and auto-sync.
 */
import {
  Button,
  Card,
  Checkbox,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Schema } from '@service/client';
import { useState } from 'react';
import { usePlugins } from '../api/plugins';
import { useCreateCustomSource } from '../api/sources';
import { ProblemAlert, QueryState } from '../components/state';

type Parameter = Schema<'ConfigurableParameter'>;

function ParameterInput({
  p,
  value,
  onChange,
}: {
  p: Parameter;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const label = `${p.parameter_name} (${p.parameter_type})`;
  if (p.parameter_type === 'bool')
    return (
      <Checkbox
        label={label}
        description={p.description}
        checked={Boolean(value)}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
    );
  if (p.parameter_type === 'int' || p.parameter_type === 'float')
    return (
      <NumberInput
        label={label}
        description={p.description}
        value={typeof value === 'number' ? value : ''}
        allowDecimal={p.parameter_type === 'float'}
        onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      />
    );
  return (
    <TextInput
      label={label}
      description={p.description}
      value={String(value ?? '')}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

export function CustomSourceForm() {
  const [pluginId, setPluginId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [configs, setConfigs] = useState<Record<string, unknown>>({});
  const [autoSync, setAutoSync] = useState(false);
  const plugins = usePlugins('SOURCE');
  const sourcePlugins = plugins.data ?? [];
  const plugin = sourcePlugins.find((p) => p.id === pluginId);
  const create = useCreateCustomSource();
  return (
    <Card withBorder>
      <Title order={3} mb="xs">
        Custom source
      </Title>
      <QueryState
        query={plugins}
        empty="No SourcePlugin in this organization: submit one on the Plugins page to connect a custom source."
        isEmpty={(list) => !list.some((p) => p.type === 'SOURCE')}
      >
        {() => (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate(
                {
                  source_type: plugin?.attributes.source_type ?? '',
                  name: name.trim(),
                  credentials,
                  configs: Object.fromEntries(
                    Object.entries(configs).filter(([, v]) => v !== undefined && v !== ''),
                  ),
                  auto_sync: autoSync,
                },
                // Credentials are not kept in the form once sent.
                { onSuccess: () => setCredentials({}) },
              );
            }}
          >
            <Stack gap="xs">
              <Select
                label="Source plugin"
                data={sourcePlugins.map((p) => ({
                  value: p.id,
                  label: `${p.name} (${p.attributes.source_type ?? '?'})`,
                }))}
                value={pluginId}
                onChange={(id) => {
                  setPluginId(id);
                  const chosen = sourcePlugins.find((p) => p.id === id);
                  setConfigs(
                    Object.fromEntries(
                      (chosen?.configurable_parameters ?? []).map((p) => [p.parameter_name, p.default_value]),
                    ),
                  );
                  setCredentials({});
                }}
              />
              {plugin && (
                <>
                  <TextInput
                    label="Name"
                    value={name}
                    onChange={(e) => setName(e.currentTarget.value)}
                    required
                  />
                  {(plugin.attributes.credential_fields ?? []).map((field) => (
                    <PasswordInput
                      key={field}
                      label={field}
                      value={credentials[field] ?? ''}
                      onChange={(e) => setCredentials((c) => ({ ...c, [field]: e.currentTarget.value }))}
                      required
                    />
                  ))}
                  {plugin.configurable_parameters.map((p) => (
                    <ParameterInput
                      key={p.parameter_name}
                      p={p}
                      value={configs[p.parameter_name]}
                      onChange={(v) => setConfigs((c) => ({ ...c, [p.parameter_name]: v }))}
                    />
                  ))}
                  <Checkbox
                    label="Sync automatically"
                    checked={autoSync}
                    onChange={(e) => setAutoSync(e.currentTarget.checked)}
                  />
                  <Button type="submit" loading={create.isPending} w="fit-content">
                    Connect
                  </Button>
                </>
              )}
              <ProblemAlert error={create.error} />
              {create.isSuccess && <Text c="green">Connected: {create.data.name}</Text>}
            </Stack>
          </form>
        )}
      </QueryState>
    </Card>
  );
}
