/**
 * The development sets load from their folders (businesses.json, questions.json, optional onboarding.json):
 * set A as before, the held-out set B, and a set without a scripted onboarding. No server is started; the
 * answers are measured by assistant-quality.test.ts (set A) and `npm run bench:assistant -- --set b`.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ASSISTANT_SET_DIR,
  assistantSetDir,
  documentBytes,
  documentText,
  loadAssistantSet,
  SET_BUSINESSES,
} from './assistant-set';

const SET_B_DIR = path.join(path.dirname(ASSISTANT_SET_DIR), 'assistant-set-b');
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('assistant development sets', () => {
  it('set A keeps its three businesses, documents and onboarding, read from its businesses.json', () => {
    const set = loadAssistantSet();
    expect(set.dir).toBe(ASSISTANT_SET_DIR);
    expect(set.businesses.map((b) => b.key)).toEqual(['maplewood', 'cedar-point', 'bayside']);
    expect(set.businesses).toEqual(SET_BUSINESSES);
    expect(set.businesses.flatMap((b) => Object.values(b.documents).map((d) => d.uploadName))).toEqual([
      'Maplewood Resident Handbook.md',
      'Larkspur Rental Criteria.md',
      'Cedar Point Rental Rules.pdf',
      'Bayside Guest Guide.docx',
    ]);
    expect(set.onboarding?.business).toBe('cedar-point');
  });

  it('--set names a set: nothing or "a" is set A, "b" the folder beside it, anything else a path', () => {
    expect(assistantSetDir()).toBe(ASSISTANT_SET_DIR);
    expect(assistantSetDir('a')).toBe(ASSISTANT_SET_DIR);
    expect(assistantSetDir('b')).toBe(SET_B_DIR);
    expect(assistantSetDir(SET_B_DIR)).toBe(SET_B_DIR);
  });

  it('set B is a held-out set of its own: other businesses, every format, ≥ 110 questions of every kind', () => {
    const set = loadAssistantSet(SET_B_DIR);
    const a = loadAssistantSet();
    expect(set.businesses.map((b) => b.key)).toEqual(['ridgeview', 'hollis-pryor', 'juniper-point']);
    expect(set.businesses.flatMap((b) => Object.values(b.documents).map((d) => d.format)).sort()).toEqual(
      expect.arrayContaining(['docx', 'md', 'pdf']),
    );
    expect(set.questions.length).toBeGreaterThanOrEqual(110);
    for (const kind of ['answerable', 'unanswerable', 'sensitive', 'followup', 'standalone', 'onboarding']) {
      expect(set.questions.filter((q) => q.kind === kind).length, kind).toBeGreaterThan(0);
    }
    const aQuestions = new Set(a.questions.map((q) => q.question.toLowerCase()));
    expect(set.questions.filter((q) => aQuestions.has(q.question.toLowerCase()))).toEqual([]);
    // Each document 1,000–2,500 words; the Markdown ones hard-wrapped.
    for (const doc of set.businesses.flatMap((b) => Object.values(b.documents))) {
      const text = documentText(doc);
      const words = text.split(/\s+/).filter(Boolean).length;
      expect(words, doc.uploadName).toBeGreaterThanOrEqual(1000);
      expect(words, doc.uploadName).toBeLessThanOrEqual(2500);
      if (doc.format === 'md')
        expect(Math.max(...text.split('\n').map((l) => l.length)), doc.uploadName).toBeLessThanOrEqual(78);
    }
  });

  it.each(['c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q'])(
    'set %s loads: three businesses, every kind of question, no question of set A',
    (name) => {
      const set = loadAssistantSet(assistantSetDir(name));
      expect(set.businesses).toHaveLength(3);
      expect(set.onboarding).not.toBeNull();
      for (const kind of ['answerable', 'unanswerable', 'sensitive', 'followup', 'standalone', 'onboarding'] as const) {
        expect(set.questions.filter((q) => q.kind === kind).length, kind).toBeGreaterThan(0);
      }
      const aQuestions = new Set(loadAssistantSet().questions.map((q) => q.question.toLowerCase()));
      expect(set.questions.filter((q) => aQuestions.has(q.question.toLowerCase()))).toEqual([]);
    },
  );

  it("set B's PDF and DOCX are built from their sources, with the PDF's own title", async () => {
    const docs = loadAssistantSet(SET_B_DIR).businesses.flatMap((b) => Object.values(b.documents));
    const pdfDoc = docs.find((d) => d.format === 'pdf');
    const docxDoc = docs.find((d) => d.format === 'docx');
    if (!pdfDoc || !docxDoc) throw new Error('set B has a PDF and a DOCX');
    const pdf = await getDocumentProxy(new Uint8Array(await documentBytes(pdfDoc)));
    expect((await extractText(pdf, { mergePages: true })).text).toContain('Hollis & Pryor Home Rentals');
    expect((await pdf.getMetadata()).info).toMatchObject({ Title: 'Tenant Handbook' });
    const { value: html } = await mammoth.convertToHtml({ buffer: await documentBytes(docxDoc) });
    expect(html).toContain('<h1>Ridgeview Hall Applying and Booking FAQ</h1>');
  });

  it('loads a set without onboarding.json, and refuses an onboarding question in it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assistant-set-'));
    temps.push(dir);
    cpSync(SET_B_DIR, dir, { recursive: true });
    rmSync(path.join(dir, 'onboarding.json'));
    const { questions } = loadAssistantSet(SET_B_DIR);
    const withoutOnboarding = questions.filter((q) => q.kind !== 'onboarding');
    writeFileSync(path.join(dir, 'questions.json'), JSON.stringify({ questions: withoutOnboarding }));
    const set = loadAssistantSet(dir);
    expect(set.onboarding).toBeNull();
    expect(set.questions).toHaveLength(withoutOnboarding.length);

    writeFileSync(path.join(dir, 'questions.json'), JSON.stringify({ questions }));
    expect(() => loadAssistantSet(dir)).toThrow(/onboarding question for a business without the scripted onboarding/);
  });

  it('names an expected string missing from its document', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assistant-set-'));
    temps.push(dir);
    cpSync(SET_B_DIR, dir, { recursive: true });
    const { questions } = loadAssistantSet(SET_B_DIR);
    const [first, ...rest] = questions;
    if (!first) throw new Error('set B has questions');
    writeFileSync(
      path.join(dir, 'questions.json'),
      JSON.stringify({ questions: [{ ...first, expected: ['$9,999 per hour'] }, ...rest] }),
    );
    expect(() => loadAssistantSet(dir)).toThrow(new RegExp(`${first.id}: none of .*\\$9,999 per hour`));
  });
});
