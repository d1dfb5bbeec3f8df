import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto } from '../../src/documents/schemas.js';
import { CUAD_PDF, scanOf } from '../parsing/ocr-scan.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import { putDemoOntology, upload, waitForDocument } from './helpers.js';

interface TextDto {
  text: string;
  pages: string[];
  ocr: { pages: number[]; confidence: Record<string, number>; mean_confidence: number | null } | null;
}

describe('a scanned contract goes through OCR, classification and extraction', () => {
  let app: TestApp;
  let h: Record<string, string>;
  let original: DocumentDto;
  let scanned: DocumentDto;
  let image: DocumentDto;

  const text = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/v1/documents/${id}/text`, headers: h })).json() as TextDto;

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '2' }));
    const owner = await signUp(app);
    h = inOrg(owner, await createTeam(app, owner));
    await putDemoOntology(app, h);
    const scan = scanOf(CUAD_PDF);
    const ids = [
      (await upload(app, h, readFileSync(CUAD_PDF), 'sponsorship.pdf')).json().id,
      (await upload(app, h, scan.scannedPdf, 'sponsorship-scan.pdf')).json().id,
      (await upload(app, h, scan.firstPagePng, 'sponsorship-page1.png')).json().id,
    ];
    [original, scanned, image] = (await Promise.all(
      ids.map((id) => waitForDocument(app, h, id, 240_000)),
    )) as [DocumentDto, DocumentDto, DocumentDto];
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it('finds the same labels and governing law in the scan as in the text layer', async () => {
    expect(original.status, original.error ?? '').toBe('PROCESSED');
    expect(scanned.status, scanned.error ?? '').toBe('PROCESSED');
    expect(original.extraction?.data.governing_law).toMatch(/Florida/);
    expect(scanned.labels).toEqual(original.labels);
    expect(scanned.extraction?.data.governing_law).toEqual(original.extraction?.data.governing_law);
  });

  it('records which pages were OCRed and how confident the engine was', async () => {
    expect((await text(original.id)).ocr).toBeNull();
    const scan = await text(scanned.id);
    expect(scan.ocr?.pages).toEqual([1, 2, 3]);
    expect(scan.ocr?.mean_confidence).toBeGreaterThan(80);
    expect(Object.keys(scan.ocr?.confidence ?? {})).toEqual(['1', '2', '3']);
    expect(scan.text).toBe(scan.pages.join('\n\n'));
  });

  it('points evidence at the OCR text', async () => {
    const scan = await text(scanned.id);
    const evidence = scanned.extraction?.evidence.governing_law ?? [];
    expect(evidence.length).toBeGreaterThan(0);
    for (const e of evidence) expect(scan.text.slice(e.start, e.end)).toBe(e.text);
  });

  it('accepts an image upload and reads it by OCR', async () => {
    expect(image.status, image.error ?? '').toBe('PROCESSED');
    expect(image.mime_type).toBe('image/png');
    const page = await text(image.id);
    expect(page.ocr?.pages).toEqual([1]);
    expect(page.text).toMatch(/Eco Science Solutions/);
    expect(image.labels[0]).toBe('Contract');
  });
});
