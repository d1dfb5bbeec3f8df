import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto } from '../../src/documents/schemas.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import { serverDir } from '../support/paths.js';
import { corpusFile, demoOntology, upload, waitForDocument } from './helpers.js';

/** A Kleister NDA encrypted with qpdf (user password "userpw"): see test/parsing/fixtures/README.md. */
const ENCRYPTED_PDF = readFileSync(path.join(serverDir, 'test/parsing/fixtures/encrypted.pdf'));
/** An email (mailgun's flanker test suite) with one attachment: test.pdf, 6940 bytes. */
const EMAIL_WITH_PDF = corpusFile('email', 'mailgun-flanker', 'attached-pdf.eml');
/** A signed email with a PNG and its S/MIME signature (smime.p7s, a type uploads do not accept). */
const NESTED_EMAIL = corpusFile('email', 'mikel-mail', 'raw_email_with_nested_attachment.eml');
/** GitHub's Acceptable Use Policies (Markdown). */
const POLICY_MD = corpusFile('policies-md', 'acceptable-use-policies', 'github-acceptable-use-policies.md');

describe('pipeline outcomes with in-process workers', () => {
  let app: TestApp;
  let h: Record<string, string>;

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '2', SERVICE_PLUGIN_POOL_SIZE: '2' }));
    const owner = await signUp(app);
    const team = await createTeam(app, owner);
    h = inOrg(owner, team);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/ontology',
      headers: h,
      payload: demoOntology(),
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('fails a password-protected PDF at step parse with a readable reason, and the workers go on', async () => {
    const res = await upload(app, h, ENCRYPTED_PDF, 'locked.pdf');
    expect(res.statusCode, res.body).toBe(202);
    const failed = await waitForDocument(app, h, res.json().id);
    expect(failed).toMatchObject({ status: 'FAILED', step: 'parse', labels: [], extraction: null });
    expect(failed.error).toMatch(/^parse: .*password-protected/);
    expect(failed.attempts).toBe(1);

    // A failure of one document is the document's, not the worker's: the next one goes through.
    const next = await upload(app, h, POLICY_MD, 'github-acceptable-use-policies.md');
    const done = await waitForDocument(app, h, next.json().id);
    expect(done.status, done.error ?? '').toBe('PROCESSED');
    expect(done.classification_trace[0]?.available_labels).toEqual(['Contract', 'Invoice', 'Policy']);
    // The built-in classifier reports how sure it was; the document shows it.
    const root = done.classification_trace[0]?.decision;
    expect(root).toMatchObject({ label: 'Policy', abstention_reason: null });
    expect(root?.probability).toBeGreaterThan(0.4);
    expect(root?.runner_up).not.toBe('Policy');
    expect(root?.evidence.length).toBeGreaterThan(0);

    // Reprocessing cannot fix the file: it fails the same way again.
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/documents/${failed.id}/reprocess`,
      headers: h,
    });
    expect(again.json()).toMatchObject({ status: 'RECEIVED', step: 'parse', error: null });
    expect(await waitForDocument(app, h, failed.id)).toMatchObject({ status: 'FAILED', step: 'parse' });
  }, 60_000);

  it('makes each attachment of an email a document of its own, linked by parent_document_id', async () => {
    const res = await upload(app, h, EMAIL_WITH_PDF, 'attached-pdf.eml');
    expect(res.statusCode, res.body).toBe(202);
    const email = await waitForDocument(app, h, res.json().id);
    expect(email).toMatchObject({
      status: 'PROCESSED',
      mime_type: 'message/rfc822',
      parent_document_id: null,
    });

    const list = await app.inject({ method: 'GET', url: '/api/v1/documents?size=100', headers: h });
    const children = (list.json().content as DocumentDto[]).filter((d) => d.parent_document_id === email.id);
    expect(children).toHaveLength(1);
    const child = children[0] as DocumentDto;
    expect(child).toMatchObject({
      filename: 'test.pdf',
      mime_type: 'application/pdf',
      size_bytes: 6940,
      metadata: { attachment_of: email.id },
    });
    expect(await waitForDocument(app, h, child.id)).toMatchObject({ parent_document_id: email.id });

    const text = await app.inject({ method: 'GET', url: `/api/v1/documents/${email.id}/text`, headers: h });
    // The email's text is its body; the attachment's text belongs to the child.
    expect(text.json().text).toBe('Test - body content');
    expect(text.json().attachments).toEqual([{ filename: 'test.pdf', document_id: child.id, error: null }]);
  }, 60_000);

  it('records an attachment of a type that is not accepted on the email instead of dropping it silently', async () => {
    // An S/MIME-signed message (mikel's mail suite): a PNG part and the signature, smime.p7s.
    const res = await upload(app, h, NESTED_EMAIL, 'raw_email_with_nested_attachment.eml');
    expect(res.statusCode, res.body).toBe(202);
    const email = await waitForDocument(app, h, res.json().id);
    expect(email.status).toBe('PROCESSED');
    const text = await app.inject({ method: 'GET', url: `/api/v1/documents/${email.id}/text`, headers: h });
    const attachments = text.json().attachments as {
      filename: string;
      document_id: string | null;
      error: string | null;
    }[];
    expect(attachments.map((a) => a.filename).sort()).toEqual(['smime.p7s', 'truncated.png']);
    expect(attachments.find((a) => a.filename === 'truncated.png')).toMatchObject({ error: null });
    expect(attachments.find((a) => a.filename === 'truncated.png')?.document_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(attachments.find((a) => a.filename === 'smime.p7s')).toMatchObject({
      document_id: null,
      error: expect.stringMatching(/^Unsupported file type.*accepted are pdf/),
    });
  }, 60_000);
});
