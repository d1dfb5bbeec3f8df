/**
 * Generated from /openapi.json by `npm run generate:client`; do not edit by hand.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness and database reachability
         * @description Readiness: 200 while the database answers; 503 with `status: "database unavailable"` while it does not (a restart or outage, which the server survives and reconnects after).
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public keys of the local token issuer (RFC 7517) */
        get: operations["getJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your API keys (metadata only, never the plaintext) */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key; the plaintext is returned once */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one of your API keys */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        /** Revoke an API key (irreversible) */
        delete: operations["deleteApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/console/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange the API key or access token in Authorization for a short-lived console session
         * @description The web console signs in with this: the key from `#key=` or the sign-in form is sent once, and only the returned session token is kept (sessionStorage). The session has the authority of the credential it was opened with. A console session cannot open another one (403).
         */
        post: operations["createConsoleSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/console/sessions/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out: revoke the console session presented in Authorization */
        delete: operations["deleteCurrentConsoleSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the users of the active organization (OWNER or ADMIN)
         * @description Live users only, unless `deleted` asks for soft-deleted ones too (`include`) or only (`only`), which only a SYSTEM_ADMIN may (403 otherwise): they are the users POST /users/{id}/restore restores. With `platform=true`, every user of the platform whatever organizations they belong to, for SYSTEM_ADMIN only (403 otherwise), each with all their roles.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Add a user by email to the active organization (OWNER or ADMIN)
         * @description Answers the profile of the user the organization now has, the same way whether or not an account has the address: an invitation is mailed either way. A new address becomes a user and a member at once (a later sign-in with it links to it); for an address that has an account the organization gets a stand-in member with the email and name it gave, which becomes the person’s own membership when they accept the invitation.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your profile */
        get: operations["getCurrentUser"];
        /** Update your profile */
        put: operations["updateCurrentUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/me/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your memberships, with their organizations */
        get: operations["listCurrentUserOrganizations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user of the active organization */
        get: operations["getUser"];
        /** Update a user of the active organization (OWNER or ADMIN) */
        put: operations["updateUser"];
        post?: never;
        /** Soft-delete a user of the active organization (OWNER or ADMIN) */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a soft-deleted user (SYSTEM_ADMIN) */
        post: operations["restoreUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List all organizations (SYSTEM_ADMIN) */
        get: operations["listOrganizations"];
        put?: never;
        /** Create a team organization; you become its OWNER */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The active organization */
        get: operations["getCurrentOrganization"];
        /** Rename the active organization (OWNER or ADMIN) */
        put: operations["updateCurrentOrganization"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An organization by slug (member or SYSTEM_ADMIN) */
        get: operations["getOrganizationBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An organization (member or SYSTEM_ADMIN) */
        get: operations["getOrganization"];
        /** Update an organization: name, slug, parent (OWNER or ADMIN) */
        put: operations["updateOrganization"];
        post?: never;
        /** Soft-delete an organization (OWNER) */
        delete: operations["deleteOrganization"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a soft-deleted organization (SYSTEM_ADMIN) */
        post: operations["restoreOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/ancestors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ancestors, nearest first (member) */
        get: operations["listOrganizationAncestors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/children": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Direct children (member) */
        get: operations["listOrganizationChildren"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/tree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The full tree rooted at the organization (member) */
        get: operations["getOrganizationTree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/identities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization’s own legal identities (member) */
        get: operations["listOrganizationIdentities"];
        put?: never;
        /** Add an identity (OWNER or ADMIN) */
        post: operations["createOrganizationIdentity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/identities/{identityId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update an identity (OWNER or ADMIN) */
        put: operations["updateOrganizationIdentity"];
        post?: never;
        /** Delete an identity (OWNER or ADMIN); answers the deleted identity */
        delete: operations["deleteOrganizationIdentity"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/identities/{identityId}/primary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark an identity primary (OWNER or ADMIN) */
        post: operations["makeOrganizationIdentityPrimary"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/quotas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Quotas (OWNER or ADMIN) with current usage; null = unlimited */
        get: operations["getOrganizationQuotas"];
        /** Replace quotas (SYSTEM_ADMIN); omitted fields become unlimited */
        put: operations["updateOrganizationQuotas"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settings (OWNER or ADMIN)
         * @description classification_plugin and extraction_plugin name the chosen plugins (null: built-in). Members read the same answer at …/settings/summary.
         */
        get: operations["getOrganizationSettings"];
        /** Update settings (OWNER or ADMIN); omitted fields keep their value */
        put: operations["updateOrganizationSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/settings/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settings to read (any member)
         * @description The answer of GET …/settings for every member of the organization (and SYSTEM_ADMIN): the chosen plugins by name and version, never their code. 403 for a non-member.
         */
        get: operations["getOrganizationSettingsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List members (OWNER or ADMIN) */
        get: operations["listOrganizationMembers"];
        put?: never;
        /**
         * Add a member by user id or by email (OWNER or ADMIN)
         * @description With `user_id` the user becomes a member at once. With `email` an invitation is mailed and the answer is the created membership either way: of a new user when no account has the address, else of a stand-in that becomes the person’s own membership when they accept (the answer does not tell which).
         */
        post: operations["addOrganizationMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/members/transfer-ownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Transfer ownership to another member (OWNER); you become ADMIN */
        post: operations["transferOrganizationOwnership"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (OWNER or ADMIN); the OWNER cannot be removed */
        delete: operations["removeOrganizationMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{orgId}/members/{userId}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a member’s role to ADMIN or MEMBER (OWNER or ADMIN) */
        put: operations["updateOrganizationMemberRole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite an email to an organization (OWNER or ADMIN); the link is emailed */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending invitations addressed to your email */
        get: operations["listMyInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/organization/{orgId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invitations of an organization (OWNER or ADMIN) */
        get: operations["listOrganizationInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation addressed to your email; creates the membership */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject an invitation addressed to your email */
        post: operations["rejectInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resend with a new token and expiry (OWNER or ADMIN) */
        post: operations["resendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an invitation (OWNER or ADMIN) */
        post: operations["revokeInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invitation details from the emailed token (public) */
        get: operations["getInvitationByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List or search documents (q; filter by status, source_id, label, created time, labels_confirmed)
         * @description With `q`, a full-text search over the text, extracted values, labels and filename in web-search syntax (words, "quoted phrase", or, -word; docs/search.md): hits come best first and carry `search.rank` and a highlighted `search.snippet`; `sort` is then ignored.
         */
        get: operations["listDocuments"];
        put?: never;
        /**
         * Upload a document (multipart field `file`; optional `source_id`, `metadata` JSON)
         * @description The type is detected from the bytes. The same bytes already in the organization answer the existing document with `duplicate: true`. Processing (parse, classify, extract) runs in the background.
         */
        post: operations["createDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A document with its labels, classification trace and extraction */
        get: operations["getDocument"];
        put?: never;
        post?: never;
        /** Delete a document and its file (OWNER or ADMIN) */
        delete: operations["deleteDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The stored file bytes */
        get: operations["getDocumentContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The parsed text, whole and per page */
        get: operations["getDocumentText"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/reprocess": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the pipeline again from parsing (OWNER or ADMIN) */
        post: operations["reprocessDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Confirm or correct the labels; confirmed documents train the built-in classifier */
        put: operations["setDocumentLabels"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reprocess, confirm or set labels, or delete a selection of documents (OWNER or ADMIN)
         * @description Each document is handled as its single route would (reprocess, PUT labels, DELETE); one failing does not stop the others. The answer is 200 with a result per distinct id.
         */
        post: operations["createDocumentsBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Download a selection of documents: CSV of their extracted values, or a ZIP with the originals
         * @description Any member. 200 with `text/csv` or `application/zip` (`Content-Disposition: attachment`); 404 naming each id that is not a document of the organization. Audited as `document.export`.
         */
        post: operations["createDocumentsExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/extraction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Correct extracted field values (OWNER or ADMIN); the original values are kept
         * @description Each value is checked against its field's dtype; null clears a field. The answer's `extraction.corrections` records, per field, the value, what the plugin read (`original`), who corrected it and when. The contract record is derived again, `document.extracted` is emitted with `corrected_fields`, and the labels become confirmed (a training example of the classifier) when they are a path of the current ontology. A reprocess keeps corrected values.
         */
        patch: operations["correctDocumentExtraction"];
        trace?: never;
    };
    "/api/v1/ontology": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The active organization’s ontology (label tree with fields) */
        get: operations["getOntology"];
        /** Replace the ontology (OWNER or ADMIN); saved as a new version */
        put: operations["replaceOntology"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ontology/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How the built-in classifier reads the ontology: kinds per label, and warnings */
        get: operations["getOntologyReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/label-suggestions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Labels suggested by classification (None or a label outside the list) */
        get: operations["listLabelSuggestions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/label-suggestions/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept: the label is added to the ontology under its parent path (OWNER or ADMIN) */
        post: operations["acceptLabelSuggestion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/label-suggestions/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a suggestion (OWNER or ADMIN) */
        post: operations["rejectLabelSuggestion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plugins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization’s plugins (filter by type and by part of the name) */
        get: operations["listPlugins"];
        put?: never;
        /**
         * Register a plugin (Python source); stored as version 1
         * @description The code is checked by the same validator as `service validate` (syntax tree only), then loaded once in an isolated runtime to read its class attributes. A failure answers 400 with `{"error": {"code": "INVALID_PLUGIN_CODE", "message", "errors": [{line, error_type, message, fix_suggestion, documentation}]}}` (spec §7). The type is read from the base class. `configs` keys must be declared configurable_parameters. Quota: max_plugins.
         */
        post: operations["createPlugin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plugins/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A plugin with the code of its current version */
        get: operations["getPlugin"];
        put?: never;
        post?: never;
        /** Delete a plugin (soft delete); 409 while the organization settings select it */
        delete: operations["deletePlugin"];
        options?: never;
        head?: never;
        /**
         * Update a plugin; new code or configs become a new version
         * @description The code is checked by the same validator as `service validate` (syntax tree only), then loaded once in an isolated runtime to read its class attributes. A failure answers 400 with `{"error": {"code": "INVALID_PLUGIN_CODE", "message", "errors": [{line, error_type, message, fix_suggestion, documentation}]}}` (spec §7). The plugin type cannot change (400, error_type PluginTypeChanged). Without `configs`, new code keeps the current configs that still fit its parameters.
         */
        patch: operations["updatePlugin"];
        trace?: never;
    };
    "/api/v1/plugins/{id}/quarantine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Lift a plugin’s quarantine so the pipeline runs it again
         * @description A plugin that breaks the runtime protocol SERVICE_PLUGIN_QUARANTINE_AFTER times within SERVICE_PLUGIN_QUARANTINE_WINDOW_SECONDS is quarantined (quarantined_at, quarantine_reason); uploading new code lifts it too. Idempotent.
         */
        delete: operations["deletePluginQuarantine"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plugins/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Version history of a plugin, newest first */
        get: operations["listPluginVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plugins/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One version of a plugin with its code */
        get: operations["getPluginVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plugins/{id}/event-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Runs of the plugin’s event handlers (@on_event), newest first, with every attempt
         * @description One run per event delivered to the plugin (its current version at dispatch declared a matching handler). Each attempt has the handle_event result, the error of a failed run and the log lines of the handlers. Failed runs are retried on SERVICE_WEBHOOK_HANDLER_RETRY_SCHEDULE (status PENDING meanwhile).
         */
        get: operations["listPluginEventRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List source connections (filter by status, provider) */
        get: operations["listSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Enabled providers (public) */
        get: operations["listSourceProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/connect/initiate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start an OAuth connection (OWNER or ADMIN): authorization URL and single-use state (PKCE S256) */
        post: operations["initiateSourceConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/connect/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth redirect target (public; the state authenticates): stores the tokens, redirects to redirect_uri */
        get: operations["completeSourceConnection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/connect/manual-upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The organization's manual-upload connection (created once); upload files to POST /documents with its id */
        post: operations["connectManualUploadSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Documents per status for each connection and for the organization */
        get: operations["getSourcesCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/custom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a custom connection run by a registered SourcePlugin (OWNER or ADMIN) */
        post: operations["createCustomSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/email-forwarding/address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's inbound forwarding address */
        get: operations["getEmailForwardingAddress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/email-forwarding/allowlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Senders allowed to forward mail */
        get: operations["listEmailForwardingAllowlist"];
        put?: never;
        /** Allow a sender address or @domain (OWNER or ADMIN) */
        post: operations["addEmailForwardingAllowlistEntry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/email-forwarding/allowlist/{entryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an allowlist entry (OWNER or ADMIN); answers the removed entry */
        delete: operations["deleteEmailForwardingAllowlistEntry"];
        options?: never;
        head?: never;
        /** Change an allowlist entry (OWNER or ADMIN) */
        patch: operations["updateEmailForwardingAllowlistEntry"];
        trace?: never;
    };
    "/api/v1/sources/email-forwarding/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every decision about mail to the inbound address, newest first */
        get: operations["listEmailForwardingAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A source connection (never its credentials) */
        get: operations["getSource"];
        put?: never;
        post?: never;
        /** Delete a connection and its vault credentials; a running sync stops; documents stay (OWNER or ADMIN) */
        delete: operations["deleteSource"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/{id}/reconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New authorization for a connection in REQUIRES_REAUTHORIZATION (OWNER or ADMIN)
         * @description The optional body `{redirect_uri}` is where the browser lands after the callback, as for initiate; without it the callback answers the connection as JSON.
         */
        post: operations["reconnectSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/{id}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a sync now (OWNER or ADMIN); answers its activity entry */
        post: operations["syncSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/{sourceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a connection or replace its configs (OWNER or ADMIN) */
        patch: operations["updateSource"];
        trace?: never;
    };
    "/api/v1/sources/{sourceId}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Syncs of the connection, newest first */
        get: operations["listSourceActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/{sourceId}/auto-sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The auto-sync setting */
        get: operations["getSourceAutoSync"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Turn auto-sync on or off, or change its interval (OWNER or ADMIN) */
        patch: operations["updateSourceAutoSync"];
        trace?: never;
    };
    "/api/v1/sources/{sourceId}/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Documents of the connection per status */
        get: operations["getSourceCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/{sourceId}/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Folder paths seen in the connection's documents (metadata.folder), with counts */
        get: operations["getSourceFolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/{sourceId}/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The saved source state (credentials excluded) */
        get: operations["getSourceState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/marketplace/entitlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register or update an entitlement (SYSTEM_ADMIN, or a signed provider notification)
         * @description Authenticate with a SYSTEM_ADMIN credential, or sign the request as the marketplace provider: `X-Marketplace-Timestamp: <unix seconds>` and `X-Marketplace-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed with SERVICE_MARKETPLACE_WEBHOOK_SECRET>`. A bad or stale signature is 401. CANCELLED, SUSPENDED and EXPIRED drop a linked organization to the free plan.
         */
        post: operations["createMarketplaceEntitlement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/marketplace/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Link an entitlement to the active organization (OWNER or ADMIN) */
        post: operations["linkMarketplaceSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/marketplace/link-by-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Link the marketplace account’s entitlement to the active organization (OWNER or ADMIN) */
        post: operations["linkMarketplaceSubscriptionByAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/marketplace/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether an unlinked entitlement exists for your email */
        get: operations["hasPendingMarketplaceSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/marketplace/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Plan and status of the active organization’s subscription */
        get: operations["getMarketplaceSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization’s webhook endpoints */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint; the signing secret is returned once
         * @description Events are POSTed as JSON `{type, id, timestamp, organization_id, data}` signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`); see docs/webhooks.md. URLs reaching private, loopback or link-local addresses are refused (400) unless the server allows them.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook endpoint (never its secret) */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint with its delivery log */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change a webhook endpoint; enabled: true re-enables a disabled one */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the new one is returned once
         * @description During the grace period (default 24 h) requests carry signatures by both the new and the previous secret.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log of an endpoint, newest first, with every attempt */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again now, with a fresh retry schedule */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/prompts/{prompt_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The latest version of a prompt, with its text (what get_prompt answers)
         * @description Plugins read the latest version with `await get_prompt(prompt_id)` (spec 4.11); see docs/pipeline.md.
         */
        get: operations["getPrompt"];
        /**
         * Store a new version of a prompt (OWNER or ADMIN); an unchanged text keeps the version
         * @description Plugins read the latest version with `await get_prompt(prompt_id)` (spec 4.11); see docs/pipeline.md.
         */
        put: operations["putPrompt"];
        post?: never;
        /**
         * Delete a prompt with all its versions (OWNER or ADMIN)
         * @description Afterwards get_prompt raises PromptNotFound for this id.
         */
        delete: operations["deletePrompt"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/prompts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The active organization’s prompts, each with its latest version */
        get: operations["listPrompts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/prompts/{prompt_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Version history of a prompt, newest first (without the texts) */
        get: operations["listPromptVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/prompts/{prompt_id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One version of a prompt, with its text */
        get: operations["getPromptVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s saved views in the active organization, by name */
        get: operations["listSavedViews"];
        put?: never;
        /** Save a view of a list (filters, sort, columns) for the caller; any member */
        post: operations["createSavedView"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-views/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller’s saved views */
        get: operations["getSavedView"];
        /** Replace a saved view’s name, filters, columns and sidebar flag */
        put: operations["updateSavedView"];
        post?: never;
        /** Delete a saved view */
        delete: operations["deleteSavedView"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log of the active organization (OWNER, ADMIN), newest first
         * @description With `platform=true`, the platform entries (actions outside any organization), for SYSTEM_ADMIN only.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exports of the active organization, newest first (OWNER) */
        get: operations["listExports"];
        put?: never;
        /**
         * Start an export of the active organization (OWNER); a job writes the archive
         * @description One export runs at a time per organization: 409 (with `export_id`) while another is PENDING or RUNNING within its time limit. The request has no parameters (no body, or `{}`).
         */
        post: operations["createExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An export and its status (OWNER) */
        get: operations["getExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The export archive (application/zip) once SUCCEEDED (OWNER) */
        get: operations["getExportDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/extraction-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The built-in extractor’s rules by id, optionally of one field or language */
        get: operations["listExtractionRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/extraction-rules/{rule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an extraction rule is for: its doc, examples, counterexamples and decisions */
        get: operations["getExtractionRule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contracts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contracts; envelope {data, meta: {total, page, per_page}} (spec 2.2)
         * @description page is 1-based; per_page defaults to 20, at most 100. Filters: status, vendor (substring, any case), renewal_before (renewal_date < the date). Sort by renewal_date (default), annual_value or vendor; order asc (default) or desc; nulls last.
         */
        get: operations["listContracts"];
        put?: never;
        /** Record a contract by hand (OWNER or ADMIN) */
        post: operations["createContract"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contracts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A contract with its history of versions */
        get: operations["getContract"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/benchmarks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List benchmarks with their latest run and latest value per group */
        get: operations["listBenchmarks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/benchmarks/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The kept runs of a benchmark, newest first */
        get: operations["listBenchmarkRuns"];
        put?: never;
        /**
         * Run a benchmark now and wait for it (OWNER or ADMIN)
         * @description The request has no parameters (no body, or `{}`).
         */
        post: operations["createBenchmarkRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/benchmarks/{id}/scores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-document scores of a benchmark's latest successful run, highest first
         * @description With the group and its benchmark value per document: the data of the score distribution. `flagged=true` lists the flagged documents only.
         */
        get: operations["listBenchmarkScores"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List alerts, newest first or by due date (filters status, kind); envelope {data, meta} */
        get: operations["listAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Acknowledge, snooze, resolve, dismiss or reopen an alert (OWNER or ADMIN)
         * @description SNOOZED requires `snoozed_until` in the future; the alert comes back OPEN when that time passes.
         */
        put: operations["updateAlert"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ClassificationDecisionInput: {
            /** @description the best label the plugin considered, also when it abstained */
            label: string | null;
            /** @description that label's probability in [0, 1], as the plugin estimates it */
            probability: number;
            /** @description the second-best label */
            runner_up: string | null;
            runner_up_probability: number | null;
            /** @description the terms that weighed most for the label, strongest first */
            evidence: string[];
            /** @description why the plugin returned None (e.g. "no evidence", "small margin"); null when it answered */
            abstention_reason: string | null;
        };
        AlertInput: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "contract.renewal_upcoming" | "benchmark.flagged";
            /** @enum {string} */
            status: "OPEN" | "ACKNOWLEDGED" | "SNOOZED" | "RESOLVED" | "DISMISSED";
            title: string;
            contract_id: string | null;
            document_id: string | null;
            /** @description renewal alerts: days before the notice deadline */
            threshold_days: number | null;
            /** @description renewal alerts: the notice deadline (YYYY-MM-DD) */
            due_date: string | null;
            data: {
                [key: string]: unknown;
            };
            snoozed_until: string | null;
            note: string | null;
            created_at: string;
            updated_at: string;
        };
        AlertUpdateRequestInput: {
            /** @enum {string} */
            status?: "OPEN" | "ACKNOWLEDGED" | "SNOOZED" | "RESOLVED" | "DISMISSED";
            /** @description required with status SNOOZED; must be in the future */
            snoozed_until?: (string & unknown) | null;
            note?: string | null;
        };
        AlertListInput: {
            data: components["schemas"]["AlertInput"][];
            meta: {
                total: number;
                page: number;
                per_page: number;
                /** @description present and false when total is a lower bound: more rows match than were counted */
                total_exact?: boolean;
            };
        };
        OntologyLabelInput: {
            name: string;
            /** @default  */
            description: string;
            /** @default [] */
            keywords: string[];
            /** @default [] */
            fields: {
                name: string;
                /** @enum {string} */
                dtype: "string" | "number" | "integer" | "boolean" | "date" | "money" | "duration" | "list[string]";
                /** @default  */
                description: string;
            }[];
            /** @default [] */
            children: components["schemas"]["OntologyLabelInput"][];
        };
        OntologyInput: {
            /** @description returned; ignored on PUT */
            version: number;
            labels: components["schemas"]["OntologyLabelInput"][];
        };
        OntologyReportWarningInput: {
            /**
             * @description docs/pipeline.md "The ontology report"
             * @enum {string}
             */
            code: "same_type_as_sibling" | "maps_to_nothing" | "generic_name" | "description_contradicts_name" | "meaning_differs";
            label: string;
            /** @description what is wrong and what to do, in a sentence */
            message: string;
            /** @description the other labels concerned (e.g. the sibling of the same kind) */
            related: string[];
        };
        OntologyReportInput: {
            /** @description the ontology version reported on */
            version: number;
            labels: {
                name: string;
                /** @description root first */
                path: string[];
                /** @description the knowledge-base kinds the label is read as, best first */
                types: {
                    type: string;
                    score: number;
                }[];
                /** @description below the root: the kind the label's words read as a sentence are closest to (cosine similarity); null at the root */
                meaning: {
                    type: string;
                    similarity: number;
                } | null;
                warnings: components["schemas"]["OntologyReportWarningInput"][];
            }[];
            /** @description every label's warnings */
            warnings: components["schemas"]["OntologyReportWarningInput"][];
        };
        OntologyUpdateResponseInput: {
            /** @description returned; ignored on PUT */
            version: number;
            labels: components["schemas"]["OntologyLabelInput"][];
            /** @description with `?report=true` only: how the built-in classifier reads the saved labels; null when it could not be made */
            report?: components["schemas"]["OntologyReportInput"] | null;
        };
        OntologyUpdateRequestInput: {
            version?: number;
            labels: components["schemas"]["OntologyLabelInput"][];
        };
        LabelSuggestionInput: {
            /** Format: uuid */
            id: string;
            document_id: string | null;
            parent_path: string[];
            /** @description the label the plugin returned, null when it returned None */
            label: string | null;
            /** @enum {string} */
            reason: "NO_LABEL" | "LLM_SUGGESTED";
            /** @description the classification plugin's confidence at the level that asked for this suggestion */
            decision: components["schemas"]["ClassificationDecisionInput"] | null;
            /** @enum {string} */
            status: "PENDING" | "ACCEPTED" | "REJECTED";
            created_at: string;
            resolved_at: string | null;
        };
        AcceptLabelSuggestionRequestInput: {
            /** @description label name; required when the suggestion has none */
            name?: string;
            description?: string;
            keywords?: string[];
        };
        ContractInput: {
            /** Format: uuid */
            id: string;
            /** @description the counterparty of the organization */
            vendor: string;
            /** @description the leaf label of the contract document (e.g. Supply), or as given */
            type: string;
            /** @description next end or renewal date, YYYY-MM-DD; null when unknown */
            renewal_date: string | null;
            /** @description value per year in `currency` */
            annual_value: number | null;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRING" | "EXPIRED" | "TERMINATED";
            /** @description ISO 4217 code */
            currency: string | null;
            notice_period_days: number | null;
            /** @description renewal_date − notice period, YYYY-MM-DD */
            notice_deadline: string | null;
            auto_renew: boolean;
            effective_date: string | null;
            /** @description end of the initial term as stated or computed */
            expiration_date: string | null;
            term: {
                value: number;
                /** @enum {string} */
                unit: "day" | "week" | "month" | "year";
            } | null;
            renewal_term: {
                value: number;
                /** @enum {string} */
                unit: "day" | "week" | "month" | "year";
            } | null;
            document_id: string | null;
            /** @enum {string} */
            origin: "DOCUMENT" | "MANUAL";
            version: number;
            created_at: string;
            updated_at: string;
        };
        ContractVersionInput: {
            version: number;
            /** @description CREATED, EXTRACTION, SCAN, DOCUMENT_DELETED (its document was deleted; the contract was entered by hand) */
            reason: string;
            document_id: string | null;
            created_at: string;
            /** @description the contract as it was at this version */
            contract: {
                [key: string]: unknown;
            };
        };
        ContractDetailInput: {
            /** Format: uuid */
            id: string;
            /** @description the counterparty of the organization */
            vendor: string;
            /** @description the leaf label of the contract document (e.g. Supply), or as given */
            type: string;
            /** @description next end or renewal date, YYYY-MM-DD; null when unknown */
            renewal_date: string | null;
            /** @description value per year in `currency` */
            annual_value: number | null;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRING" | "EXPIRED" | "TERMINATED";
            /** @description ISO 4217 code */
            currency: string | null;
            notice_period_days: number | null;
            /** @description renewal_date − notice period, YYYY-MM-DD */
            notice_deadline: string | null;
            auto_renew: boolean;
            effective_date: string | null;
            /** @description end of the initial term as stated or computed */
            expiration_date: string | null;
            term: {
                value: number;
                /** @enum {string} */
                unit: "day" | "week" | "month" | "year";
            } | null;
            renewal_term: {
                value: number;
                /** @enum {string} */
                unit: "day" | "week" | "month" | "year";
            } | null;
            document_id: string | null;
            /** @enum {string} */
            origin: "DOCUMENT" | "MANUAL";
            version: number;
            created_at: string;
            updated_at: string;
            /** @description every version, newest first */
            history: components["schemas"]["ContractVersionInput"][];
        };
        ContractCreateRequestInput: {
            vendor: string;
            type: string;
            /**
             * Format: date
             * @description end of the current term (YYYY-MM-DD); rolled forward yearly when auto_renew
             */
            renewal_date: string & unknown;
            annual_value?: number | null;
            /**
             * @description computed from the dates when absent
             * @enum {string}
             */
            status?: "ACTIVE" | "EXPIRING" | "EXPIRED" | "TERMINATED";
            currency?: string | null;
            notice_period_days?: number | null;
            /** @default false */
            auto_renew: boolean;
            document_id?: string | null;
        };
        ContractListInput: {
            data: components["schemas"]["ContractInput"][];
            meta: {
                total: number;
                page: number;
                per_page: number;
                /** @description present and false when total is a lower bound: more rows match than were counted */
                total_exact?: boolean;
            };
        };
        ApiKeyCreateRequestInput: {
            /** @description a label for the key, 1–100 characters */
            name: string;
            /** @description ISO 8601; the key stops working then */
            expires_at?: (string & unknown) | null;
            /** @description restricts the key to this organization */
            organization_id?: string | null;
        };
        ApiKeyInput: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description first characters of the key, safe to show */
            prefix: string;
            /** @enum {string} */
            status: "ACTIVE" | "REVOKED";
            organization_id: string | null;
            created_at: string;
            expires_at: string | null;
            last_used_at: string | null;
        };
        ApiKeyCreatedInput: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description first characters of the key, safe to show */
            prefix: string;
            /** @enum {string} */
            status: "ACTIVE" | "REVOKED";
            organization_id: string | null;
            created_at: string;
            expires_at: string | null;
            last_used_at: string | null;
            /** @description the plaintext key; shown only in this response */
            key: string;
        };
        AuditEntryInput: {
            /** Format: uuid */
            id: string;
            /** @description null for platform actions */
            organization_id: string | null;
            actor: {
                /** @enum {string} */
                type: "USER" | "API_KEY" | "PLUGIN" | "SYSTEM";
                user_id: string | null;
                email: string | null;
                api_key_id: string | null;
                plugin_id: string | null;
            };
            /** @description <resource>.<verb>, or "<METHOD> <route>" for calls audited by the HTTP layer */
            action: string;
            resource_type: string;
            resource_id: string | null;
            /** @description changed fields; secrets appear as [REDACTED] */
            changes: {
                [key: string]: unknown;
            };
            ip_address: string | null;
            user_agent: string | null;
            request_id: string | null;
            /** @description written in the transaction of the change */
            in_transaction: boolean;
            created_at: string;
        };
        ConsoleSessionInput: {
            /** Format: uuid */
            id: string;
            /** @description The session's bearer token (`dcs_…`), shown once: send it as `Authorization: Bearer <token>`. The web console keeps it in the tab's sessionStorage */
            token: string;
            /** @constant */
            token_type: "Bearer";
            /** @description When the session ends unless used: each request in the second half of the idle window moves it on */
            expires_at: string;
            /** @description When the session ends however much it is used (never after the credential it was opened with) */
            max_expires_at: string;
        };
        PublicJwkInput: {
            /** @constant */
            kty: "EC";
            /** @constant */
            crv: "P-256";
            /** @description the x coordinate, base64url */
            x: string;
            /** @description the y coordinate, base64url */
            y: string;
            kid: string;
            /**
             * @description decision 6: the local issuer signs ES256 JWTs
             * @constant
             */
            alg: "ES256";
            /** @constant */
            use: "sig";
        };
        JwksInput: {
            keys: components["schemas"]["PublicJwkInput"][];
        };
        BenchmarkRunInput: {
            /** Format: uuid */
            id: string;
            /** @description plugin version the run used */
            version: number;
            /** @enum {string} */
            status: "RUNNING" | "SUCCEEDED" | "FAILED";
            /** @description schedule, extraction or manual */
            trigger: string;
            /** @description documents with a target label */
            documents: number;
            /** @description documents score() did not skip */
            scored: number;
            flagged: number;
            error: string | null;
            /** @description milliseconds per phase */
            timings: {
                [key: string]: number;
            };
            started_at: string;
            finished_at: string | null;
        };
        BenchmarkInput: {
            /**
             * Format: uuid
             * @description the benchmark plugin id
             */
            id: string;
            /** @description the benchmark class attribute name */
            name: string;
            plugin_name: string;
            /** @description current plugin version */
            version: number;
            metric_unit: string | null;
            target_labels: string[];
            group_by: string[];
            match_rules: {
                name: string;
                left_group: string[];
                right_group: string[];
                conditions: {
                    left_field: string;
                    right_field: string;
                    match_type: string;
                }[];
            }[];
            latest_run: components["schemas"]["BenchmarkRunInput"] | null;
            /** @description end of the latest successful run, whose values follow */
            computed_at: string | null;
            computed_version: number | null;
            /** @description latest value per group */
            values: {
                /** @description {group_by field: value}; {} without group_by */
                group: {
                    [key: string]: unknown;
                };
                /** @description compute() of the group */
                value: number;
                documents: number;
                flagged: number;
            }[];
        };
        BenchmarkListInput: {
            data: components["schemas"]["BenchmarkInput"][];
            meta: {
                total: number;
                page: number;
                per_page: number;
                /** @description present and false when total is a lower bound: more rows match than were counted */
                total_exact?: boolean;
            };
        };
        BenchmarkRunListInput: {
            data: components["schemas"]["BenchmarkRunInput"][];
            meta: {
                total: number;
                page: number;
                per_page: number;
                /** @description present and false when total is a lower bound: more rows match than were counted */
                total_exact?: boolean;
            };
        };
        BenchmarkScoreInput: {
            /** Format: uuid */
            document_id: string;
            filename: string;
            /** @description score() of the document, in the benchmark's metric_unit */
            score: number;
            /** @description {group_by field: value} of the document */
            group: {
                [key: string]: unknown;
            };
            /** @description compute() of the document's group */
            benchmark_value: number;
            flagged: boolean;
        };
        BenchmarkScoreListInput: {
            /** @description the latest successful run the scores come from */
            run: components["schemas"]["BenchmarkRunInput"] | null;
            /** @description highest score first */
            data: components["schemas"]["BenchmarkScoreInput"][];
            meta: {
                total: number;
                page: number;
                per_page: number;
                /** @description present and false when total is a lower bound: more rows match than were counted */
                total_exact?: boolean;
            };
        };
        DocumentBenchmarkScoreInput: {
            /** @description the benchmark run name */
            benchmark: string;
            /**
             * Format: uuid
             * @description the benchmark plugin
             */
            plugin_id: string;
            /** @description the plugin's version the run used */
            version: number;
            metric_unit: string | null;
            /** @description score() of the document, in the benchmark's metric_unit */
            score: number;
            /** @description {group_by field: value} of the document */
            group: {
                [key: string]: unknown;
            };
            /** @description compute() of the document's group */
            benchmark_value: number;
            flagged: boolean;
            /** Format: uuid */
            run_id: string;
            /** @description when the run finished (ISO 8601) */
            computed_at: string | null;
        };
        DocumentInput: {
            /** Format: uuid */
            id: string;
            filename: string;
            mime_type: string | null;
            size_bytes: number;
            sha256: string;
            source_id: string | null;
            parent_document_id: string | null;
            /** @enum {string} */
            status: "RECEIVED" | "PROCESSING" | "PROCESSED" | "FAILED";
            /** @description the step running, or the one that failed */
            step: ("parse" | "classify" | "extract" | "derive") | null;
            error: string | null;
            attempts: number;
            metadata: {
                [key: string]: unknown;
            };
            /** @description label names on the chosen path, root first */
            labels: string[];
            labels_confirmed: boolean;
            /** @description the probability that `labels` is right: 1 once a person confirmed them, else the product of the classification levels' reported probabilities; null when unknown (not classified, a level without a probability, or stopped short of a leaf). Sort `label_confidence,asc` lists the least sure first (unknown first): the review order (docs/pipeline.md#the-review-order) */
            label_confidence: number | null;
            llm_suggested: string | null;
            classification_trace: {
                level: number;
                available_labels: string[];
                returned: string | null;
                /** @enum {string} */
                outcome: "CONTINUE" | "LEAF" | "LLM_SUGGESTED" | "SUGGESTION";
                /** @description the plugin's confidence at this level; null when it reported none */
                decision: components["schemas"]["ClassificationDecisionInput"] | null;
            }[];
            ontology_version: number | null;
            extraction: {
                data: {
                    [key: string]: unknown;
                };
                llm_fields: string[];
                document_type: string | null;
                evidence: {
                    [key: string]: {
                        start: number;
                        end: number;
                        page: number | null;
                        text: string;
                        /** @description id of the extractor rule that produced the value (e.g. "term.clause", "notice_period.stops_renewal"; the built-in rules are listed in plugins/service_builtins/extraction/rulebook); absent when the plugin names none */
                        rule?: string;
                    }[];
                };
                /** @description per extracted field, the probability in [0, 1] that the value is right, as the plugin estimates it */
                confidence: {
                    [key: string]: number;
                };
                /** @description requested fields the extraction plugin cannot read (and no LLM answered) */
                unsupported_fields: string[];
                plugin: string;
                /** @description fields corrected in review (PATCH …/extraction), by field name */
                corrections: {
                    [key: string]: {
                        /** @description the corrected value (also in `data`); null when cleared */
                        value: unknown;
                        /** @description what the extraction plugin read; null when nothing */
                        original: unknown;
                        corrected_by: string | null;
                        corrected_by_email: string | null;
                        corrected_at: string;
                    };
                };
            } | null;
            contract_id: string | null;
            /** @description the document's score in the latest successful run of each benchmark */
            benchmark_scores: components["schemas"]["DocumentBenchmarkScoreInput"][];
            /** @description milliseconds per pipeline step of the last run */
            step_timings: {
                [key: string]: number;
            };
            created_at: string;
            processed_at: string | null;
            /** @description present when the list was searched with `q` */
            search?: {
                /** @description ts_rank_cd relevance; higher is better */
                rank: number;
                /** @description HTML-escaped excerpts around the matches, each match in <mark>…</mark> */
                snippet: string;
            };
        };
        UploadedDocumentInput: {
            /** Format: uuid */
            id: string;
            filename: string;
            mime_type: string | null;
            size_bytes: number;
            sha256: string;
            source_id: string | null;
            parent_document_id: string | null;
            /** @enum {string} */
            status: "RECEIVED" | "PROCESSING" | "PROCESSED" | "FAILED";
            /** @description the step running, or the one that failed */
            step: ("parse" | "classify" | "extract" | "derive") | null;
            error: string | null;
            attempts: number;
            metadata: {
                [key: string]: unknown;
            };
            /** @description label names on the chosen path, root first */
            labels: string[];
            labels_confirmed: boolean;
            /** @description the probability that `labels` is right: 1 once a person confirmed them, else the product of the classification levels' reported probabilities; null when unknown (not classified, a level without a probability, or stopped short of a leaf). Sort `label_confidence,asc` lists the least sure first (unknown first): the review order (docs/pipeline.md#the-review-order) */
            label_confidence: number | null;
            llm_suggested: string | null;
            classification_trace: {
                level: number;
                available_labels: string[];
                returned: string | null;
                /** @enum {string} */
                outcome: "CONTINUE" | "LEAF" | "LLM_SUGGESTED" | "SUGGESTION";
                /** @description the plugin's confidence at this level; null when it reported none */
                decision: components["schemas"]["ClassificationDecisionInput"] | null;
            }[];
            ontology_version: number | null;
            extraction: {
                data: {
                    [key: string]: unknown;
                };
                llm_fields: string[];
                document_type: string | null;
                evidence: {
                    [key: string]: {
                        start: number;
                        end: number;
                        page: number | null;
                        text: string;
                        /** @description id of the extractor rule that produced the value (e.g. "term.clause", "notice_period.stops_renewal"; the built-in rules are listed in plugins/service_builtins/extraction/rulebook); absent when the plugin names none */
                        rule?: string;
                    }[];
                };
                /** @description per extracted field, the probability in [0, 1] that the value is right, as the plugin estimates it */
                confidence: {
                    [key: string]: number;
                };
                /** @description requested fields the extraction plugin cannot read (and no LLM answered) */
                unsupported_fields: string[];
                plugin: string;
                /** @description fields corrected in review (PATCH …/extraction), by field name */
                corrections: {
                    [key: string]: {
                        /** @description the corrected value (also in `data`); null when cleared */
                        value: unknown;
                        /** @description what the extraction plugin read; null when nothing */
                        original: unknown;
                        corrected_by: string | null;
                        corrected_by_email: string | null;
                        corrected_at: string;
                    };
                };
            } | null;
            contract_id: string | null;
            /** @description the document's score in the latest successful run of each benchmark */
            benchmark_scores: components["schemas"]["DocumentBenchmarkScoreInput"][];
            /** @description milliseconds per pipeline step of the last run */
            step_timings: {
                [key: string]: number;
            };
            created_at: string;
            processed_at: string | null;
            /** @description present when the list was searched with `q` */
            search?: {
                /** @description ts_rank_cd relevance; higher is better */
                rank: number;
                /** @description HTML-escaped excerpts around the matches, each match in <mark>…</mark> */
                snippet: string;
            };
            /** @description true when the same bytes were already a document of the organization */
            duplicate: boolean;
        };
        ConfirmLabelsRequestInput: {
            /** @description a path of the ontology, root first */
            labels: string[];
        };
        DocumentTextInput: {
            text: string;
            pages: string[];
            /** @description null when every page had a text layer */
            ocr: {
                engine: string;
                languages: string;
                /** @description 1-based pages whose text came from OCR */
                pages: number[];
                /** @description mean word confidence 0–100 per OCRed page */
                confidence: {
                    [key: string]: number;
                };
                mean_confidence: number | null;
                /** @description pages without text beyond SERVICE_OCR_MAX_PAGES */
                skipped_pages: number[];
                /** @description pages without text not OCRed because their image is blank (absent in documents parsed before this check) */
                blank_pages?: number[];
            } | null;
            /** @description an email's attachments and what became of each; empty for other kinds */
            attachments: {
                filename: string;
                /** @description the attachment's document; null when it was refused */
                document_id: string | null;
                /** @description why it was refused (type not accepted, too large, a quota) */
                error: string | null;
            }[];
        };
        OrganizationExportInput: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            /** @enum {string} */
            status: "PENDING" | "RUNNING" | "SUCCEEDED" | "FAILED";
            size_bytes: number | null;
            /** @description manifest records per type */
            counts: {
                [key: string]: number;
            };
            error: string | null;
            created_at: string;
            finished_at: string | null;
            /** @description the archive is deleted after this */
            expires_at: string | null;
            download_url: string | null;
        };
        ExtractionRuleSummaryInput: {
            id: string;
            /** @description the extraction field the rule serves, or `shared` */
            field: string;
            /** @description the language of its words: `en`, `de`, `fr`, or `any` (neutral) */
            language: string;
            /** @description what the rule is for, in one line */
            doc: string;
        };
        ExtractionRuleInput: {
            id: string;
            /** @description the extraction field the rule serves, or `shared` */
            field: string;
            /** @description the language of its words: `en`, `de`, `fr`, or `any` (neutral) */
            language: string;
            /** @description what the rule is for, in one line */
            doc: string;
            /** @description what turns a match into a value (`span`: the matched text) */
            production: string;
            /** @description texts the rule must match (checked by the rule book tests) */
            examples: {
                /** @description a text the rule finds a match in */
                text: string;
                /** @description what the rule makes of the match, when the example says */
                value?: unknown;
            }[];
            /** @description texts the rule must not match */
            counterexamples: string[];
            /** @description rows of docs/decisions.md the rule comes from */
            decisions: number[];
            /** @description its file in the rule book, e.g. `en/notice.toml` */
            source: string;
        };
        OrganizationInput: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @enum {string} */
            kind: "PERSONAL" | "TEAM";
            parent_id: string | null;
            created_at: string;
            deleted_at: string | null;
        };
        OrganizationCreateRequestInput: {
            name: string;
            /** @description derived from the name when absent; unique */
            slug?: string;
            /** @description parent organization; you must be its OWNER or ADMIN */
            parent_id?: string | null;
        };
        OrganizationUpdateRequestInput: {
            name: string;
        };
        UpdateOrganizationRequestInput: {
            name?: string;
            slug?: string;
            /** @description move under another organization; null makes it a root */
            parent_id?: string | null;
        };
        OrganizationTreeInput: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @enum {string} */
            kind: "PERSONAL" | "TEAM";
            parent_id: string | null;
            created_at: string;
            deleted_at: string | null;
            children: components["schemas"]["OrganizationTreeInput"][];
        };
        OrganizationIdentityInput: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            /** @enum {string} */
            kind: "LEGAL_NAME" | "DOMAIN" | "TAX_ID" | "EMAIL_DOMAIN";
            value: string;
            primary: boolean;
            created_at: string;
        };
        OrganizationIdentityCreateRequestInput: {
            /** @enum {string} */
            kind: "LEGAL_NAME" | "DOMAIN" | "TAX_ID" | "EMAIL_DOMAIN";
            value: string;
            primary?: boolean;
        };
        OrganizationIdentityUpdateRequestInput: {
            /** @enum {string} */
            kind?: "LEGAL_NAME" | "DOMAIN" | "TAX_ID" | "EMAIL_DOMAIN";
            value?: string;
            primary?: boolean;
        };
        /** @description null = unlimited */
        OrganizationQuotasDtoInput: {
            max_documents_per_month: number | null;
            max_storage_bytes: number | null;
            max_sources: number | null;
            max_plugins: number | null;
            max_members: number | null;
            api_requests_per_minute: number | null;
        };
        /** @description null limit = unlimited */
        OrganizationQuotasWithUsageInput: {
            max_documents_per_month: number | null;
            max_storage_bytes: number | null;
            max_sources: number | null;
            max_plugins: number | null;
            max_members: number | null;
            api_requests_per_minute: number | null;
            /** @description current use: documents since the first of the month (UTC), stored bytes, counted items */
            usage: {
                documents_this_month: number;
                storage_bytes: number;
                sources: number;
                plugins: number;
                members: number;
            };
        };
        ChosenPluginInput: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description its current version, which the pipeline runs */
            version: number;
            /** @enum {string} */
            status: "ENABLED" | "DISABLED";
            /** @description true while the pipeline refuses to run it (docs/plugins.md) */
            quarantined: boolean;
        };
        OrganizationSettingsDtoInput: {
            classification_plugin_id: string | null;
            extraction_plugin_id: string | null;
            renewal_alert_days: number[];
            timezone: string;
            email_forwarding_enabled: boolean;
            /**
             * @description What forwarded mail must pass: ALLOWLIST_AND_DMARC (default) accepts it when its From address is on the allowlist and its domain authenticated it (DMARC: an aligned DKIM signature or SPF pass); ALLOWLIST_ONLY accepts an allowlisted envelope or From address without checking (docs/sources.md). A message that fails is quarantined in the email-forwarding audit.
             * @enum {string}
             */
            email_forwarding_sender_policy: "ALLOWLIST_AND_DMARC" | "ALLOWLIST_ONLY";
            /** @description the plugin of classification_plugin_id (read-only); null for the built-in classifier */
            classification_plugin: components["schemas"]["ChosenPluginInput"] | null;
            /** @description the plugin of extraction_plugin_id (read-only); null for the built-in extractor */
            extraction_plugin: components["schemas"]["ChosenPluginInput"] | null;
        };
        MembershipInput: {
            /** Format: uuid */
            organization_id: string;
            /** Format: uuid */
            user_id: string;
            /** @enum {string} */
            role: "OWNER" | "ADMIN" | "MEMBER";
            created_at: string;
        };
        MembershipWithOrganizationInput: {
            /** Format: uuid */
            organization_id: string;
            /** Format: uuid */
            user_id: string;
            /** @enum {string} */
            role: "OWNER" | "ADMIN" | "MEMBER";
            created_at: string;
            organization: components["schemas"]["OrganizationInput"];
        };
        InvitationInput: {
            /** Format: uuid */
            id: string;
            email: string;
            /** Format: uuid */
            organization_id: string;
            /** @enum {string} */
            role: "ADMIN" | "MEMBER";
            /** @enum {string} */
            status: "PENDING" | "ACCEPTED" | "REJECTED" | "REVOKED" | "EXPIRED";
            expires_at: string;
            created_at: string;
        };
        InvitationDetailsInput: {
            /** Format: uuid */
            id: string;
            email: string;
            /** Format: uuid */
            organization_id: string;
            /** @enum {string} */
            role: "ADMIN" | "MEMBER";
            /** @enum {string} */
            status: "PENDING" | "ACCEPTED" | "REJECTED" | "REVOKED" | "EXPIRED";
            expires_at: string;
            created_at: string;
            organization: {
                /** Format: uuid */
                id: string;
                name: string;
                slug: string;
            };
        };
        CreateInvitationRequestInput: {
            /** Format: email */
            email: string;
            /**
             * @default MEMBER
             * @enum {string}
             */
            role: "ADMIN" | "MEMBER";
            /**
             * Format: uuid
             * @description default: the active organization
             */
            organization_id?: string;
        };
        MarketplaceLinkRequestInput: {
            entitlement_id: string;
        };
        MarketplaceLinkByAccountRequestInput: {
            account_id: string;
        };
        MarketplaceEntitlementRegistrationInput: {
            entitlement_id: string;
            account_id: string;
            /** Format: email */
            email: string;
            /** @enum {string} */
            plan: "free" | "standard" | "enterprise";
            /**
             * @default ACTIVE
             * @enum {string}
             */
            status: "ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED";
            starts_at?: (string & unknown) | null;
            ends_at?: (string & unknown) | null;
        };
        MarketplaceEntitlementInput: {
            /** Format: uuid */
            id: string;
            entitlement_id: string;
            account_id: string;
            email: string;
            /** @enum {string} */
            plan: "free" | "standard" | "enterprise";
            /**
             * @description ACTIVE past ends_at reads EXPIRED
             * @enum {string}
             */
            status: "ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED";
            /**
             * @description the plan whose quotas apply: plan while ACTIVE, else free
             * @enum {string}
             */
            effective_plan: "free" | "standard" | "enterprise";
            starts_at: string | null;
            ends_at: string | null;
            organization_id: string | null;
            linked_at: string | null;
            created_at: string;
            updated_at: string;
        };
        MarketplaceSubscriptionInput: {
            /**
             * @description plan of the linked entitlement; free when none
             * @enum {string}
             */
            plan: "free" | "standard" | "enterprise";
            /** @description NONE when no entitlement is linked */
            status: ("ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED") | "NONE";
            /**
             * @description the plan whose quotas apply now
             * @enum {string}
             */
            effective_plan: "free" | "standard" | "enterprise";
            entitlement_id: string | null;
            account_id: string | null;
            starts_at: string | null;
            ends_at: string | null;
        };
        MemberInput: {
            /** Format: uuid */
            organization_id: string;
            /** Format: uuid */
            user_id: string;
            /** @enum {string} */
            role: "OWNER" | "ADMIN" | "MEMBER";
            created_at: string;
            user: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string | null;
            };
        };
        AddMemberRequestInput: {
            /** Format: uuid */
            user_id?: string;
            /** Format: email */
            email?: string;
            /**
             * @default MEMBER
             * @enum {string}
             */
            role: "ADMIN" | "MEMBER";
        };
        TransferOwnershipRequestInput: {
            /** Format: uuid */
            new_owner_id: string;
        };
        UpdateMemberRoleRequestInput: {
            /**
             * @description ownership moves only by transfer
             * @enum {string}
             */
            role: "ADMIN" | "MEMBER";
        };
        PluginCreateRequestInput: {
            /** @description unique in the organization, 1–100 characters */
            name: string;
            /** @description Python source of one plugin file (service_sdk); validated like `service validate` */
            code: string;
            /** @description free text shown to administrators */
            description?: string | null;
            /** @description values of the plugin’s configurable_parameters by parameter_name; each must match its parameter_type (str, int, float, bool) */
            configs?: {
                [key: string]: unknown;
            };
        };
        PluginUpdateRequestInput: {
            /** @description unique in the organization, 1–100 characters */
            name?: string;
            /** @description new source; stored as a new version when accepted */
            code?: string;
            /** @description free text shown to administrators */
            description?: string | null;
            enabled?: boolean;
            /** @description replaces the configs of the current version (stored as a new version) */
            configs?: {
                [key: string]: unknown;
            };
        };
        ConfigurableParameterInput: {
            parameter_name: string;
            /** @description str, int, float or bool */
            parameter_type: string;
            default_value: unknown;
            description: string;
        };
        /** @description class attributes read when the code was loaded; empty for CLASSIFICATION and EXTRACTION */
        PluginAttributesInput: {
            /** @description SOURCE: unique source identifier */
            source_type?: string;
            /** @description SOURCE: credential field names */
            credential_fields?: string[];
            /** @description SOURCE: name of the state model class */
            source_state_model?: string;
            /** @description BENCHMARK: unique benchmark identifier */
            name?: string;
            /** @description BENCHMARK: labels it applies to */
            target_labels?: string[];
            /** @description BENCHMARK: unit of measurement */
            metric_unit?: string;
            /** @description BENCHMARK: field names to group by */
            group_by?: string[];
            /** @description BENCHMARK: MATCH_RULES */
            match_rules?: {
                name: string;
                left_group: string[];
                right_group: string[];
                conditions: {
                    left_field: string;
                    right_field: string;
                    match_type: string;
                }[];
            }[];
        };
        PluginInput: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description read from the base class
             * @enum {string}
             */
            type: "SOURCE" | "CLASSIFICATION" | "EXTRACTION" | "BENCHMARK";
            class_name: string;
            /** @description current version: 1, then +1 on each accepted change of code or configs */
            version: number;
            /** @enum {string} */
            status: "ENABLED" | "DISABLED";
            description: string | null;
            configurable_parameters: components["schemas"]["ConfigurableParameterInput"][];
            /** @description configs of the current version */
            configs: {
                [key: string]: unknown;
            };
            attributes: components["schemas"]["PluginAttributesInput"];
            /** @description SHA-256 (hex) of the current version’s code */
            sha256: string;
            /** @description set when the plugin kept breaking the runtime protocol (oversize or malformed output); documents needing it fail with quarantine_reason until new code is uploaded or DELETE /plugins/{id}/quarantine lifts it */
            quarantined_at: string | null;
            quarantine_reason: string | null;
            /** @description ISO 8601 UTC timestamp */
            created_at: string;
            /** @description ISO 8601 UTC timestamp */
            updated_at: string;
        };
        PluginDetailInput: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description read from the base class
             * @enum {string}
             */
            type: "SOURCE" | "CLASSIFICATION" | "EXTRACTION" | "BENCHMARK";
            class_name: string;
            /** @description current version: 1, then +1 on each accepted change of code or configs */
            version: number;
            /** @enum {string} */
            status: "ENABLED" | "DISABLED";
            description: string | null;
            configurable_parameters: components["schemas"]["ConfigurableParameterInput"][];
            /** @description configs of the current version */
            configs: {
                [key: string]: unknown;
            };
            attributes: components["schemas"]["PluginAttributesInput"];
            /** @description SHA-256 (hex) of the current version’s code */
            sha256: string;
            /** @description set when the plugin kept breaking the runtime protocol (oversize or malformed output); documents needing it fail with quarantine_reason until new code is uploaded or DELETE /plugins/{id}/quarantine lifts it */
            quarantined_at: string | null;
            quarantine_reason: string | null;
            /** @description ISO 8601 UTC timestamp */
            created_at: string;
            /** @description ISO 8601 UTC timestamp */
            updated_at: string;
            /** @description source of the current version */
            code: string;
        };
        PluginVersionInput: {
            version: number;
            sha256: string;
            /** @description ISO 8601 UTC timestamp */
            created_at: string;
            /** @description user who submitted this version */
            created_by: string | null;
        };
        PluginVersionDetailInput: {
            version: number;
            sha256: string;
            /** @description ISO 8601 UTC timestamp */
            created_at: string;
            /** @description user who submitted this version */
            created_by: string | null;
            code: string;
            class_name: string | null;
            configs: {
                [key: string]: unknown;
            };
            configurable_parameters: components["schemas"]["ConfigurableParameterInput"][];
            attributes: components["schemas"]["PluginAttributesInput"];
        };
        PluginCodeErrorInput: {
            /** @description line in the submitted source; null for whole-file errors */
            line: number | null;
            /** @description rule identifier, e.g. MissingMethod, InvalidBaseClass, WrongReturnType */
            error_type: string;
            message: string;
            /** @description remediation hint, often a code snippet */
            fix_suggestion: string;
            /** @description link into the reference, or null */
            documentation: string | null;
        };
        InvalidPluginCodeInput: {
            error: {
                /** @constant */
                code: "INVALID_PLUGIN_CODE";
                /** @description human-readable summary */
                message: string;
                /** @description one entry per failed rule */
                errors: components["schemas"]["PluginCodeErrorInput"][];
            };
        };
        PluginEventRunAttemptInput: {
            /** @description ISO 8601 UTC timestamp */
            at: string;
            /** @description what handle_event answered, `{"handled": [method names]}`; the stored text when it is not valid JSON (truncated to 2 KB); null when the attempt failed */
            result: unknown;
            /** @description `<error_type>: <message>` of a failed run, e.g. PluginException */
            error: string | null;
            /** @description `level: message` lines the handlers logged, at most 8 KB */
            logs: string | null;
            duration_ms: number;
        };
        PluginEventRunInput: {
            /**
             * Format: uuid
             * @description UUID of the delivery of the event to the plugin
             */
            id: string;
            /** Format: uuid */
            event_id: string;
            event_type: string;
            /** @description the plugin version whose handlers run */
            plugin_version: number | null;
            /**
             * @description PENDING while a retry is due
             * @enum {string}
             */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            attempt_count: number;
            /** @description when the next attempt is due (PENDING only) */
            next_attempt_at: string | null;
            last_attempt_at: string | null;
            /** @description ISO 8601 UTC timestamp */
            created_at: string;
            /** @description oldest first */
            attempts: components["schemas"]["PluginEventRunAttemptInput"][];
        };
        PromptPutRequestInput: {
            /** @description the prompt text, 1–100000 characters, stored verbatim */
            text: string;
        };
        PromptInput: {
            prompt_id: string;
            /** @description version number, from 1 */
            version: number;
            text: string;
            /** @description when this version was stored (ISO 8601 UTC) */
            created_at: string;
        };
        PromptSummaryInput: {
            prompt_id: string;
            /** @description the latest version */
            version: number;
            /** @description when the latest version was stored (ISO 8601 UTC) */
            updated_at: string;
        };
        PromptVersionInput: {
            prompt_id: string;
            /** @description version number, from 1 */
            version: number;
            /** @description when this version was stored (ISO 8601 UTC) */
            created_at: string;
        };
        CorrectExtractionRequestInput: {
            /** @description field name → corrected value in the field's dtype (date `YYYY-MM-DD`, money `{amount, currency}`, duration `{value, unit}` or `P90D`, list[string] an array); null clears the field */
            data: {
                [key: string]: unknown;
            };
        };
        SavedViewCreateRequestInput: {
            name: string;
            /** @default {} */
            query: {
                /** @description full-text query (docs/search.md) */
                q?: string;
                /** @enum {string} */
                status?: "RECEIVED" | "PROCESSING" | "PROCESSED" | "FAILED";
                label?: string;
                /**
                 * Format: uuid
                 * @description documents of this source connection
                 */
                source_id?: string;
                /** @enum {string} */
                sort?: "created_at" | "filename" | "status" | "label_confidence";
                /** @enum {string} */
                dir?: "asc" | "desc";
            };
            /**
             * @description shown in this order
             * @default [
             *       "filename",
             *       "status",
             *       "labels",
             *       "label_confidence",
             *       "fields",
             *       "confidence",
             *       "created_at"
             *     ]
             */
            columns: ("filename" | "status" | "labels" | "label_confidence" | "fields" | "confidence" | "created_at")[];
            /** @default true */
            show_in_sidebar: boolean;
            /**
             * @default documents
             * @enum {string}
             */
            resource: "documents";
        };
        SavedViewUpdateRequestInput: {
            name: string;
            /** @default {} */
            query: {
                /** @description full-text query (docs/search.md) */
                q?: string;
                /** @enum {string} */
                status?: "RECEIVED" | "PROCESSING" | "PROCESSED" | "FAILED";
                label?: string;
                /**
                 * Format: uuid
                 * @description documents of this source connection
                 */
                source_id?: string;
                /** @enum {string} */
                sort?: "created_at" | "filename" | "status" | "label_confidence";
                /** @enum {string} */
                dir?: "asc" | "desc";
            };
            /**
             * @description shown in this order
             * @default [
             *       "filename",
             *       "status",
             *       "labels",
             *       "label_confidence",
             *       "fields",
             *       "confidence",
             *       "created_at"
             *     ]
             */
            columns: ("filename" | "status" | "labels" | "label_confidence" | "fields" | "confidence" | "created_at")[];
            /** @default true */
            show_in_sidebar: boolean;
        };
        SavedViewInput: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            resource: "documents";
            /** @description the filters and sort of the list (`q`, `status`, `label`, `source_id`, `sort`, `dir`) */
            query: {
                [key: string]: string;
            };
            columns: ("filename" | "status" | "labels" | "label_confidence" | "fields" | "confidence" | "created_at")[];
            show_in_sidebar: boolean;
            created_at: string;
            updated_at: string;
        };
        SourceConfigsInput: {
            /** @description glob patterns of files the sync skips (not downloaded, no document), matched case-sensitively against the path relative to the source ("folder/name"); a pattern without "/" matches the name in any folder (docs/sources.md "Ignoring files") */
            ignore_patterns?: string[];
            /** @description false: do not also skip operating-system and editor junk (.DS_Store, Thumbs.db, ~$ lock files, ...); default true */
            ignore_defaults?: boolean;
        } & {
            [key: string]: unknown;
        };
        ReconnectRequestInput: {
            /** Format: uri */
            redirect_uri?: string;
        };
        UserProfileInput: {
            /** Format: uuid */
            id: string;
            email: string;
            name: string | null;
            is_system_admin: boolean;
            default_organization_id: string | null;
            roles: {
                /** @description null for the platform-wide SYSTEM_ADMIN role */
                organization_id: string | null;
                /** @enum {string} */
                role: "OWNER" | "ADMIN" | "MEMBER" | "SYSTEM_ADMIN";
            }[];
            created_at: string;
            deleted_at: string | null;
        };
        CreateUserRequestInput: {
            /** Format: email */
            email: string;
            name?: string | null;
            /**
             * @description role in the active organization
             * @default MEMBER
             * @enum {string}
             */
            role: "ADMIN" | "MEMBER";
        };
        UserUpdateRequestInput: {
            name?: string | null;
            /** @description organization used when no X-Organization-Id is sent */
            default_organization_id?: string | null;
        };
        UpdateUserRequestInput: {
            name?: string | null;
            /**
             * @description role in the active organization
             * @enum {string}
             */
            role?: "ADMIN" | "MEMBER";
        };
        WebhookCreateRequestInput: {
            /**
             * Format: uri
             * @description where events are POSTed; https recommended. Private and loopback addresses are refused unless allowed. No user name or password in it: requests are authenticated by their signature
             */
            url: string;
            /** @description event types to receive (api-decisions §4), or ["*"] for all: document.received, document.classified, document.extracted, document.failed, contract.created, contract.updated, contract.renewal_upcoming, benchmark.computed, benchmark.flagged, alert.created, alert.updated, source.sync_completed, source.requires_reauthorization */
            event_types: ("document.received" | "document.classified" | "document.extracted" | "document.failed" | "contract.created" | "contract.updated" | "contract.renewal_upcoming" | "benchmark.computed" | "benchmark.flagged" | "alert.created" | "alert.updated" | "source.sync_completed" | "source.requires_reauthorization" | "*")[];
            /** @description a note for people, at most 500 characters */
            description?: string | null;
        };
        WebhookUpdateRequestInput: {
            /**
             * Format: uri
             * @description where events are POSTed; https recommended. Private and loopback addresses are refused unless allowed. No user name or password in it: requests are authenticated by their signature
             */
            url?: string;
            /** @description event types to receive (api-decisions §4), or ["*"] for all: document.received, document.classified, document.extracted, document.failed, contract.created, contract.updated, contract.renewal_upcoming, benchmark.computed, benchmark.flagged, alert.created, alert.updated, source.sync_completed, source.requires_reauthorization */
            event_types?: ("document.received" | "document.classified" | "document.extracted" | "document.failed" | "contract.created" | "contract.updated" | "contract.renewal_upcoming" | "benchmark.computed" | "benchmark.flagged" | "alert.created" | "alert.updated" | "source.sync_completed" | "source.requires_reauthorization" | "*")[];
            /** @description a note for people, at most 500 characters */
            description?: string | null;
            /** @description true re-enables a disabled endpoint and clears disabled_reason */
            enabled?: boolean;
        };
        WebhookInput: {
            /** Format: uuid */
            id: string;
            url: string;
            event_types: string[];
            description: string | null;
            enabled: boolean;
            /** @description why the endpoint was disabled (410 Gone, sustained failure, a user) */
            disabled_reason: string | null;
            disabled_at: string | null;
            /** @description first failed attempt since the last success */
            failing_since: string | null;
            created_at: string;
            updated_at: string;
        };
        WebhookWithSecretInput: {
            /** Format: uuid */
            id: string;
            url: string;
            event_types: string[];
            description: string | null;
            enabled: boolean;
            /** @description why the endpoint was disabled (410 Gone, sustained failure, a user) */
            disabled_reason: string | null;
            disabled_at: string | null;
            /** @description first failed attempt since the last success */
            failing_since: string | null;
            created_at: string;
            updated_at: string;
            /** @description the signing secret (whsec_…, Standard Webhooks); shown only in this response */
            secret: string;
        };
        WebhookDeliveryAttemptInput: {
            at: string;
            /** @description HTTP status, null when no response arrived */
            response_status: number | null;
            /** @description the response body, truncated to 2 KB */
            response_body: string | null;
            /** @description network error, time-out or SSRF refusal */
            error: string | null;
            duration_ms: number;
        };
        WebhookDeliveryInput: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            webhook_id: string;
            /** Format: uuid */
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            attempt_count: number;
            /** @description when the next attempt is due (PENDING only) */
            next_attempt_at: string | null;
            last_attempt_at: string | null;
            created_at: string;
            /** @description oldest first */
            attempts: components["schemas"]["WebhookDeliveryAttemptInput"][];
        };
        WebhookRetryAcceptedInput: {
            /** Format: uuid */
            id: string;
            /** @constant */
            status: "PENDING";
            next_attempt_at: string;
        };
        ClassificationDecision: {
            /** @description the best label the plugin considered, also when it abstained */
            label: string | null;
            /** @description that label's probability in [0, 1], as the plugin estimates it */
            probability: number;
            /** @description the second-best label */
            runner_up: string | null;
            runner_up_probability: number | null;
            /** @description the terms that weighed most for the label, strongest first */
            evidence: string[];
            /** @description why the plugin returned None (e.g. "no evidence", "small margin"); null when it answered */
            abstention_reason: string | null;
        };
        Alert: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "contract.renewal_upcoming" | "benchmark.flagged";
            /** @enum {string} */
            status: "OPEN" | "ACKNOWLEDGED" | "SNOOZED" | "RESOLVED" | "DISMISSED";
            title: string;
            contract_id: string | null;
            document_id: string | null;
            /** @description renewal alerts: days before the notice deadline */
            threshold_days: number | null;
            /** @description renewal alerts: the notice deadline (YYYY-MM-DD) */
            due_date: string | null;
            data: {
                [key: string]: unknown;
            };
            snoozed_until: string | null;
            note: string | null;
            created_at: string;
            updated_at: string;
        };
        AlertUpdateRequest: {
            /** @enum {string} */
            status?: "OPEN" | "ACKNOWLEDGED" | "SNOOZED" | "RESOLVED" | "DISMISSED";
            /** @description required with status SNOOZED; must be in the future */
            snoozed_until?: (string & unknown) | null;
            note?: string | null;
        };
        AlertList: {
            data: components["schemas"]["Alert"][];
            meta: {
                total: number;
                page: number;
                per_page: number;
                /** @description present and false when total is a lower bound: more rows match than were counted */
                total_exact?: boolean;
            };
        };
        OntologyLabel: {
            name: string;
            /** @default  */
            description: string;
            /** @default [] */
            keywords: string[];
            /** @default [] */
            fields: {
                name: string;
                /** @enum {string} */
                dtype: "string" | "number" | "integer" | "boolean" | "date" | "money" | "duration" | "list[string]";
                /** @default  */
                description: string;
            }[];
            /** @default [] */
            children: components["schemas"]["OntologyLabel"][];
        };
        Ontology: {
            /** @description returned; ignored on PUT */
            version: number;
            labels: components["schemas"]["OntologyLabel"][];
        };
        OntologyReportWarning: {
            /**
             * @description docs/pipeline.md "The ontology report"
             * @enum {string}
             */
            code: "same_type_as_sibling" | "maps_to_nothing" | "generic_name" | "description_contradicts_name" | "meaning_differs";
            label: string;
            /** @description what is wrong and what to do, in a sentence */
            message: string;
            /** @description the other labels concerned (e.g. the sibling of the same kind) */
            related: string[];
        };
        OntologyReport: {
            /** @description the ontology version reported on */
            version: number;
            labels: {
                name: string;
                /** @description root first */
                path: string[];
                /** @description the knowledge-base kinds the label is read as, best first */
                types: {
                    type: string;
                    score: number;
                }[];
                /** @description below the root: the kind the label's words read as a sentence are closest to (cosine similarity); null at the root */
                meaning: {
                    type: string;
                    similarity: number;
                } | null;
                warnings: components["schemas"]["OntologyReportWarning"][];
            }[];
            /** @description every label's warnings */
            warnings: components["schemas"]["OntologyReportWarning"][];
        };
        OntologyUpdateResponse: {
            /** @description returned; ignored on PUT */
            version: number;
            labels: components["schemas"]["OntologyLabel"][];
            /** @description with `?report=true` only: how the built-in classifier reads the saved labels; null when it could not be made */
            report?: components["schemas"]["OntologyReport"] | null;
        };
        OntologyUpdateRequest: {
            version?: number;
            labels: components["schemas"]["OntologyLabel"][];
        };
        LabelSuggestion: {
            /** Format: uuid */
            id: string;
            document_id: string | null;
            parent_path: string[];
            /** @description the label the plugin returned, null when it returned None */
            label: string | null;
            /** @enum {string} */
            reason: "NO_LABEL" | "LLM_SUGGESTED";
            /** @description the classification plugin's confidence at the level that asked for this suggestion */
            decision: components["schemas"]["ClassificationDecision"] | null;
            /** @enum {string} */
            status: "PENDING" | "ACCEPTED" | "REJECTED";
            created_at: string;
            resolved_at: string | null;
        };
        AcceptLabelSuggestionRequest: {
            /** @description label name; required when the suggestion has none */
            name?: string;
            description?: string;
            keywords?: string[];
        };
        Contract: {
            /** Format: uuid */
            id: string;
            /** @description the counterparty of the organization */
            vendor: string;
            /** @description the leaf label of the contract document (e.g. Supply), or as given */
            type: string;
            /** @description next end or renewal date, YYYY-MM-DD; null when unknown */
            renewal_date: string | null;
            /** @description value per year in `currency` */
            annual_value: number | null;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRING" | "EXPIRED" | "TERMINATED";
            /** @description ISO 4217 code */
            currency: string | null;
            notice_period_days: number | null;
            /** @description renewal_date − notice period, YYYY-MM-DD */
            notice_deadline: string | null;
            auto_renew: boolean;
            effective_date: string | null;
            /** @description end of the initial term as stated or computed */
            expiration_date: string | null;
            term: {
                value: number;
                /** @enum {string} */
                unit: "day" | "week" | "month" | "year";
            } | null;
            renewal_term: {
                value: number;
                /** @enum {string} */
                unit: "day" | "week" | "month" | "year";
            } | null;
            document_id: string | null;
            /** @enum {string} */
            origin: "DOCUMENT" | "MANUAL";
            version: number;
            created_at: string;
            updated_at: string;
        };
        ContractVersion: {
            version: number;
            /** @description CREATED, EXTRACTION, SCAN, DOCUMENT_DELETED (its document was deleted; the contract was entered by hand) */
            reason: string;
            document_id: string | null;
            created_at: string;
            /** @description the contract as it was at this version */
            contract: {
                [key: string]: unknown;
            };
        };
        ContractDetail: {
            /** Format: uuid */
            id: string;
            /** @description the counterparty of the organization */
            vendor: string;
            /** @description the leaf label of the contract document (e.g. Supply), or as given */
            type: string;
            /** @description next end or renewal date, YYYY-MM-DD; null when unknown */
            renewal_date: string | null;
            /** @description value per year in `currency` */
            annual_value: number | null;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRING" | "EXPIRED" | "TERMINATED";
            /** @description ISO 4217 code */
            currency: string | null;
            notice_period_days: number | null;
            /** @description renewal_date − notice period, YYYY-MM-DD */
            notice_deadline: string | null;
            auto_renew: boolean;
            effective_date: string | null;
            /** @description end of the initial term as stated or computed */
            expiration_date: string | null;
            term: {
                value: number;
                /** @enum {string} */
                unit: "day" | "week" | "month" | "year";
            } | null;
            renewal_term: {
                value: number;
                /** @enum {string} */
                unit: "day" | "week" | "month" | "year";
            } | null;
            document_id: string | null;
            /** @enum {string} */
            origin: "DOCUMENT" | "MANUAL";
            version: number;
            created_at: string;
            updated_at: string;
            /** @description every version, newest first */
            history: components["schemas"]["ContractVersion"][];
        };
        ContractCreateRequest: {
            vendor: string;
            type: string;
            /**
             * Format: date
             * @description end of the current term (YYYY-MM-DD); rolled forward yearly when auto_renew
             */
            renewal_date: string & unknown;
            annual_value?: number | null;
            /**
             * @description computed from the dates when absent
             * @enum {string}
             */
            status?: "ACTIVE" | "EXPIRING" | "EXPIRED" | "TERMINATED";
            currency?: unknown | null;
            notice_period_days?: number | null;
            /** @default false */
            auto_renew: boolean;
            document_id?: string | null;
        };
        ContractList: {
            data: components["schemas"]["Contract"][];
            meta: {
                total: number;
                page: number;
                per_page: number;
                /** @description present and false when total is a lower bound: more rows match than were counted */
                total_exact?: boolean;
            };
        };
        ApiKeyCreateRequest: {
            /** @description a label for the key, 1–100 characters */
            name: string;
            /** @description ISO 8601; the key stops working then */
            expires_at?: (string & unknown) | null;
            /** @description restricts the key to this organization */
            organization_id?: string | null;
        };
        ApiKey: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description first characters of the key, safe to show */
            prefix: string;
            /** @enum {string} */
            status: "ACTIVE" | "REVOKED";
            organization_id: string | null;
            created_at: string;
            expires_at: string | null;
            last_used_at: string | null;
        };
        ApiKeyCreated: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description first characters of the key, safe to show */
            prefix: string;
            /** @enum {string} */
            status: "ACTIVE" | "REVOKED";
            organization_id: string | null;
            created_at: string;
            expires_at: string | null;
            last_used_at: string | null;
            /** @description the plaintext key; shown only in this response */
            key: string;
        };
        AuditEntry: {
            /** Format: uuid */
            id: string;
            /** @description null for platform actions */
            organization_id: string | null;
            actor: {
                /** @enum {string} */
                type: "USER" | "API_KEY" | "PLUGIN" | "SYSTEM";
                user_id: string | null;
                email: string | null;
                api_key_id: string | null;
                plugin_id: string | null;
            };
            /** @description <resource>.<verb>, or "<METHOD> <route>" for calls audited by the HTTP layer */
            action: string;
            resource_type: string;
            resource_id: string | null;
            /** @description changed fields; secrets appear as [REDACTED] */
            changes: {
                [key: string]: unknown;
            };
            ip_address: string | null;
            user_agent: string | null;
            request_id: string | null;
            /** @description written in the transaction of the change */
            in_transaction: boolean;
            created_at: string;
        };
        ConsoleSession: {
            /** Format: uuid */
            id: string;
            /** @description The session's bearer token (`dcs_…`), shown once: send it as `Authorization: Bearer <token>`. The web console keeps it in the tab's sessionStorage */
            token: string;
            /** @constant */
            token_type: "Bearer";
            /** @description When the session ends unless used: each request in the second half of the idle window moves it on */
            expires_at: string;
            /** @description When the session ends however much it is used (never after the credential it was opened with) */
            max_expires_at: string;
        };
        PublicJwk: {
            /** @constant */
            kty: "EC";
            /** @constant */
            crv: "P-256";
            /** @description the x coordinate, base64url */
            x: string;
            /** @description the y coordinate, base64url */
            y: string;
            kid: string;
            /**
             * @description decision 6: the local issuer signs ES256 JWTs
             * @constant
             */
            alg: "ES256";
            /** @constant */
            use: "sig";
        };
        Jwks: {
            keys: components["schemas"]["PublicJwk"][];
        };
        BenchmarkRun: {
            /** Format: uuid */
            id: string;
            /** @description plugin version the run used */
            version: number;
            /** @enum {string} */
            status: "RUNNING" | "SUCCEEDED" | "FAILED";
            /** @description schedule, extraction or manual */
            trigger: string;
            /** @description documents with a target label */
            documents: number;
            /** @description documents score() did not skip */
            scored: number;
            flagged: number;
            error: string | null;
            /** @description milliseconds per phase */
            timings: {
                [key: string]: number;
            };
            started_at: string;
            finished_at: string | null;
        };
        Benchmark: {
            /**
             * Format: uuid
             * @description the benchmark plugin id
             */
            id: string;
            /** @description the benchmark class attribute name */
            name: string;
            plugin_name: string;
            /** @description current plugin version */
            version: number;
            metric_unit: string | null;
            target_labels: string[];
            group_by: string[];
            match_rules: {
                name: string;
                left_group: string[];
                right_group: string[];
                conditions: {
                    left_field: string;
                    right_field: string;
                    match_type: string;
                }[];
            }[];
            latest_run: components["schemas"]["BenchmarkRun"] | null;
            /** @description end of the latest successful run, whose values follow */
            computed_at: string | null;
            computed_version: number | null;
            /** @description latest value per group */
            values: {
                /** @description {group_by field: value}; {} without group_by */
                group: {
                    [key: string]: unknown;
                };
                /** @description compute() of the group */
                value: number;
                documents: number;
                flagged: number;
            }[];
        };
        BenchmarkList: {
            data: components["schemas"]["Benchmark"][];
            meta: {
                total: number;
                page: number;
                per_page: number;
                /** @description present and false when total is a lower bound: more rows match than were counted */
                total_exact?: boolean;
            };
        };
        BenchmarkRunList: {
            data: components["schemas"]["BenchmarkRun"][];
            meta: {
                total: number;
                page: number;
                per_page: number;
                /** @description present and false when total is a lower bound: more rows match than were counted */
                total_exact?: boolean;
            };
        };
        BenchmarkScore: {
            /** Format: uuid */
            document_id: string;
            filename: string;
            /** @description score() of the document, in the benchmark's metric_unit */
            score: number;
            /** @description {group_by field: value} of the document */
            group: {
                [key: string]: unknown;
            };
            /** @description compute() of the document's group */
            benchmark_value: number;
            flagged: boolean;
        };
        BenchmarkScoreList: {
            /** @description the latest successful run the scores come from */
            run: components["schemas"]["BenchmarkRun"] | null;
            /** @description highest score first */
            data: components["schemas"]["BenchmarkScore"][];
            meta: {
                total: number;
                page: number;
                per_page: number;
                /** @description present and false when total is a lower bound: more rows match than were counted */
                total_exact?: boolean;
            };
        };
        DocumentBenchmarkScore: {
            /** @description the benchmark run name */
            benchmark: string;
            /**
             * Format: uuid
             * @description the benchmark plugin
             */
            plugin_id: string;
            /** @description the plugin's version the run used */
            version: number;
            metric_unit: string | null;
            /** @description score() of the document, in the benchmark's metric_unit */
            score: number;
            /** @description {group_by field: value} of the document */
            group: {
                [key: string]: unknown;
            };
            /** @description compute() of the document's group */
            benchmark_value: number;
            flagged: boolean;
            /** Format: uuid */
            run_id: string;
            /** @description when the run finished (ISO 8601) */
            computed_at: string | null;
        };
        Document: {
            /** Format: uuid */
            id: string;
            filename: string;
            mime_type: string | null;
            size_bytes: number;
            sha256: string;
            source_id: string | null;
            parent_document_id: string | null;
            /** @enum {string} */
            status: "RECEIVED" | "PROCESSING" | "PROCESSED" | "FAILED";
            /** @description the step running, or the one that failed */
            step: ("parse" | "classify" | "extract" | "derive") | null;
            error: string | null;
            attempts: number;
            metadata: {
                [key: string]: unknown;
            };
            /** @description label names on the chosen path, root first */
            labels: string[];
            labels_confirmed: boolean;
            /** @description the probability that `labels` is right: 1 once a person confirmed them, else the product of the classification levels' reported probabilities; null when unknown (not classified, a level without a probability, or stopped short of a leaf). Sort `label_confidence,asc` lists the least sure first (unknown first): the review order (docs/pipeline.md#the-review-order) */
            label_confidence: number | null;
            llm_suggested: string | null;
            classification_trace: {
                level: number;
                available_labels: string[];
                returned: string | null;
                /** @enum {string} */
                outcome: "CONTINUE" | "LEAF" | "LLM_SUGGESTED" | "SUGGESTION";
                /** @description the plugin's confidence at this level; null when it reported none */
                decision: components["schemas"]["ClassificationDecision"] | null;
            }[];
            ontology_version: number | null;
            extraction: {
                data: {
                    [key: string]: unknown;
                };
                llm_fields: string[];
                document_type: string | null;
                evidence: {
                    [key: string]: {
                        start: number;
                        end: number;
                        page: number | null;
                        text: string;
                        /** @description id of the extractor rule that produced the value (e.g. "term.clause", "notice_period.stops_renewal"; the built-in rules are listed in plugins/service_builtins/extraction/rulebook); absent when the plugin names none */
                        rule?: string;
                    }[];
                };
                /** @description per extracted field, the probability in [0, 1] that the value is right, as the plugin estimates it */
                confidence: {
                    [key: string]: number;
                };
                /** @description requested fields the extraction plugin cannot read (and no LLM answered) */
                unsupported_fields: string[];
                plugin: string;
                /** @description fields corrected in review (PATCH …/extraction), by field name */
                corrections: {
                    [key: string]: {
                        /** @description the corrected value (also in `data`); null when cleared */
                        value: unknown;
                        /** @description what the extraction plugin read; null when nothing */
                        original: unknown;
                        corrected_by: string | null;
                        corrected_by_email: string | null;
                        corrected_at: string;
                    };
                };
            } | null;
            contract_id: string | null;
            /** @description the document's score in the latest successful run of each benchmark */
            benchmark_scores: components["schemas"]["DocumentBenchmarkScore"][];
            /** @description milliseconds per pipeline step of the last run */
            step_timings: {
                [key: string]: number;
            };
            created_at: string;
            processed_at: string | null;
            /** @description present when the list was searched with `q` */
            search?: {
                /** @description ts_rank_cd relevance; higher is better */
                rank: number;
                /** @description HTML-escaped excerpts around the matches, each match in <mark>…</mark> */
                snippet: string;
            };
        };
        UploadedDocument: {
            /** Format: uuid */
            id: string;
            filename: string;
            mime_type: string | null;
            size_bytes: number;
            sha256: string;
            source_id: string | null;
            parent_document_id: string | null;
            /** @enum {string} */
            status: "RECEIVED" | "PROCESSING" | "PROCESSED" | "FAILED";
            /** @description the step running, or the one that failed */
            step: ("parse" | "classify" | "extract" | "derive") | null;
            error: string | null;
            attempts: number;
            metadata: {
                [key: string]: unknown;
            };
            /** @description label names on the chosen path, root first */
            labels: string[];
            labels_confirmed: boolean;
            /** @description the probability that `labels` is right: 1 once a person confirmed them, else the product of the classification levels' reported probabilities; null when unknown (not classified, a level without a probability, or stopped short of a leaf). Sort `label_confidence,asc` lists the least sure first (unknown first): the review order (docs/pipeline.md#the-review-order) */
            label_confidence: number | null;
            llm_suggested: string | null;
            classification_trace: {
                level: number;
                available_labels: string[];
                returned: string | null;
                /** @enum {string} */
                outcome: "CONTINUE" | "LEAF" | "LLM_SUGGESTED" | "SUGGESTION";
                /** @description the plugin's confidence at this level; null when it reported none */
                decision: components["schemas"]["ClassificationDecision"] | null;
            }[];
            ontology_version: number | null;
            extraction: {
                data: {
                    [key: string]: unknown;
                };
                llm_fields: string[];
                document_type: string | null;
                evidence: {
                    [key: string]: {
                        start: number;
                        end: number;
                        page: number | null;
                        text: string;
                        /** @description id of the extractor rule that produced the value (e.g. "term.clause", "notice_period.stops_renewal"; the built-in rules are listed in plugins/service_builtins/extraction/rulebook); absent when the plugin names none */
                        rule?: string;
                    }[];
                };
                /** @description per extracted field, the probability in [0, 1] that the value is right, as the plugin estimates it */
                confidence: {
                    [key: string]: number;
                };
                /** @description requested fields the extraction plugin cannot read (and no LLM answered) */
                unsupported_fields: string[];
                plugin: string;
                /** @description fields corrected in review (PATCH …/extraction), by field name */
                corrections: {
                    [key: string]: {
                        /** @description the corrected value (also in `data`); null when cleared */
                        value: unknown;
                        /** @description what the extraction plugin read; null when nothing */
                        original: unknown;
                        corrected_by: string | null;
                        corrected_by_email: string | null;
                        corrected_at: string;
                    };
                };
            } | null;
            contract_id: string | null;
            /** @description the document's score in the latest successful run of each benchmark */
            benchmark_scores: components["schemas"]["DocumentBenchmarkScore"][];
            /** @description milliseconds per pipeline step of the last run */
            step_timings: {
                [key: string]: number;
            };
            created_at: string;
            processed_at: string | null;
            /** @description present when the list was searched with `q` */
            search?: {
                /** @description ts_rank_cd relevance; higher is better */
                rank: number;
                /** @description HTML-escaped excerpts around the matches, each match in <mark>…</mark> */
                snippet: string;
            };
            /** @description true when the same bytes were already a document of the organization */
            duplicate: boolean;
        };
        ConfirmLabelsRequest: {
            /** @description a path of the ontology, root first */
            labels: string[];
        };
        DocumentText: {
            text: string;
            pages: string[];
            /** @description null when every page had a text layer */
            ocr: {
                engine: string;
                languages: string;
                /** @description 1-based pages whose text came from OCR */
                pages: number[];
                /** @description mean word confidence 0–100 per OCRed page */
                confidence: {
                    [key: string]: number;
                };
                mean_confidence: number | null;
                /** @description pages without text beyond SERVICE_OCR_MAX_PAGES */
                skipped_pages: number[];
                /** @description pages without text not OCRed because their image is blank (absent in documents parsed before this check) */
                blank_pages?: number[];
            } | null;
            /** @description an email's attachments and what became of each; empty for other kinds */
            attachments: {
                filename: string;
                /** @description the attachment's document; null when it was refused */
                document_id: string | null;
                /** @description why it was refused (type not accepted, too large, a quota) */
                error: string | null;
            }[];
        };
        OrganizationExport: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            /** @enum {string} */
            status: "PENDING" | "RUNNING" | "SUCCEEDED" | "FAILED";
            size_bytes: number | null;
            /** @description manifest records per type */
            counts: {
                [key: string]: number;
            };
            error: string | null;
            created_at: string;
            finished_at: string | null;
            /** @description the archive is deleted after this */
            expires_at: string | null;
            download_url: string | null;
        };
        ExtractionRuleSummary: {
            id: string;
            /** @description the extraction field the rule serves, or `shared` */
            field: string;
            /** @description the language of its words: `en`, `de`, `fr`, or `any` (neutral) */
            language: string;
            /** @description what the rule is for, in one line */
            doc: string;
        };
        ExtractionRule: {
            id: string;
            /** @description the extraction field the rule serves, or `shared` */
            field: string;
            /** @description the language of its words: `en`, `de`, `fr`, or `any` (neutral) */
            language: string;
            /** @description what the rule is for, in one line */
            doc: string;
            /** @description what turns a match into a value (`span`: the matched text) */
            production: string;
            /** @description texts the rule must match (checked by the rule book tests) */
            examples: {
                /** @description a text the rule finds a match in */
                text: string;
                /** @description what the rule makes of the match, when the example says */
                value?: unknown;
            }[];
            /** @description texts the rule must not match */
            counterexamples: string[];
            /** @description rows of docs/decisions.md the rule comes from */
            decisions: number[];
            /** @description its file in the rule book, e.g. `en/notice.toml` */
            source: string;
        };
        Organization: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @enum {string} */
            kind: "PERSONAL" | "TEAM";
            parent_id: string | null;
            created_at: string;
            deleted_at: string | null;
        };
        OrganizationCreateRequest: {
            name: string;
            /** @description derived from the name when absent; unique */
            slug?: string;
            /** @description parent organization; you must be its OWNER or ADMIN */
            parent_id?: string | null;
        };
        OrganizationUpdateRequest: {
            name: string;
        };
        UpdateOrganizationRequest: {
            name?: string;
            slug?: string;
            /** @description move under another organization; null makes it a root */
            parent_id?: string | null;
        };
        OrganizationTree: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @enum {string} */
            kind: "PERSONAL" | "TEAM";
            parent_id: string | null;
            created_at: string;
            deleted_at: string | null;
            children: components["schemas"]["OrganizationTree"][];
        };
        OrganizationIdentity: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            /** @enum {string} */
            kind: "LEGAL_NAME" | "DOMAIN" | "TAX_ID" | "EMAIL_DOMAIN";
            value: string;
            primary: boolean;
            created_at: string;
        };
        OrganizationIdentityCreateRequest: {
            /** @enum {string} */
            kind: "LEGAL_NAME" | "DOMAIN" | "TAX_ID" | "EMAIL_DOMAIN";
            value: string;
            primary?: boolean;
        };
        OrganizationIdentityUpdateRequest: {
            /** @enum {string} */
            kind?: "LEGAL_NAME" | "DOMAIN" | "TAX_ID" | "EMAIL_DOMAIN";
            value?: string;
            primary?: boolean;
        };
        /** @description null = unlimited */
        OrganizationQuotasDto: {
            max_documents_per_month: number | null;
            max_storage_bytes: number | null;
            max_sources: number | null;
            max_plugins: number | null;
            max_members: number | null;
            api_requests_per_minute: number | null;
        };
        /** @description null limit = unlimited */
        OrganizationQuotasWithUsage: {
            max_documents_per_month: number | null;
            max_storage_bytes: number | null;
            max_sources: number | null;
            max_plugins: number | null;
            max_members: number | null;
            api_requests_per_minute: number | null;
            /** @description current use: documents since the first of the month (UTC), stored bytes, counted items */
            usage: {
                documents_this_month: number;
                storage_bytes: number;
                sources: number;
                plugins: number;
                members: number;
            };
        };
        ChosenPlugin: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description its current version, which the pipeline runs */
            version: number;
            /** @enum {string} */
            status: "ENABLED" | "DISABLED";
            /** @description true while the pipeline refuses to run it (docs/plugins.md) */
            quarantined: boolean;
        };
        OrganizationSettingsDto: {
            classification_plugin_id: string | null;
            extraction_plugin_id: string | null;
            renewal_alert_days: number[];
            timezone: string;
            email_forwarding_enabled: boolean;
            /**
             * @description What forwarded mail must pass: ALLOWLIST_AND_DMARC (default) accepts it when its From address is on the allowlist and its domain authenticated it (DMARC: an aligned DKIM signature or SPF pass); ALLOWLIST_ONLY accepts an allowlisted envelope or From address without checking (docs/sources.md). A message that fails is quarantined in the email-forwarding audit.
             * @enum {string}
             */
            email_forwarding_sender_policy: "ALLOWLIST_AND_DMARC" | "ALLOWLIST_ONLY";
            /** @description the plugin of classification_plugin_id (read-only); null for the built-in classifier */
            classification_plugin: components["schemas"]["ChosenPlugin"] | null;
            /** @description the plugin of extraction_plugin_id (read-only); null for the built-in extractor */
            extraction_plugin: components["schemas"]["ChosenPlugin"] | null;
        };
        Membership: {
            /** Format: uuid */
            organization_id: string;
            /** Format: uuid */
            user_id: string;
            /** @enum {string} */
            role: "OWNER" | "ADMIN" | "MEMBER";
            created_at: string;
        };
        MembershipWithOrganization: {
            /** Format: uuid */
            organization_id: string;
            /** Format: uuid */
            user_id: string;
            /** @enum {string} */
            role: "OWNER" | "ADMIN" | "MEMBER";
            created_at: string;
            organization: components["schemas"]["Organization"];
        };
        Invitation: {
            /** Format: uuid */
            id: string;
            email: string;
            /** Format: uuid */
            organization_id: string;
            /** @enum {string} */
            role: "ADMIN" | "MEMBER";
            /** @enum {string} */
            status: "PENDING" | "ACCEPTED" | "REJECTED" | "REVOKED" | "EXPIRED";
            expires_at: string;
            created_at: string;
        };
        InvitationDetails: {
            /** Format: uuid */
            id: string;
            email: string;
            /** Format: uuid */
            organization_id: string;
            /** @enum {string} */
            role: "ADMIN" | "MEMBER";
            /** @enum {string} */
            status: "PENDING" | "ACCEPTED" | "REJECTED" | "REVOKED" | "EXPIRED";
            expires_at: string;
            created_at: string;
            organization: {
                /** Format: uuid */
                id: string;
                name: string;
                slug: string;
            };
        };
        CreateInvitationRequest: {
            email: unknown;
            /**
             * @default MEMBER
             * @enum {string}
             */
            role: "ADMIN" | "MEMBER";
            /**
             * Format: uuid
             * @description default: the active organization
             */
            organization_id?: string;
        };
        MarketplaceLinkRequest: {
            entitlement_id: string;
        };
        MarketplaceLinkByAccountRequest: {
            account_id: string;
        };
        MarketplaceEntitlementRegistration: {
            entitlement_id: string;
            account_id: string;
            email: unknown;
            /** @enum {string} */
            plan: "free" | "standard" | "enterprise";
            /**
             * @default ACTIVE
             * @enum {string}
             */
            status: "ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED";
            starts_at?: (string & unknown) | null;
            ends_at?: (string & unknown) | null;
        };
        MarketplaceEntitlement: {
            /** Format: uuid */
            id: string;
            entitlement_id: string;
            account_id: string;
            email: string;
            /** @enum {string} */
            plan: "free" | "standard" | "enterprise";
            /**
             * @description ACTIVE past ends_at reads EXPIRED
             * @enum {string}
             */
            status: "ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED";
            /**
             * @description the plan whose quotas apply: plan while ACTIVE, else free
             * @enum {string}
             */
            effective_plan: "free" | "standard" | "enterprise";
            starts_at: string | null;
            ends_at: string | null;
            organization_id: string | null;
            linked_at: string | null;
            created_at: string;
            updated_at: string;
        };
        MarketplaceSubscription: {
            /**
             * @description plan of the linked entitlement; free when none
             * @enum {string}
             */
            plan: "free" | "standard" | "enterprise";
            /** @description NONE when no entitlement is linked */
            status: ("ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED") | "NONE";
            /**
             * @description the plan whose quotas apply now
             * @enum {string}
             */
            effective_plan: "free" | "standard" | "enterprise";
            entitlement_id: string | null;
            account_id: string | null;
            starts_at: string | null;
            ends_at: string | null;
        };
        Member: {
            /** Format: uuid */
            organization_id: string;
            /** Format: uuid */
            user_id: string;
            /** @enum {string} */
            role: "OWNER" | "ADMIN" | "MEMBER";
            created_at: string;
            user: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string | null;
            };
        };
        AddMemberRequest: {
            /** Format: uuid */
            user_id?: string;
            email?: unknown;
            /**
             * @default MEMBER
             * @enum {string}
             */
            role: "ADMIN" | "MEMBER";
        };
        TransferOwnershipRequest: {
            /** Format: uuid */
            new_owner_id: string;
        };
        UpdateMemberRoleRequest: {
            /**
             * @description ownership moves only by transfer
             * @enum {string}
             */
            role: "ADMIN" | "MEMBER";
        };
        PluginCreateRequest: {
            /** @description unique in the organization, 1–100 characters */
            name: string;
            /** @description Python source of one plugin file (service_sdk); validated like `service validate` */
            code: string;
            /** @description free text shown to administrators */
            description?: string | null;
            /** @description values of the plugin’s configurable_parameters by parameter_name; each must match its parameter_type (str, int, float, bool) */
            configs?: {
                [key: string]: unknown;
            };
        };
        PluginUpdateRequest: {
            /** @description unique in the organization, 1–100 characters */
            name?: string;
            /** @description new source; stored as a new version when accepted */
            code?: string;
            /** @description free text shown to administrators */
            description?: string | null;
            enabled?: boolean;
            /** @description replaces the configs of the current version (stored as a new version) */
            configs?: {
                [key: string]: unknown;
            };
        };
        ConfigurableParameter: {
            parameter_name: string;
            /** @description str, int, float or bool */
            parameter_type: string;
            default_value: unknown;
            description: string;
        };
        /** @description class attributes read when the code was loaded; empty for CLASSIFICATION and EXTRACTION */
        PluginAttributes: {
            /** @description SOURCE: unique source identifier */
            source_type?: string;
            /** @description SOURCE: credential field names */
            credential_fields?: string[];
            /** @description SOURCE: name of the state model class */
            source_state_model?: string;
            /** @description BENCHMARK: unique benchmark identifier */
            name?: string;
            /** @description BENCHMARK: labels it applies to */
            target_labels?: string[];
            /** @description BENCHMARK: unit of measurement */
            metric_unit?: string;
            /** @description BENCHMARK: field names to group by */
            group_by?: string[];
            /** @description BENCHMARK: MATCH_RULES */
            match_rules?: {
                name: string;
                left_group: string[];
                right_group: string[];
                conditions: {
                    left_field: string;
                    right_field: string;
                    match_type: string;
                }[];
            }[];
        };
        Plugin: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description read from the base class
             * @enum {string}
             */
            type: "SOURCE" | "CLASSIFICATION" | "EXTRACTION" | "BENCHMARK";
            class_name: string;
            /** @description current version: 1, then +1 on each accepted change of code or configs */
            version: number;
            /** @enum {string} */
            status: "ENABLED" | "DISABLED";
            description: string | null;
            configurable_parameters: components["schemas"]["ConfigurableParameter"][];
            /** @description configs of the current version */
            configs: {
                [key: string]: unknown;
            };
            attributes: components["schemas"]["PluginAttributes"];
            /** @description SHA-256 (hex) of the current version’s code */
            sha256: string;
            /** @description set when the plugin kept breaking the runtime protocol (oversize or malformed output); documents needing it fail with quarantine_reason until new code is uploaded or DELETE /plugins/{id}/quarantine lifts it */
            quarantined_at: string | null;
            quarantine_reason: string | null;
            /** @description ISO 8601 UTC timestamp */
            created_at: string;
            /** @description ISO 8601 UTC timestamp */
            updated_at: string;
        };
        PluginDetail: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description read from the base class
             * @enum {string}
             */
            type: "SOURCE" | "CLASSIFICATION" | "EXTRACTION" | "BENCHMARK";
            class_name: string;
            /** @description current version: 1, then +1 on each accepted change of code or configs */
            version: number;
            /** @enum {string} */
            status: "ENABLED" | "DISABLED";
            description: string | null;
            configurable_parameters: components["schemas"]["ConfigurableParameter"][];
            /** @description configs of the current version */
            configs: {
                [key: string]: unknown;
            };
            attributes: components["schemas"]["PluginAttributes"];
            /** @description SHA-256 (hex) of the current version’s code */
            sha256: string;
            /** @description set when the plugin kept breaking the runtime protocol (oversize or malformed output); documents needing it fail with quarantine_reason until new code is uploaded or DELETE /plugins/{id}/quarantine lifts it */
            quarantined_at: string | null;
            quarantine_reason: string | null;
            /** @description ISO 8601 UTC timestamp */
            created_at: string;
            /** @description ISO 8601 UTC timestamp */
            updated_at: string;
            /** @description source of the current version */
            code: string;
        };
        PluginVersion: {
            version: number;
            sha256: string;
            /** @description ISO 8601 UTC timestamp */
            created_at: string;
            /** @description user who submitted this version */
            created_by: string | null;
        };
        PluginVersionDetail: {
            version: number;
            sha256: string;
            /** @description ISO 8601 UTC timestamp */
            created_at: string;
            /** @description user who submitted this version */
            created_by: string | null;
            code: string;
            class_name: string | null;
            configs: {
                [key: string]: unknown;
            };
            configurable_parameters: components["schemas"]["ConfigurableParameter"][];
            attributes: components["schemas"]["PluginAttributes"];
        };
        PluginCodeError: {
            /** @description line in the submitted source; null for whole-file errors */
            line: number | null;
            /** @description rule identifier, e.g. MissingMethod, InvalidBaseClass, WrongReturnType */
            error_type: string;
            message: string;
            /** @description remediation hint, often a code snippet */
            fix_suggestion: string;
            /** @description link into the reference, or null */
            documentation: string | null;
        };
        InvalidPluginCode: {
            error: {
                /** @constant */
                code: "INVALID_PLUGIN_CODE";
                /** @description human-readable summary */
                message: string;
                /** @description one entry per failed rule */
                errors: components["schemas"]["PluginCodeError"][];
            };
        };
        PluginEventRunAttempt: {
            /** @description ISO 8601 UTC timestamp */
            at: string;
            /** @description what handle_event answered, `{"handled": [method names]}`; the stored text when it is not valid JSON (truncated to 2 KB); null when the attempt failed */
            result: unknown;
            /** @description `<error_type>: <message>` of a failed run, e.g. PluginException */
            error: string | null;
            /** @description `level: message` lines the handlers logged, at most 8 KB */
            logs: string | null;
            duration_ms: number;
        };
        PluginEventRun: {
            /**
             * Format: uuid
             * @description UUID of the delivery of the event to the plugin
             */
            id: string;
            /** Format: uuid */
            event_id: string;
            event_type: string;
            /** @description the plugin version whose handlers run */
            plugin_version: number | null;
            /**
             * @description PENDING while a retry is due
             * @enum {string}
             */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            attempt_count: number;
            /** @description when the next attempt is due (PENDING only) */
            next_attempt_at: string | null;
            last_attempt_at: string | null;
            /** @description ISO 8601 UTC timestamp */
            created_at: string;
            /** @description oldest first */
            attempts: components["schemas"]["PluginEventRunAttempt"][];
        };
        PromptPutRequest: {
            /** @description the prompt text, 1–100000 characters, stored verbatim */
            text: string;
        };
        Prompt: {
            prompt_id: string;
            /** @description version number, from 1 */
            version: number;
            text: string;
            /** @description when this version was stored (ISO 8601 UTC) */
            created_at: string;
        };
        PromptSummary: {
            prompt_id: string;
            /** @description the latest version */
            version: number;
            /** @description when the latest version was stored (ISO 8601 UTC) */
            updated_at: string;
        };
        PromptVersion: {
            prompt_id: string;
            /** @description version number, from 1 */
            version: number;
            /** @description when this version was stored (ISO 8601 UTC) */
            created_at: string;
        };
        CorrectExtractionRequest: {
            /** @description field name → corrected value in the field's dtype (date `YYYY-MM-DD`, money `{amount, currency}`, duration `{value, unit}` or `P90D`, list[string] an array); null clears the field */
            data: {
                [key: string]: unknown;
            };
        };
        SavedViewCreateRequest: {
            name: string;
            /** @default {} */
            query: {
                /** @description full-text query (docs/search.md) */
                q?: string;
                /** @enum {string} */
                status?: "RECEIVED" | "PROCESSING" | "PROCESSED" | "FAILED";
                label?: string;
                /**
                 * Format: uuid
                 * @description documents of this source connection
                 */
                source_id?: string;
                /** @enum {string} */
                sort?: "created_at" | "filename" | "status" | "label_confidence";
                /** @enum {string} */
                dir?: "asc" | "desc";
            };
            /**
             * @description shown in this order
             * @default [
             *       "filename",
             *       "status",
             *       "labels",
             *       "label_confidence",
             *       "fields",
             *       "confidence",
             *       "created_at"
             *     ]
             */
            columns: ("filename" | "status" | "labels" | "label_confidence" | "fields" | "confidence" | "created_at")[];
            /** @default true */
            show_in_sidebar: boolean;
            /**
             * @default documents
             * @enum {string}
             */
            resource: "documents";
        };
        SavedViewUpdateRequest: {
            name: string;
            /** @default {} */
            query: {
                /** @description full-text query (docs/search.md) */
                q?: string;
                /** @enum {string} */
                status?: "RECEIVED" | "PROCESSING" | "PROCESSED" | "FAILED";
                label?: string;
                /**
                 * Format: uuid
                 * @description documents of this source connection
                 */
                source_id?: string;
                /** @enum {string} */
                sort?: "created_at" | "filename" | "status" | "label_confidence";
                /** @enum {string} */
                dir?: "asc" | "desc";
            };
            /**
             * @description shown in this order
             * @default [
             *       "filename",
             *       "status",
             *       "labels",
             *       "label_confidence",
             *       "fields",
             *       "confidence",
             *       "created_at"
             *     ]
             */
            columns: ("filename" | "status" | "labels" | "label_confidence" | "fields" | "confidence" | "created_at")[];
            /** @default true */
            show_in_sidebar: boolean;
        };
        SavedView: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            resource: "documents";
            /** @description the filters and sort of the list (`q`, `status`, `label`, `source_id`, `sort`, `dir`) */
            query: {
                [key: string]: string;
            };
            columns: ("filename" | "status" | "labels" | "label_confidence" | "fields" | "confidence" | "created_at")[];
            show_in_sidebar: boolean;
            created_at: string;
            updated_at: string;
        };
        SourceConfigs: {
            /** @description glob patterns of files the sync skips (not downloaded, no document), matched case-sensitively against the path relative to the source ("folder/name"); a pattern without "/" matches the name in any folder (docs/sources.md "Ignoring files") */
            ignore_patterns?: string[];
            /** @description false: do not also skip operating-system and editor junk (.DS_Store, Thumbs.db, ~$ lock files, ...); default true */
            ignore_defaults?: boolean;
        } & {
            [key: string]: unknown;
        };
        ReconnectRequest: {
            /** Format: uri */
            redirect_uri?: string;
        };
        UserProfile: {
            /** Format: uuid */
            id: string;
            email: string;
            name: string | null;
            is_system_admin: boolean;
            default_organization_id: string | null;
            roles: {
                /** @description null for the platform-wide SYSTEM_ADMIN role */
                organization_id: string | null;
                /** @enum {string} */
                role: "OWNER" | "ADMIN" | "MEMBER" | "SYSTEM_ADMIN";
            }[];
            created_at: string;
            deleted_at: string | null;
        };
        CreateUserRequest: {
            email: unknown;
            name?: string | null;
            /**
             * @description role in the active organization
             * @default MEMBER
             * @enum {string}
             */
            role: "ADMIN" | "MEMBER";
        };
        UserUpdateRequest: {
            name?: string | null;
            /** @description organization used when no X-Organization-Id is sent */
            default_organization_id?: string | null;
        };
        UpdateUserRequest: {
            name?: string | null;
            /**
             * @description role in the active organization
             * @enum {string}
             */
            role?: "ADMIN" | "MEMBER";
        };
        WebhookCreateRequest: {
            /**
             * Format: uri
             * @description where events are POSTed; https recommended. Private and loopback addresses are refused unless allowed. No user name or password in it: requests are authenticated by their signature
             */
            url: string;
            /** @description event types to receive (api-decisions §4), or ["*"] for all: document.received, document.classified, document.extracted, document.failed, contract.created, contract.updated, contract.renewal_upcoming, benchmark.computed, benchmark.flagged, alert.created, alert.updated, source.sync_completed, source.requires_reauthorization */
            event_types: ("document.received" | "document.classified" | "document.extracted" | "document.failed" | "contract.created" | "contract.updated" | "contract.renewal_upcoming" | "benchmark.computed" | "benchmark.flagged" | "alert.created" | "alert.updated" | "source.sync_completed" | "source.requires_reauthorization" | "*")[];
            /** @description a note for people, at most 500 characters */
            description?: string | null;
        };
        WebhookUpdateRequest: {
            /**
             * Format: uri
             * @description where events are POSTed; https recommended. Private and loopback addresses are refused unless allowed. No user name or password in it: requests are authenticated by their signature
             */
            url?: string;
            /** @description event types to receive (api-decisions §4), or ["*"] for all: document.received, document.classified, document.extracted, document.failed, contract.created, contract.updated, contract.renewal_upcoming, benchmark.computed, benchmark.flagged, alert.created, alert.updated, source.sync_completed, source.requires_reauthorization */
            event_types?: ("document.received" | "document.classified" | "document.extracted" | "document.failed" | "contract.created" | "contract.updated" | "contract.renewal_upcoming" | "benchmark.computed" | "benchmark.flagged" | "alert.created" | "alert.updated" | "source.sync_completed" | "source.requires_reauthorization" | "*")[];
            /** @description a note for people, at most 500 characters */
            description?: string | null;
            /** @description true re-enables a disabled endpoint and clears disabled_reason */
            enabled?: boolean;
        };
        Webhook: {
            /** Format: uuid */
            id: string;
            url: string;
            event_types: string[];
            description: string | null;
            enabled: boolean;
            /** @description why the endpoint was disabled (410 Gone, sustained failure, a user) */
            disabled_reason: string | null;
            disabled_at: string | null;
            /** @description first failed attempt since the last success */
            failing_since: string | null;
            created_at: string;
            updated_at: string;
        };
        WebhookWithSecret: {
            /** Format: uuid */
            id: string;
            url: string;
            event_types: string[];
            description: string | null;
            enabled: boolean;
            /** @description why the endpoint was disabled (410 Gone, sustained failure, a user) */
            disabled_reason: string | null;
            disabled_at: string | null;
            /** @description first failed attempt since the last success */
            failing_since: string | null;
            created_at: string;
            updated_at: string;
            /** @description the signing secret (whsec_…, Standard Webhooks); shown only in this response */
            secret: string;
        };
        WebhookDeliveryAttempt: {
            at: string;
            /** @description HTTP status, null when no response arrived */
            response_status: number | null;
            /** @description the response body, truncated to 2 KB */
            response_body: string | null;
            /** @description network error, time-out or SSRF refusal */
            error: string | null;
            duration_ms: number;
        };
        WebhookDelivery: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            webhook_id: string;
            /** Format: uuid */
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            attempt_count: number;
            /** @description when the next attempt is due (PENDING only) */
            next_attempt_at: string | null;
            last_attempt_at: string | null;
            created_at: string;
            /** @description oldest first */
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
        };
        WebhookRetryAccepted: {
            /** Format: uuid */
            id: string;
            /** @constant */
            status: "PENDING";
            next_attempt_at: string;
        };
        /** @description RFC 9457 problem details */
        Problem: {
            type: string;
            title: string;
            status: number;
            detail: string;
            errors?: {
                /** @description dotted path of the invalid field, prefixed by its location (body, query, params) */
                field: string;
                message: string;
            }[];
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                        /** @enum {string} */
                        database: "postgres" | "pglite";
                        /** @enum {string} */
                        plugin_sandbox: "bwrap" | "unavailable" | "disabled-unsafe";
                        /**
                         * @description how a plugin runtime's memory is bounded: its own cgroup v2 (memory.max, pids.max), or its rlimits and tmpfs sizes
                         * @enum {string}
                         */
                        plugin_memory_limit: "cgroup-v2" | "rlimit";
                    };
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {string} */
                        status: "database unavailable";
                        /** @enum {string} */
                        database: "postgres" | "pglite";
                        /** @enum {string} */
                        plugin_sandbox: "bwrap" | "unavailable" | "disabled-unsafe";
                        /** @enum {string} */
                        plugin_memory_limit: "cgroup-v2" | "rlimit";
                        error: string;
                    };
                };
            };
        };
    };
    getJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jwks"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"][];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyCreateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createConsoleSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSession"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteCurrentConsoleSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query: {
                /** @description soft-deleted users (SYSTEM_ADMIN) */
                deleted?: "exclude" | "include" | "only";
                /** @description only users whose email contains this text, in any case */
                q?: string;
                /** @description every user of the platform (SYSTEM_ADMIN) */
                platform?: "true" | "false";
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at, email, name */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["UserProfile"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserProfile"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserProfile"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserUpdateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserProfile"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCurrentUserOrganizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MembershipWithOrganization"][];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserProfile"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserProfile"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserProfile"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOrganizations: {
        parameters: {
            query: {
                /** @description soft-deleted organizations */
                deleted?: "exclude" | "include" | "only";
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at, name, slug */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["Organization"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationCreateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCurrentOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateCurrentOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationUpdateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOrganizationRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOrganizationAncestors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"][];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOrganizationChildren: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"][];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationTree: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationTree"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOrganizationIdentities: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationIdentity"][];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createOrganizationIdentity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationIdentityCreateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationIdentity"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateOrganizationIdentity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                identityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationIdentityUpdateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationIdentity"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteOrganizationIdentity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                identityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationIdentity"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    makeOrganizationIdentityPrimary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                identityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationIdentity"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationQuotas: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationQuotasWithUsage"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateOrganizationQuotas: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    max_documents_per_month?: number | null;
                    max_storage_bytes?: number | null;
                    max_sources?: number | null;
                    max_plugins?: number | null;
                    max_members?: number | null;
                    api_requests_per_minute?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationQuotasDto"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationSettingsDto"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateOrganizationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    classification_plugin_id?: string | null;
                    extraction_plugin_id?: string | null;
                    renewal_alert_days?: number[];
                    timezone?: string;
                    email_forwarding_enabled?: boolean;
                    /**
                     * @description What forwarded mail must pass: ALLOWLIST_AND_DMARC (default) accepts it when its From address is on the allowlist and its domain authenticated it (DMARC: an aligned DKIM signature or SPF pass); ALLOWLIST_ONLY accepts an allowlisted envelope or From address without checking (docs/sources.md). A message that fails is quarantined in the email-forwarding audit.
                     * @enum {string}
                     */
                    email_forwarding_sender_policy?: "ALLOWLIST_AND_DMARC" | "ALLOWLIST_ONLY";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationSettingsDto"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationSettingsSummary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationSettingsDto"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOrganizationMembers: {
        parameters: {
            query: {
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at, role, email */
                    sort?: string;
                };
            };
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["Member"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addOrganizationMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddMemberRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Membership"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    transferOrganizationOwnership: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransferOwnershipRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Membership"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    removeOrganizationMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateOrganizationMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMemberRoleRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Membership"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInvitationRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMyInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"][];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOrganizationInvitations: {
        parameters: {
            query: {
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at, email, status */
                    sort?: string;
                };
            };
            header?: never;
            path: {
                /** @description UUID of the organization */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["Invitation"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: components["schemas"]["Invitation"];
                        membership: components["schemas"]["Membership"];
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rejectInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resendInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getInvitationByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationDetails"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDocuments: {
        parameters: {
            query: {
                /** @description full-text query (web-search syntax) */
                q?: string;
                status?: "RECEIVED" | "PROCESSING" | "PROCESSED" | "FAILED";
                source_id?: string;
                /** @description documents whose path contains this label */
                label?: string;
                /** @description created at or after (RFC 3339) */
                created_after?: string & unknown;
                /** @description created before (RFC 3339) */
                created_before?: string & unknown;
                /** @description true: labels confirmed by a person; false: not yet (the review queue) */
                labels_confirmed?: "true" | "false";
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at, filename, status, label_confidence */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["Document"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description the document
                     */
                    file: string;
                    /** Format: uuid */
                    source_id?: string;
                    /** @description a JSON object stored with the document */
                    metadata?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadedDocument"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit or quota exceeded */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDocumentContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the file bytes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Invalid id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDocumentText: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentText"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reprocessDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setDocumentLabels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmLabelsRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createDocumentsBulk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description what to do to each document
                     * @enum {string}
                     */
                    action: "reprocess" | "confirm_labels" | "set_labels" | "delete";
                    /** @description the selection */
                    document_ids: string[];
                    /** @description for set_labels: the label path, root first */
                    labels?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        action: "reprocess" | "confirm_labels" | "set_labels" | "delete";
                        succeeded: number;
                        failed: number;
                        results: {
                            /** Format: uuid */
                            document_id: string;
                            ok: boolean;
                            /** @description the status the single route would have answered */
                            status: number;
                            detail: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createDocumentsExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the selection, in the order of the rows */
                    document_ids: string[];
                    /**
                     * @description csv: a row per document with its extracted values; zip: the original files and documents.csv
                     * @default csv
                     * @enum {string}
                     */
                    format?: "csv" | "zip";
                };
            };
        };
        responses: {
            /** @description the selection as a file: CSV (a row per document) or a ZIP of the originals with documents.csv; `Content-Disposition: attachment` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/zip": string;
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An id is not a document of the organization; `errors` names each */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    correctDocumentExtraction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CorrectExtractionRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOntology: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ontology"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replaceOntology: {
        parameters: {
            query?: {
                /** @description also answer with the ontology report (GET /api/v1/ontology/report) */
                report?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OntologyUpdateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OntologyUpdateResponse"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOntologyReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OntologyReport"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLabelSuggestions: {
        parameters: {
            query: {
                status?: "PENDING" | "ACCEPTED" | "REJECTED";
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["LabelSuggestion"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    acceptLabelSuggestion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptLabelSuggestionRequestInput"] | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        suggestion: components["schemas"]["LabelSuggestion"];
                        ontology: components["schemas"]["Ontology"];
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rejectLabelSuggestion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabelSuggestion"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPlugins: {
        parameters: {
            query: {
                /** @description only plugins of this type */
                type?: "SOURCE" | "CLASSIFICATION" | "EXTRACTION" | "BENCHMARK";
                /** @description only plugins whose name contains this text, in any case */
                q?: string;
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of name, created_at, updated_at */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["Plugin"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPlugin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PluginCreateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plugin"];
                };
            };
            /** @description Plugin code failed validation: the spec §7 body `{"error": {"code": "INVALID_PLUGIN_CODE", "message", "errors"}}` (application/json); or an invalid request body: problem details naming the field (application/problem+json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidPluginCode"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPlugin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PluginDetail"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deletePlugin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updatePlugin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PluginUpdateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plugin"];
                };
            };
            /** @description Plugin code failed validation: the spec §7 body `{"error": {"code": "INVALID_PLUGIN_CODE", "message", "errors"}}` (application/json); or an invalid request body: problem details naming the field (application/problem+json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidPluginCode"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deletePluginQuarantine: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plugin"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPluginVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PluginVersion"][];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPluginVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the plugin */
                id: string;
                /** @description version number, from 1 */
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PluginVersionDetail"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPluginEventRuns: {
        parameters: {
            query: {
                /** @description only runs in this status */
                status?: "PENDING" | "SUCCEEDED" | "FAILED";
                /** @description only runs for events of this type */
                event_type?: string;
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at */
                    sort?: string;
                };
            };
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["PluginEventRun"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSources: {
        parameters: {
            query: {
                status?: "ACTIVE" | "SYNCING" | "ERROR" | "REQUIRES_REAUTHORIZATION" | "DISABLED";
                provider?: string;
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at, name, status, provider, last_synced_at */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description OAuth provider id, SourcePlugin source_type, manual_upload or email_forwarding */
                            provider: string;
                            /** @enum {string} */
                            kind: "OAUTH" | "CUSTOM" | "MANUAL_UPLOAD" | "EMAIL_FORWARDING";
                            /** @enum {string} */
                            status: "ACTIVE" | "SYNCING" | "ERROR" | "REQUIRES_REAUTHORIZATION" | "DISABLED";
                            auto_sync: boolean;
                            sync_interval_minutes: number;
                            plugin_id: string | null;
                            configs: components["schemas"]["SourceConfigs"];
                            last_synced_at: string | null;
                            last_error: string | null;
                            /** @description ISO 8601 UTC timestamp */
                            created_at: string;
                            /** @description ISO 8601 UTC timestamp */
                            updated_at: string;
                        }[];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSourceProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        provider: string;
                        name: string;
                        /** @enum {string} */
                        kind: "OAUTH" | "CUSTOM" | "MANUAL_UPLOAD" | "EMAIL_FORWARDING";
                        scopes: string[];
                    }[];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    initiateSourceConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    provider: string;
                    name?: string;
                    /** Format: uri */
                    redirect_uri?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authorization_url: string;
                        state: string;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    completeSourceConnection: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description OAuth provider id, SourcePlugin source_type, manual_upload or email_forwarding */
                        provider: string;
                        /** @enum {string} */
                        kind: "OAUTH" | "CUSTOM" | "MANUAL_UPLOAD" | "EMAIL_FORWARDING";
                        /** @enum {string} */
                        status: "ACTIVE" | "SYNCING" | "ERROR" | "REQUIRES_REAUTHORIZATION" | "DISABLED";
                        auto_sync: boolean;
                        sync_interval_minutes: number;
                        plugin_id: string | null;
                        configs: components["schemas"]["SourceConfigs"];
                        last_synced_at: string | null;
                        last_error: string | null;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    connectManualUploadSource: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description OAuth provider id, SourcePlugin source_type, manual_upload or email_forwarding */
                        provider: string;
                        /** @enum {string} */
                        kind: "OAUTH" | "CUSTOM" | "MANUAL_UPLOAD" | "EMAIL_FORWARDING";
                        /** @enum {string} */
                        status: "ACTIVE" | "SYNCING" | "ERROR" | "REQUIRES_REAUTHORIZATION" | "DISABLED";
                        auto_sync: boolean;
                        sync_interval_minutes: number;
                        plugin_id: string | null;
                        configs: components["schemas"]["SourceConfigs"];
                        last_synced_at: string | null;
                        last_error: string | null;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        updated_at: string;
                    };
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSourcesCoverage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        organization_id: string;
                        total: number;
                        by_status: {
                            RECEIVED: number;
                            PROCESSING: number;
                            PROCESSED: number;
                            FAILED: number;
                        };
                        /** @description documents not linked to a connection */
                        without_source: number;
                        sources: {
                            /** Format: uuid */
                            source_id: string;
                            name: string;
                            /** @enum {string} */
                            kind: "OAUTH" | "CUSTOM" | "MANUAL_UPLOAD" | "EMAIL_FORWARDING";
                            total: number;
                            by_status: {
                                RECEIVED: number;
                                PROCESSING: number;
                                PROCESSED: number;
                                FAILED: number;
                            };
                            last_synced_at: string | null;
                        }[];
                    };
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createCustomSource: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a registered SourcePlugin's source_type */
                    source_type: string;
                    name: string;
                    /**
                     * @description one value per credential_fields entry
                     * @default {}
                     */
                    credentials?: {
                        [key: string]: unknown;
                    };
                    configs?: components["schemas"]["SourceConfigsInput"];
                    /** @default false */
                    auto_sync?: boolean;
                    interval_minutes?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description OAuth provider id, SourcePlugin source_type, manual_upload or email_forwarding */
                        provider: string;
                        /** @enum {string} */
                        kind: "OAUTH" | "CUSTOM" | "MANUAL_UPLOAD" | "EMAIL_FORWARDING";
                        /** @enum {string} */
                        status: "ACTIVE" | "SYNCING" | "ERROR" | "REQUIRES_REAUTHORIZATION" | "DISABLED";
                        auto_sync: boolean;
                        sync_interval_minutes: number;
                        plugin_id: string | null;
                        configs: components["schemas"]["SourceConfigs"];
                        last_synced_at: string | null;
                        last_error: string | null;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEmailForwardingAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address: string;
                        enabled: boolean;
                        /** Format: uuid */
                        source_id: string;
                    };
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEmailForwardingAllowlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        pattern: string;
                        note: string | null;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        updated_at: string;
                    }[];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addEmailForwardingAllowlistEntry: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an address (alice@example.com) or a domain (@example.com) */
                    pattern: string;
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        pattern: string;
                        note: string | null;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteEmailForwardingAllowlistEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the allowlist entry */
                entryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        pattern: string;
                        note: string | null;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateEmailForwardingAllowlistEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the allowlist entry */
                entryId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an address (alice@example.com) or a domain (@example.com) */
                    pattern?: string;
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        pattern: string;
                        note: string | null;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEmailForwardingAudit: {
        parameters: {
            query: {
                decision?: "ACCEPTED" | "REJECTED" | "QUARANTINED";
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of at */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: {
                            /** Format: uuid */
                            id: string;
                            /**
                             * @description ACCEPTED: stored as a document; REJECTED: refused (recipient disabled, sender not allowlisted, storage refused, or a temporary failure the sender retries); QUARANTINED: allowlisted but failed sender authentication (DKIM/SPF/DMARC), not stored
                             * @enum {string}
                             */
                            decision: "ACCEPTED" | "REJECTED" | "QUARANTINED";
                            reason: string;
                            sender: string | null;
                            recipient: string;
                            message_id: string | null;
                            document_id: string | null;
                            remote_address: string | null;
                            /** @description ISO 8601 UTC timestamp */
                            at: string;
                        }[];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description OAuth provider id, SourcePlugin source_type, manual_upload or email_forwarding */
                        provider: string;
                        /** @enum {string} */
                        kind: "OAUTH" | "CUSTOM" | "MANUAL_UPLOAD" | "EMAIL_FORWARDING";
                        /** @enum {string} */
                        status: "ACTIVE" | "SYNCING" | "ERROR" | "REQUIRES_REAUTHORIZATION" | "DISABLED";
                        auto_sync: boolean;
                        sync_interval_minutes: number;
                        plugin_id: string | null;
                        configs: components["schemas"]["SourceConfigs"];
                        last_synced_at: string | null;
                        last_error: string | null;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reconnectSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReconnectRequestInput"] | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authorization_url: string;
                        state: string;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    syncSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        source_id: string;
                        /** @enum {string} */
                        trigger: "MANUAL" | "AUTO";
                        /** @enum {string} */
                        status: "RUNNING" | "SUCCEEDED" | "FAILED" | "ABORTED";
                        /** @description ISO 8601 UTC timestamp */
                        started_at: string;
                        ended_at: string | null;
                        documents_created: number;
                        /** @description items whose bytes were already a document (duplicates) */
                        documents_skipped: number;
                        /** @description items refused (unsupported type, too large) */
                        documents_failed: number;
                        /** @description items matched by the connection's ignore patterns: not downloaded, no document */
                        documents_ignored: number;
                        error: string | null;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the source connection */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    configs?: components["schemas"]["SourceConfigsInput"];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description OAuth provider id, SourcePlugin source_type, manual_upload or email_forwarding */
                        provider: string;
                        /** @enum {string} */
                        kind: "OAUTH" | "CUSTOM" | "MANUAL_UPLOAD" | "EMAIL_FORWARDING";
                        /** @enum {string} */
                        status: "ACTIVE" | "SYNCING" | "ERROR" | "REQUIRES_REAUTHORIZATION" | "DISABLED";
                        auto_sync: boolean;
                        sync_interval_minutes: number;
                        plugin_id: string | null;
                        configs: components["schemas"]["SourceConfigs"];
                        last_synced_at: string | null;
                        last_error: string | null;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSourceActivity: {
        parameters: {
            query: {
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of started_at */
                    sort?: string;
                };
            };
            header?: never;
            path: {
                /** @description UUID of the source connection */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            source_id: string;
                            /** @enum {string} */
                            trigger: "MANUAL" | "AUTO";
                            /** @enum {string} */
                            status: "RUNNING" | "SUCCEEDED" | "FAILED" | "ABORTED";
                            /** @description ISO 8601 UTC timestamp */
                            started_at: string;
                            ended_at: string | null;
                            documents_created: number;
                            /** @description items whose bytes were already a document (duplicates) */
                            documents_skipped: number;
                            /** @description items refused (unsupported type, too large) */
                            documents_failed: number;
                            /** @description items matched by the connection's ignore patterns: not downloaded, no document */
                            documents_ignored: number;
                            error: string | null;
                        }[];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSourceAutoSync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the source connection */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        interval_minutes: number;
                        next_check_at: string | null;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateSourceAutoSync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the source connection */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled?: boolean;
                    interval_minutes?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        interval_minutes: number;
                        next_check_at: string | null;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSourceCoverage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the source connection */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        source_id: string;
                        name: string;
                        /** @enum {string} */
                        kind: "OAUTH" | "CUSTOM" | "MANUAL_UPLOAD" | "EMAIL_FORWARDING";
                        total: number;
                        by_status: {
                            RECEIVED: number;
                            PROCESSING: number;
                            PROCESSED: number;
                            FAILED: number;
                        };
                        last_synced_at: string | null;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSourceFolders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the source connection */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folders: {
                            /** @description metadata.folder; null for documents without one */
                            path: string | null;
                            documents: number;
                            last_document_at: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSourceState: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the source connection */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        source_id: string;
                        /** @description the SourcePlugin's saved BaseSourceState (never credentials) */
                        state: {
                            [key: string]: unknown;
                        };
                        /** @description ISO 8601 UTC timestamp */
                        updated_at: string;
                        last_synced_at: string | null;
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createMarketplaceEntitlement: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarketplaceEntitlementRegistrationInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketplaceEntitlement"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketplaceEntitlement"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    linkMarketplaceSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarketplaceLinkRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketplaceEntitlement"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    linkMarketplaceSubscriptionByAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarketplaceLinkByAccountRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketplaceEntitlement"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    hasPendingMarketplaceSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": boolean;
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMarketplaceSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketplaceSubscription"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query: {
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at, url */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["Webhook"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookUpdateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query: {
                /** @description only deliveries in this status */
                status?: "PENDING" | "SUCCEEDED" | "FAILED";
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at, next_attempt_at */
                    sort?: string;
                };
            };
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["WebhookDelivery"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the webhook endpoint */
                id: string;
                /** @description UUID of the delivery */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRetryAccepted"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPrompt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the id plugins pass to get_prompt: 1–100 characters of A–Z, a–z, 0–9, _ . - */
                prompt_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Prompt"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putPrompt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the id plugins pass to get_prompt: 1–100 characters of A–Z, a–z, 0–9, _ . - */
                prompt_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PromptPutRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Prompt"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deletePrompt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the id plugins pass to get_prompt: 1–100 characters of A–Z, a–z, 0–9, _ . - */
                prompt_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPrompts: {
        parameters: {
            query: {
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of prompt_id, updated_at */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["PromptSummary"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPromptVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the id plugins pass to get_prompt: 1–100 characters of A–Z, a–z, 0–9, _ . - */
                prompt_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromptVersion"][];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPromptVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the id plugins pass to get_prompt: 1–100 characters of A–Z, a–z, 0–9, _ . - */
                prompt_id: string;
                /** @description version number, from 1 */
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Prompt"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSavedViews: {
        parameters: {
            query?: {
                resource?: "documents";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["SavedView"][];
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSavedView: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedViewCreateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedView"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSavedView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedView"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateSavedView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedViewUpdateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedView"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSavedView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query: {
                actor_user_id?: string;
                actor_api_key_id?: string;
                /** @description exact action, e.g. api_key.create */
                action?: string;
                resource_type?: string;
                resource_id?: string;
                /** @description entries at or after (RFC 3339) */
                from?: string & unknown;
                /** @description entries before (RFC 3339) */
                to?: string & unknown;
                platform?: "true" | "false";
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["AuditEntry"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listExports: {
        parameters: {
            query: {
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of created_at */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["OrganizationExport"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationExport"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationExport"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getExportDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the export archive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description Invalid id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only the OWNER downloads exports */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The export has not finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The export expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listExtractionRules: {
        parameters: {
            query: {
                /** @description only the rules of this field */
                field?: string;
                /** @description only the rules of this language (`en`, `de`, `fr`, `any`) */
                language?: string;
                /** @description Spring pageable: page (0-based), size (1–100), sort=field,asc|desc */
                pageable: {
                    /**
                     * @description 0-based page number
                     * @default 0
                     */
                    page?: number;
                    /**
                     * @description page size
                     * @default 20
                     */
                    size?: number;
                    /** @description field,asc|desc; field one of id */
                    sort?: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["ExtractionRuleSummary"][];
                        page: {
                            number: number;
                            size: number;
                            total_elements: number;
                            total_pages: number;
                            /** @description present and false when total_elements is a lower bound: more rows match than were counted */
                            total_exact?: boolean;
                        };
                    };
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getExtractionRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the id an evidence names (`evidence[].rule`), e.g. `term.clause` */
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExtractionRule"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listContracts: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                per_page?: number;
                status?: "ACTIVE" | "EXPIRING" | "EXPIRED" | "TERMINATED";
                /** @description case-insensitive substring of the vendor */
                vendor?: string;
                /** @description contracts whose renewal_date is before this date */
                renewal_before?: string & unknown;
                sort?: "renewal_date" | "annual_value" | "vendor";
                order?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractList"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createContract: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContractCreateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contract"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getContract: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractDetail"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listBenchmarks: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BenchmarkList"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listBenchmarkRuns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BenchmarkRunList"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createBenchmarkRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BenchmarkRun"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listBenchmarkScores: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                per_page?: number;
                flagged?: "true" | "false";
            };
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BenchmarkScoreList"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAlerts: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                per_page?: number;
                status?: "OPEN" | "ACKNOWLEDGED" | "SNOOZED" | "RESOLVED" | "DISMISSED";
                kind?: "contract.renewal_upcoming" | "benchmark.flagged";
                /** @description `due_date`: by the notice deadline a renewal alert is about; alerts without one come last */
                sort?: "created_at" | "due_date";
                /** @description default: `desc` for `created_at` (newest first), `asc` for `due_date` (soonest first) */
                order?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertList"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the resource */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AlertUpdateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Alert"];
                };
            };
            /** @description Invalid request; `errors` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient role, or not a member of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found, or not in the caller’s tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After and the RateLimit headers */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
