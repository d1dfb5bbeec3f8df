/**
 * Stable `operationId`s for every operation of the OpenAPI document (OpenAPI 3.1 §4.8.10), so
 * generated clients have method names that do not change between releases.
 *
 * Derived from the method and the path: the static segments after `/api/v1` (or `/api`), PascalCased,
 * a segment followed by a path parameter singular (`/documents/{id}/text` → `DocumentText`), and a verb:
 * `get` (or `list` when the 200 answer is an array or a page), `create` for a POST to a collection,
 * the action itself for a POST to an action segment (`/documents/{id}/reprocess` → `reprocessDocument`),
 * `update` for PUT/PATCH and `delete` for DELETE. A few paths read better named by hand (OVERRIDES).
 * An operation that already has an `operationId` in its route schema keeps it.
 */
type Json = Record<string, unknown>;

const OVERRIDES: Record<string, string> = {
  'GET /health': 'getHealth',
  'GET /.well-known/jwks.json': 'getJwks',
  'DELETE /api/v1/console/sessions/current': 'deleteCurrentConsoleSession',
  'GET /api/v1/users/me': 'getCurrentUser',
  'PUT /api/v1/users/me': 'updateCurrentUser',
  'GET /api/v1/users/me/organizations': 'listCurrentUserOrganizations',
  'GET /api/v1/organizations/me': 'getCurrentOrganization',
  'PUT /api/v1/organizations/me': 'updateCurrentOrganization',
  'GET /api/v1/organizations/slug/{slug}': 'getOrganizationBySlug',
  'POST /api/v1/organizations/{orgId}/identities/{identityId}/primary': 'makeOrganizationIdentityPrimary',
  'POST /api/v1/organizations/{orgId}/members/transfer-ownership': 'transferOrganizationOwnership',
  'POST /api/v1/organizations/{orgId}/members': 'addOrganizationMember',
  'PUT /api/v1/organizations/{orgId}/members/{userId}/role': 'updateOrganizationMemberRole',
  'DELETE /api/v1/organizations/{orgId}/members/{userId}': 'removeOrganizationMember',
  'GET /api/v1/invitations/me': 'listMyInvitations',
  'GET /api/v1/invitations/organization/{orgId}': 'listOrganizationInvitations',
  'GET /api/v1/invitations/{token}': 'getInvitationByToken',
  'POST /api/v1/sources/connect/initiate': 'initiateSourceConnection',
  'GET /api/v1/sources/connect/callback': 'completeSourceConnection',
  'POST /api/v1/sources/connect/manual-upload': 'connectManualUploadSource',
  'POST /api/v1/sources/custom': 'createCustomSource',
  'GET /api/v1/sources/coverage': 'getSourcesCoverage',
  'GET /api/v1/sources/email-forwarding/address': 'getEmailForwardingAddress',
  'GET /api/v1/sources/email-forwarding/allowlist': 'listEmailForwardingAllowlist',
  'POST /api/v1/sources/email-forwarding/allowlist': 'addEmailForwardingAllowlistEntry',
  'PATCH /api/v1/sources/email-forwarding/allowlist/{entryId}': 'updateEmailForwardingAllowlistEntry',
  'DELETE /api/v1/sources/email-forwarding/allowlist/{entryId}': 'deleteEmailForwardingAllowlistEntry',
  'GET /api/v1/sources/email-forwarding/audit': 'listEmailForwardingAudit',
  'POST /api/v1/marketplace/link': 'linkMarketplaceSubscription',
  'POST /api/v1/marketplace/link-by-account': 'linkMarketplaceSubscriptionByAccount',
  'GET /api/v1/marketplace/pending': 'hasPendingMarketplaceSubscription',
  'POST /api/v1/webhooks/{id}/rotate-secret': 'rotateWebhookSecret',
  'PUT /api/v1/prompts/{prompt_id}': 'putPrompt',
  'PUT /api/v1/ontology': 'replaceOntology',
  'PUT /api/v1/documents/{id}/labels': 'setDocumentLabels',
  'PATCH /api/v1/documents/{id}/extraction': 'correctDocumentExtraction',
  'POST /api/v1/documents/{id}/reprocess': 'reprocessDocument',
  'GET /api/v1/sources/providers': 'listSourceProviders',
};

const pascal = (segment: string) =>
  segment
    .split(/[-_.]/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');

const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('s') && !word.endsWith('ss')
      ? word.slice(0, -1)
      : word;

const isParam = (segment: string | undefined) => segment?.startsWith('{') ?? false;

/** Whether a 200 answer is a collection: an array, a Spring page (`content`) or a `…List` schema. */
function answersCollection(op: Json, schemas: Json): boolean {
  const ok = (op.responses as Json | undefined)?.['200'] as Json | undefined;
  let schema = ((ok?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as
    | Json
    | undefined;
  const ref = typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  if (ref) {
    if (ref.endsWith('List')) return true;
    schema = schemas[ref] as Json | undefined;
  }
  return schema?.type === 'array' || Boolean((schema?.properties as Json | undefined)?.content);
}

/** The derived operationId of one operation (before overrides). */
export function deriveOperationId(method: string, route: string, op: Json, schemas: Json): string {
  const segments = route
    .replace(/^\/api(\/v1)?\//, '')
    .split('/')
    .filter(Boolean);
  const words: string[] = [];
  segments.forEach((s, i) => {
    if (!isParam(s)) words.push(isParam(segments[i + 1]) ? singular(s) : s);
  });
  const last = segments.at(-1);
  const m = method.toLowerCase();
  if (m === 'get') return (answersCollection(op, schemas) ? 'list' : 'get') + words.map(pascal).join('');
  if (m === 'put' || m === 'patch') return `update${words.map(pascal).join('')}`;
  if (m === 'delete') return `delete${words.map(pascal).join('')}`;
  // POST: to a collection creates one of it; to an action segment after an id performs the action.
  if (last && !isParam(last) && isParam(segments.at(-2)) && !last.endsWith('s')) {
    const action = pascal(last);
    return `${action[0]?.toLowerCase()}${action.slice(1)}${words.slice(0, -1).map(pascal).join('')}`;
  }
  const nouns = words.map((w, i) => (i === words.length - 1 ? singular(w) : w));
  return `create${nouns.map(pascal).join('')}`;
}

/** Sets `operationId` on every operation of `paths` that has none. */
export function assignOperationIds(paths: Record<string, Record<string, Json>>, schemas: Json): void {
  for (const [route, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      op.operationId ??=
        OVERRIDES[`${method.toUpperCase()} ${route}`] ?? deriveOperationId(method, route, op, schemas);
    }
  }
}
