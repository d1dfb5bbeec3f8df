/** How the console names a benchmark's group (its `group_by` fields' values), e.g. "EUR" or "Supply / EUR". */

/** A group's name: its values joined; a field the documents lack reads "no <field>", not "null". */
export const groupName = (g: Record<string, unknown>) =>
  Object.entries(g)
    .map(([field, value]) => (value === null || value === undefined ? `no ${field}` : String(value)))
    .join(' / ') || 'all';
