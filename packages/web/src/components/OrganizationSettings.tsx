/**
 * The Settings card of the Organization page. An OWNER or ADMIN edits the settings (renewal alert
 * days, time zone, e-mail forwarding and its sender policy, the classification and extraction
 * plugins) and Save sends only the fields that changed (`PUT …/settings` is partial); alert days
 * the API would refuse are refused before sending, and a refusal shows the API's problem with the
 * input it names marked. Other members get the settings as a read-only list.
 *
 * The form follows the stored settings while the person has no unsaved edits. When the stored
 * settings change under unsaved edits (another admin's save, found by a later read), the edits
 * stay, the fields not edited take the stored values, and a notice names what changed elsewhere,
 * with a button that loads the stored settings instead (discarding the edits); Save still sends
 * only the edited fields, so it does not put back what the other admin changed.
 */
import {
  Alert,
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
import { useDebouncedValue } from '@mantine/hooks';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useIsOrganizationAdmin } from '../api/me';
import {
  ALERT_DAY_MAX,
  ALERT_DAYS_MAX_COUNT,
  type ChosenPlugin,
  parseAlertDays,
  type SenderPolicy,
  type OrganizationSettings as Settings,
  type SettingsUpdate,
  settingsChanges,
  useOrganizationSettings,
  useUpdateOrganizationSettings,
} from '../api/organization';
import { type Plugin, usePluginChoices } from '../api/plugins';
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

/** A plugin as a select names it: its name, and why the pipeline would not run it. */
const labelOf = (p: {
  name: string;
  status: string;
  quarantined?: boolean;
  quarantined_at?: string | null;
}) =>
  `${p.name}${p.status === 'ENABLED' ? '' : ' (disabled)'}${p.quarantined || p.quarantined_at ? ' (quarantined)' : ''}`;

/**
 * The choices of a plugin select: built-in, then the organization's enabled plugins of `type`
 * that the API found for the search (the API refuses a disabled one or one of another type).
 * The `chosen` plugins (the stored one, named by the settings, and the one the form holds) stay
 * listed even when disabled or not among the plugins found, so the select shows them by name.
 */
export function pluginOptions(
  plugins: readonly Plugin[] | undefined,
  type: 'CLASSIFICATION' | 'EXTRACTION',
  chosen: readonly { id: string; label: string }[],
) {
  const options = [{ value: BUILT_IN, label: 'built-in' }];
  for (const c of chosen)
    if (c.id !== BUILT_IN && !options.some((o) => o.value === c.id))
      options.push({ value: c.id, label: c.label });
  for (const p of plugins ?? []) {
    if (p.type !== type || p.status !== 'ENABLED' || options.some((o) => o.value === p.id)) continue;
    options.push({ value: p.id, label: labelOf(p) });
  }
  return options;
}

/**
 * A select of the organization's plugins of `type` that asks the API for the names holding what
 * the person types (`q`), instead of reading every plugin first. `stored` is the plugin the
 * settings choose now (named by them); what the form holds is `value`.
 */
function PluginSelect({
  label,
  type,
  stored,
  value,
  onChange,
  error,
}: {
  label: string;
  type: 'CLASSIFICATION' | 'EXTRACTION';
  stored: ChosenPlugin | null;
  value: string;
  onChange: (id: string) => void;
  error: ReactNode;
}) {
  const [search, setSearch] = useState('');
  // The select shows the chosen option's label in its input: that is no search.
  const [typed] = useDebouncedValue(search, 250);
  /** Labels of plugins picked earlier, so a pick stays named when a later search no longer finds it. */
  const [picked, setPicked] = useState<Record<string, string>>({});
  const chosenLabel =
    value === BUILT_IN ? 'built-in' : (picked[value] ?? (stored?.id === value ? labelOf(stored) : value));
  const found = usePluginChoices(type, typed === chosenLabel ? '' : typed);
  const chosen = [
    ...(stored ? [{ id: stored.id, label: labelOf(stored) }] : []),
    ...(value !== BUILT_IN ? [{ id: value, label: chosenLabel }] : []),
  ];
  const options = pluginOptions(found.data?.content, type, chosen);
  const more = (found.data?.page.total_elements ?? 0) > (found.data?.content.length ?? 0);
  return (
    <Select
      label={label}
      description={more ? 'Type part of a name to find the others' : undefined}
      data={options}
      value={value}
      onChange={(v, option) => {
        if (!v) return;
        setPicked((p) => ({ ...p, [v]: option?.label ?? v }));
        onChange(v);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No such plugin'}
      allowDeselect={false}
      error={error}
    />
  );
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

/**
 * A chosen plugin as the settings name it: name, version and state (every member reads these;
 * the plugins themselves are OWNER or ADMIN). Its id only if the settings could not name it.
 */
function PluginName({ id, plugin }: { id: string | null; plugin: ChosenPlugin | null }) {
  if (!id) return 'built-in';
  if (!plugin) return <Code>{id}</Code>;
  return `${labelOf(plugin)}, version ${plugin.version}`;
}

function ReadOnlySettings({ s }: { s: Settings }) {
  const days = [...s.renewal_alert_days].sort((a, b) => b - a);
  return (
    <List size="sm">
      <List.Item>
        Classification plugin: <PluginName id={s.classification_plugin_id} plugin={s.classification_plugin} />
      </List.Item>
      <List.Item>
        Extraction plugin: <PluginName id={s.extraction_plugin_id} plugin={s.extraction_plugin} />
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

/** What the form holds: the settings as typed (alert days as entries, {@link BUILT_IN} for no plugin). */
interface Draft {
  renewal_alert_days: string[];
  timezone: string;
  email_forwarding_enabled: boolean;
  email_forwarding_sender_policy: SenderPolicy;
  classification_plugin_id: string;
  extraction_plugin_id: string;
}
type Field = keyof Draft;

/** Each setting as the notice of a change elsewhere names it. */
const FIELD_NAMES: Record<Field, string> = {
  renewal_alert_days: 'renewal alerts',
  timezone: 'time zone',
  email_forwarding_enabled: 'e-mail forwarding',
  email_forwarding_sender_policy: 'sender policy',
  classification_plugin_id: 'classification plugin',
  extraction_plugin_id: 'extraction plugin',
};
const FIELDS = Object.keys(FIELD_NAMES) as Field[];

/** `fields` by name, as a sentence lists them: "time zone", "time zone and renewal alerts". */
const namesOf = (fields: readonly Field[]) => {
  const names = fields.map((f) => FIELD_NAMES[f]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
};

/** The form's values for stored settings `s`. */
export const draftOf = (s: Settings): Draft => ({
  renewal_alert_days: largestFirst(s.renewal_alert_days.map(String)),
  timezone: s.timezone,
  email_forwarding_enabled: s.email_forwarding_enabled,
  email_forwarding_sender_policy: s.email_forwarding_sender_policy,
  classification_plugin_id: s.classification_plugin_id ?? BUILT_IN,
  extraction_plugin_id: s.extraction_plugin_id ?? BUILT_IN,
});

/** Alert days as the API would store them (a set), or the entries as typed when it would refuse them. */
function daysKey(entries: readonly string[]) {
  const parsed = parseAlertDays(entries);
  return 'days' in parsed ? parsed.days.join(',') : `refused:${entries.join(',')}`;
}

/** Whether `a` and `b` hold the same value of `field`. */
const same = (field: Field, a: Draft, b: Draft) =>
  field === 'renewal_alert_days' ? daysKey(a[field]) === daysKey(b[field]) : a[field] === b[field];

/** The fields in which `draft` differs from `stored`: the person's unsaved edits. */
export function editsOf(stored: Settings, draft: Draft): Field[] {
  const base = draftOf(stored);
  return FIELDS.filter((f) => !same(f, base, draft));
}

/**
 * `draft`, made on stored settings `before`, brought up to the stored settings `after`: the
 * fields edited keep their edits, the others take `after`'s values. `elsewhere` are the fields
 * that changed in the store other than to what the person holds or last sent (`sent`, their own
 * save): what someone else changed.
 */
export function rebase(draft: Draft, before: Settings, after: Settings, sent?: SettingsUpdate) {
  const was = draftOf(before);
  const now = draftOf(after);
  const mine = sent ? draftOf({ ...after, ...sent }) : null;
  const next = { ...now };
  for (const f of FIELDS) if (!same(f, was, draft)) Object.assign(next, { [f]: draft[f] });
  const elsewhere = FIELDS.filter(
    (f) => !same(f, was, now) && !same(f, now, draft) && !(mine && f in (sent ?? {}) && same(f, now, mine)),
  );
  return { draft: next, elsewhere };
}

/** Whether the stored settings `a` and `b` differ. */
const differ = (a: Settings, b: Settings) => a !== b && Object.keys(settingsChanges(a, b)).length > 0;

/**
 * The editor of `current`, the stored settings. While the form holds no unsaved edits it follows
 * them; a change of them under unsaved edits keeps the edits and says so ({@link rebase}).
 */
function SettingsForm({ current, save }: { current: Settings; save: Save }) {
  const [draft, setDraft] = useState(() => draftOf(current));
  /** The stored settings the draft was last brought up to. */
  const [base, setBase] = useState(current);
  /** The fields someone else changed while the person had unsaved edits. */
  const [elsewhere, setElsewhere] = useState<Field[]>([]);
  if (differ(base, current)) {
    // Adjusted while rendering (React's "storing information from previous renders"): the form
    // never shows a frame of the old values under new stored ones.
    const next = rebase(draft, base, current, save.isError ? undefined : save.variables);
    const unsaved = editsOf(current, next.draft).length > 0;
    setBase(current);
    setDraft(unsaved ? next.draft : draftOf(current));
    setElsewhere(unsaved ? [...new Set([...elsewhere, ...next.elsewhere])] : []);
  }
  const edits = editsOf(current, draft);
  const changedElsewhere = edits.length > 0 ? elsewhere : [];
  const {
    renewal_alert_days: days,
    timezone,
    email_forwarding_enabled: forwarding,
    email_forwarding_sender_policy: policy,
    classification_plugin_id: classification,
    extraction_plugin_id: extraction,
  } = draft;
  const parsed = parseAlertDays(days);
  // Against the stored settings, which the fields not edited hold: only the edits are sent.
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
    <F extends Field>(field: F) =>
    (value: Draft[F]) => {
      setDraft((d) => ({ ...d, [field]: value }));
      if (save.isSuccess) save.reset();
    };
  const loadStored = () => {
    setDraft(draftOf(current));
    setElsewhere([]);
    save.reset();
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
        {changedElsewhere.length > 0 && (
          <Alert
            color="yellow"
            title="The settings were changed elsewhere"
            data-testid="settings-changed-elsewhere"
          >
            <Stack gap="xs">
              <Text size="sm">
                Someone else changed the {namesOf(changedElsewhere)} while you were editing. Your unsaved
                changes are kept, the settings you did not change show their new values, and Save sends only
                your changes
                {changedElsewhere.some((f) => edits.includes(f)) && ' (yours win where you both changed one)'}
                .
              </Text>
              <Group>
                <Button size="xs" variant="default" onClick={loadStored}>
                  Load the new values (discard my changes)
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <TagsInput
          label="Renewal alerts (days before the notice deadline)"
          description={`Whole days from 1 to ${ALERT_DAY_MAX}, at most ${ALERT_DAYS_MAX_COUNT}; Enter or a comma adds one`}
          value={days}
          onChange={(v) => edit('renewal_alert_days')(largestFirst(v))}
          splitChars={[',', ' ']}
          error={'error' in parsed ? parsed.error : marked('renewal_alert_days')}
        />
        <Select
          label="Time zone"
          description="The organization's calendar: what “today” is for contract dates and alerts"
          data={timeZones(timezone)}
          value={timezone}
          onChange={(v) => v && edit('timezone')(v)}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No such time zone"
          error={marked('timezone')}
        />
        <Checkbox
          label="Accept documents forwarded by e-mail"
          description="to the organization's address (Sources page), from the senders on its allowlist"
          checked={forwarding}
          onChange={(e) => edit('email_forwarding_enabled')(e.currentTarget.checked)}
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
            onChange={(v) => edit('email_forwarding_sender_policy')(v as SenderPolicy)}
            aria-label="Sender policy"
            display="flex"
            mt={4}
          />
        </Input.Wrapper>
        <PluginSelect
          label="Classification plugin"
          type="CLASSIFICATION"
          stored={current.classification_plugin}
          value={classification}
          onChange={edit('classification_plugin_id')}
          error={marked('classification_plugin_id')}
        />
        <PluginSelect
          label="Extraction plugin"
          type="EXTRACTION"
          stored={current.extraction_plugin}
          value={extraction}
          onChange={edit('extraction_plugin_id')}
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
        {(s) => (canEdit ? <SettingsForm key={orgId} current={s} save={save} /> : <ReadOnlySettings s={s} />)}
      </QueryState>
    </Card>
  );
}
