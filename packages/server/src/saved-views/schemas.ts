import { z } from 'zod';
import { DOCUMENT_STATUSES } from '../db/schema.js';
import { documentSortFields } from '../documents/schemas.js';
import { uuid } from '../http/schemas.js';
import type { SavedViewRow } from './repository.js';

/** The lists a view can be saved of. */
export const SAVED_VIEW_RESOURCES = ['documents'] as const;

/** The columns of the documents list a view can show (the console's table). */
export const DOCUMENT_COLUMNS = [
  'filename',
  'status',
  'labels',
  'label_confidence',
  'fields',
  'confidence',
  'created_at',
] as const;

const term = z.string().trim().min(1).max(200);

/** What a documents view keeps: the list's filters and sort, as the console's address holds them. */
const documentsQuery = z
  .object({
    q: term.optional().describe('full-text query (docs/search.md)'),
    status: z.enum(DOCUMENT_STATUSES).optional(),
    label: term.optional(),
    source_id: uuid.optional().describe('documents of this source connection'),
    sort: z.enum(documentSortFields).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
  })
  .strict();

const viewFields = {
  name: z.string().trim().min(1).max(100),
  query: documentsQuery.default({}),
  columns: z
    .array(z.enum(DOCUMENT_COLUMNS))
    .min(1)
    .max(DOCUMENT_COLUMNS.length)
    .refine((c) => new Set(c).size === c.length, 'columns must not repeat')
    .default([...DOCUMENT_COLUMNS])
    .describe('shown in this order'),
  show_in_sidebar: z.boolean().default(true),
};

export const createSavedViewRequest = z
  .object({ ...viewFields, resource: z.enum(SAVED_VIEW_RESOURCES).default('documents') })
  .strict()
  .meta({ id: 'SavedViewCreateRequest' });

export const updateSavedViewRequest = z.object(viewFields).strict().meta({ id: 'SavedViewUpdateRequest' });

export const savedViewDto = z
  .object({
    id: uuid,
    name: z.string(),
    resource: z.enum(SAVED_VIEW_RESOURCES),
    query: z
      .record(z.string(), z.string())
      .describe('the filters and sort of the list (`q`, `status`, `label`, `source_id`, `sort`, `dir`)'),
    columns: z.array(z.enum(DOCUMENT_COLUMNS)),
    show_in_sidebar: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SavedView' });

export const savedViewListQuery = z.object({ resource: z.enum(SAVED_VIEW_RESOURCES).optional() });

export type SavedViewInput = z.infer<typeof updateSavedViewRequest>;

export function toSavedViewDto(r: SavedViewRow): z.infer<typeof savedViewDto> {
  return {
    id: r.id,
    name: r.name,
    resource: r.resource as (typeof SAVED_VIEW_RESOURCES)[number],
    query: r.query,
    columns: r.columns as (typeof DOCUMENT_COLUMNS)[number][],
    show_in_sidebar: r.showInSidebar,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
