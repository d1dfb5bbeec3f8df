import { timestamp } from 'drizzle-orm/pg-core';

/** A UTC timestamp column (`timestamptz`) read as a JavaScript Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => ts('created_at').notNull().defaultNow();
