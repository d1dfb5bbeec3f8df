/**
 * The Settings card of the Organization page. An OWNER or ADMIN edits the settings (renewal alert
 * days, time zone, e-mail forwarding and its sender policy, the classification and extraction
 * plugins) and Save sends only the fields that changed (`PUT …/settings` is partial); alert days
 * the API would refuse are refused before sending, and a refusal shows the API's problem with the
 * input it names marked. Other members get the settings as a read-only list.
 */
import {
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Input,
  List,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useIsOrganizationAdmin } from '../api/me';
import {
  ALERT_DAY_MAX,
  ALERT_DAYS_MAX_COUNT,
  parseAlertDays,
  type SenderPolicy,
  type OrganizationSettings as Settings,
  type SettingsUpdate,
  settingsChanges,
  useOrganizationSettings,
  useUpdateOrganizationSettings,
} from '../api/organization';
import { type Plugin, usePlugins } from '../api/plugins';
import { ApiError } from '../api/problem';
import { ProblemAlert, QueryState } from './state';

/** The value of the plugin selects that stands for `null`: the built-in classifier or extractor. */
const BUILT_IN = 'built-in';

/**
 * The sender policies: whom forwarded mail is accepted from, and when to choose each
 * (docs/sources.md "Email forwarding").
 */
export const SENDER_POLICIES: { value: SenderPolicy; label: string; accepts: string; explanation: string }[] =
  [
    {
      value: 'ALLOWLIST_AND_DMARC',
      label: 'Allowlist and DMARC',
      accepts: 'allowlisted senders whose domain signed the message (DMARC)',
      explanation:
        'Allowlisted senders whose domain signed the message (DMARC); a forged or unsigned message is quarantined.',
    },
    {
      value: 'ALLOWLIST_ONLY',
      label: 'Allowlist only',
      accepts: 'allowlisted senders without checking their signature',
      explanation:
        'Allowlisted senders without checking their signature: for senders that do not sign, or forwarders that rewrite mail.',
    },
  ];

const policyOf = (value: SenderPolicy) =>
  SENDER_POLICIES.find((p) => p.value === value) ?? SENDER_POLICIES[0];

/**
 * The IANA time zones the browser knows, with UTC first: `Intl.supportedValuesOf` lists only
 * region zones, and UTC is the API's default.
 */
const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];

/** {@link TIME_ZONES}, led by `current` when they lack it (an alias such as `Asia/Calcutta`), so the select shows it. */
const timeZones = (current: string) => (TIME_ZONES.includes(current) ? TIME_ZONES : [current, ...TIME_ZONES]);

/**
 * The choices of a plugin select: built-in, then the organization's enabled plugins of `type`
 * (the API refuses a disabled one or one of another type). The chosen plugin stays listed even
 * when it is disabled or not among the plugins read, so the select shows what is stored.
 */
function pluginOptions(
  plugins: readonly Plugin[] | undefined,
  type: 'CLASSIFICATION' | 'EXTRACTION',
  chosen: string | null,
) {
  const options = [{ value: BUILT_IN, label: 'built-in' }];
  for (const p of plugins ?? []) {
    if (p.type !== type || (p.status !== 'ENABLED' && p.id !== chosen)) continue;
    options.push({ value: p.id, label: p.status === 'ENABLED' ? p.name : `${p.name} (disabled)` });
  }
  if (chosen && !options.some((o) => o.value === chosen)) options.push({ value: chosen, label: chosen });
  return options;
}

/** The typed alert days, largest first as the API keeps them; what is not a number goes last. */
function largestFirst(entries: readonly string[]): string[] {
  const days = (e: string) => (/^\d+$/.test(e.trim()) ? Number(e.trim()) : -1);
  return [...entries].sort((a, b) => days(b) - days(a));
}

/** Whether a refused save names `field` (`body.timezone`) or one of its entries (`body.renewal_alert_days.0`). */
function names(error: unknown, field: keyof Settings): boolean {
  return (
    error instanceof ApiError &&
    error.fieldErrors.some((e) => e.field === `body.${field}` || e.field?.startsWith(`body.${field}.`))
  );
}

/** A plugin by name when the organization's plugins are read, else by id. */
function PluginName({ id, plugins }: { id: string | null; plugins: readonly Plugin[] | undefined }) {
  if (!id) return 'built-in';
  return plugins?.find((p) => p.id === id)?.name ?? <Code>{id}</Code>;
}

function ReadOnlySettings({ s }: { s: Settings }) {
  const plugins = usePlugins();
  const days = [...s.renewal_alert_days].sort((a, b) => b - a);
  return (
    <List size="sm">
      <List.Item>
        Classification plugin: <PluginName id={s.classification_plugin_id} plugins={plugins.data} />
      </List.Item>
      <List.Item>
        Extraction plugin: <PluginName id={s.extraction_plugin_id} plugins={plugins.data} />
      </List.Item>
      <List.Item>
        Renewal alerts: {days.length ? `${days.join(', ')} days before the notice deadline` : 'none'}
      </List.Item>
      <List.Item>Time zone: {s.timezone}</List.Item>
      <List.Item>
        Email forwarding: {s.email_forwarding_enabled ? 'on' : 'off'}, accepting{' '}
        {policyOf(s.email_forwarding_sender_policy).accepts}
      </List.Item>
    </List>
  );
}

type Save = UseMutationResult<Settings, Error, SettingsUpdate>;

/**
 * The editor of `current`. Its parent remounts it when the stored settings change (a save, or
 * a read that finds another admin's change), so the inputs start from what is stored.
 */
function SettingsForm({ current, save }: { current: Settings; save: Save }) {
  const plugins = usePlugins();
  const [days, setDays] = useState(() => largestFirst(current.renewal_alert_days.map(String)));
  const [timezone, setTimezone] = useState(current.timezone);
  const [forwarding, setForwarding] = useState(current.email_forwarding_enabled);
  const [policy, setPolicy] = useState<SenderPolicy>(current.email_forwarding_sender_policy);
  const [classification, setClassification] = useState(current.classification_plugin_id ?? BUILT_IN);
  const [extraction, setExtraction] = useState(current.extraction_plugin_id ?? BUILT_IN);
  const parsed = parseAlertDays(days);
  const changes =
    'days' in parsed
      ? settingsChanges(current, {
          renewal_alert_days: parsed.days,
          timezone,
          email_forwarding_enabled: forwarding,
          email_forwarding_sender_policy: policy,
          classification_plugin_id: classification === BUILT_IN ? null : classification,
          extraction_plugin_id: extraction === BUILT_IN ? null : extraction,
        })
      : null;
  // "Saved" speaks of what the inputs hold; an edit after it makes it untrue.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (save.isSuccess) save.reset();
    };
  const marked = (field: keyof Settings) => names(save.error, field) || undefined;
  return (
    <form
      aria-label="Organization settings"
      onSubmit={(e) => {
        e.preventDefault();
        // Invalid days are shown under their input already; nothing is sent until they are fixed.
        if (changes && Object.keys(changes).length > 0) save.mutate(changes);
      }}
    >
      <Stack gap="sm">
        <TagsInput
          label="Renewal alerts (days before the notice deadline)"
          description={`Whole days from 1 to ${ALERT_DAY_MAX}, at most ${ALERT_DAYS_MAX_COUNT}; Enter or a comma adds one`}
          value={days}
          onChange={edit((v: string[]) => setDays(largestFirst(v)))}
          splitChars={[',', ' ']}
          error={'error' in parsed ? parsed.error : marked('renewal_alert_days')}
        />
        <Select
          label="Time zone"
          description="The organization's calendar: what “today” is for contract dates and alerts"
          data={timeZones(timezone)}
          value={timezone}
          onChange={(v) => v && edit(setTimezone)(v)}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No such time zone"
          error={marked('timezone')}
        />
        <Checkbox
          label="Accept documents forwarded by e-mail"
          description="to the organization's address (Sources page), from the senders on its allowlist"
          checked={forwarding}
          onChange={(e) => edit(setForwarding)(e.currentTarget.checked)}
          error={marked('email_forwarding_enabled')}
        />
        <Input.Wrapper
          label="Forwarded mail is accepted from"
          description={policyOf(policy).explanation}
          error={marked('email_forwarding_sender_policy')}
        >
          <SegmentedControl
            data={SENDER_POLICIES.map(({ value, label }) => ({ value, label }))}
            value={policy}
            onChange={(v) => edit(setPolicy)(v as SenderPolicy)}
            aria-label="Sender policy"
            display="flex"
            mt={4}
          />
        </Input.Wrapper>
        <Select
          label="Classification plugin"
          data={pluginOptions(plugins.data, 'CLASSIFICATION', current.classification_plugin_id)}
          value={classification}
          onChange={(v) => v && edit(setClassification)(v)}
          allowDeselect={false}
          error={marked('classification_plugin_id')}
        />
        <Select
          label="Extraction plugin"
          data={pluginOptions(plugins.data, 'EXTRACTION', current.extraction_plugin_id)}
          value={extraction}
          onChange={(v) => v && edit(setExtraction)(v)}
          allowDeselect={false}
          error={marked('extraction_plugin_id')}
        />
        <Group gap="xs">
          <Button
            type="submit"
            size="xs"
            loading={save.isPending}
            disabled={changes !== null && Object.keys(changes).length === 0}
          >
            Save settings
          </Button>
          {save.isSuccess && (
            <Text size="sm" c="green" role="status">
              Saved
            </Text>
          )}
        </Group>
        <ProblemAlert error={save.error} />
      </Stack>
    </form>
  );
}

export function OrganizationSettings({ orgId }: { orgId: string }) {
  const settings = useOrganizationSettings(orgId);
  const canEdit = useIsOrganizationAdmin();
  const save = useUpdateOrganizationSettings(orgId);
  return (
    <Card withBorder>
      <Title order={3} mb="xs">
        Settings
      </Title>
      <QueryState query={settings} empty="">
        {(s) =>
          canEdit ? (
            <SettingsForm key={JSON.stringify(s)} current={s} save={save} />
          ) : (
            <ReadOnlySettings s={s} />
          )
        }
      </QueryState>
    </Card>
  );
}
