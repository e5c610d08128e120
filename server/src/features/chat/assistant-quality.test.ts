/**
 * Regression floor of the assistant's answer quality (issue 25): the public development set
 * (server/bench/assistant-set/) played through the public API of a real server on PGlite, with the
 * offline provider — the same run as `npm run bench:assistant` (features/chat/bench/assistant-run.ts).
 *
 * The floors are what the code achieved when this test was written (measured, not hoped for): the test
 * fails when a change makes the assistant worse. Whoever improves the assistant raises them to the new
 * figures in the same commit, towards the targets (≥ 95 % answered with a correct citation,
 * 0 tasks on answered ordinary questions, 100 % of unanswerables → exactly one task with no invented
 * amount, 100 % follow-ups resolved, 100 % standalone questions kept).
 */
import path from 'node:path';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import {
  type AssistantReport,
  amountsOf,
  containsExpected,
  failureLines,
  figureLines,
  runAssistantSet,
} from './bench/assistant-run';
import {
  ASSISTANT_SET_DIR,
  buildDocx,
  buildPdf,
  documentText,
  loadAssistantSet,
  SET_BUSINESSES,
} from './bench/assistant-set';

/**
 * Shares (0..1) that may not fall, at the figures of the offline assistant measured 2026-11-26 (decision
 * 028; before the answer rewrite: 25/83 answered, 7 tasks on answered questions, 2/8 standalone). The
 * unanswerable floor is one below the 13/14 of the first rewrite: amounts written as "2.95%" or "one month's
 * rent" now count as amounts, which answers more questions right (58 → 66 of 83 here, 48 → 63 of 94 on the
 * held-out set B) and one unanswerable wrongly; on both sets together unanswerables went from 22 to 23 of 30.
 * Third round (decision 028): 71/83 answered, 8/8 standalone questions kept.
 * Sixth round: 73/83 answered (a runner-up sentence nearly as good as the best is quoted too).
 * Eighth round: 14/14 unanswerables (a sentence sharing only the business's name does not answer; an income
 * rule, "4 times the monthly rent", is no fee).
 * Tenth round: 74/83 answered (a word of the scene that no candidate holds weighs nothing).
 * Twelfth round: 13/14 unanswerables. PDFs are read with their paragraph gaps and headings, which re-cut
 * the storage PDF's chunks; "Can I have packages delivered to the storage office?" is now answered from the
 * owner's services note, which clearly outscores every sentence (a loss on this set, +20 answers on sets
 * A–I through the API). Only the note's sentence that holds the question's words is quoted, so its $45
 * starting price is not (decision 028, twelfth round).
 * Nineteenth round: 75/83 answered ("What's the shortest stay you allow in July?" reads "shortest" as the
 * minimum the guide names).
 * Twenty-third round: 76/83 answered ("Will I get money back if I leave in the middle of the month?" reads
 * "money back" as a refund).
 * Twenty-fourth round: 77/83 answered ("How much do I have to pay up front to reserve a home?" reads "pay up
 * front" as a deposit).
 * Twenty-fifth round: 78/83 answered ("If I cancel three weeks before the trip, do I get money back?" picks the
 * rule whose range, "between 14 and 29 days", holds three weeks).
 * Twenty-sixth round: 81/83 answered and 9/9 follow-ups (a close second runner-up is quoted too, so "What
 * happens if my rent check bounces?" shows the $35 returned payment fee beside the certified-funds rule).
 * Raise them as the assistant improves; the targets are ≥ 95 % answered and 100 % elsewhere.
 */
const MIN_ANSWERED_WITH_CITATION = 81 / 83;
const MIN_UNANSWERABLE_ONE_TASK = 13 / 14;
const MIN_SENSITIVE_TASK = 10 / 10;
const MIN_SENSITIVE_MARKED = 9 / 10;
const MIN_FOLLOWUPS_RESOLVED = 9 / 9;
const MIN_STANDALONE_KEPT = 8 / 8;
const MIN_ONBOARDING_ANSWERED = 9 / 9;
/** Counts that may not rise. */
const MAX_TASKS_ON_ANSWERED_ORDINARY = 0;
const MAX_INVENTED_AMOUNTS_UNANSWERABLE = 0;
const MAX_INVENTED_AMOUNTS_ALL = 0;

const share = (f: { passed: number; total: number }) => f.passed / f.total;

let t: TestApp;
let report: AssistantReport;

beforeAll(async () => {
  t = await startTestApp();
  report = await runAssistantSet({ url: t.url });
  // What a developer needs when a floor breaks: every figure and failure.
  process.stdout.write(`${[...figureLines(report), ...failureLines(report)].join('\n')}\n`);
}, 170_000);
afterAll(async () => {
  await t?.close();
});

describe('assistant development set', () => {
  it('is the public set the issue asks for: three businesses, ≥ 80 questions of every kind', () => {
    const set = loadAssistantSet();
    expect(set.businesses.flatMap((b) => Object.values(b.documents).map((d) => d.format))).toEqual(
      expect.arrayContaining(['md', 'pdf', 'docx']),
    );
    expect(set.questions.length).toBeGreaterThanOrEqual(80);
    for (const kind of ['answerable', 'unanswerable', 'sensitive', 'followup', 'standalone', 'onboarding']) {
      expect(set.questions.filter((q) => q.kind === kind).length, kind).toBeGreaterThan(0);
    }
  });

  it('ran every question through the API with the offline provider', () => {
    expect(report.provider).toBe('offline');
    expect(report.questions).toBe(loadAssistantSet().questions.length);
  });

  it('keeps the floors of the figures', () => {
    const f = report.figures;
    expect(share(f.answeredWithCitation)).toBeGreaterThanOrEqual(MIN_ANSWERED_WITH_CITATION);
    expect(share(f.unanswerableOneTask)).toBeGreaterThanOrEqual(MIN_UNANSWERABLE_ONE_TASK);
    expect(share(f.sensitiveTask)).toBeGreaterThanOrEqual(MIN_SENSITIVE_TASK);
    expect(share(f.sensitiveMarked)).toBeGreaterThanOrEqual(MIN_SENSITIVE_MARKED);
    expect(share(f.followupsResolved)).toBeGreaterThanOrEqual(MIN_FOLLOWUPS_RESOLVED);
    expect(share(f.standaloneKept)).toBeGreaterThanOrEqual(MIN_STANDALONE_KEPT);
    expect(share(f.onboardingAnswered)).toBeGreaterThanOrEqual(MIN_ONBOARDING_ANSWERED);
    expect(f.tasksOnAnsweredOrdinary.tasks).toBeLessThanOrEqual(MAX_TASKS_ON_ANSWERED_ORDINARY);
    expect(f.inventedAmountsUnanswerable).toBeLessThanOrEqual(MAX_INVENTED_AMOUNTS_UNANSWERABLE);
    expect(f.inventedAmountsAll).toBeLessThanOrEqual(MAX_INVENTED_AMOUNTS_ALL);
  });
});

/**
 * Sets written to check the assistant on phrasings nobody tuned it on, each run through the API with a floor
 * at the latest round's API figures (decision 028, twenty-seventh to thirty-fourth rounds):
 * - R (session 50): 96 follow-ups over set A's handbook and set K's townhome guide, typed as people chat;
 * - S (session 51): 75 follow-ups and 15 standalone pairs over set F's handbook and set H's studio DOCX;
 * - T (session 51): 70 answerable, 18 unanswerable and 12 follow-up questions over set C's PDF and set G's
 *   Markdown rules.
 * - U, V, W, X (session 52): 105 rows each (answerable, near-miss unanswerable, follow-up; X also standalone
 *   pairs) over three documents each of sets A, B, D, E, I, K, L, M and O.
 * S to X were written by writers who had seen neither the code nor any other set's questions.
 */
const CHECK_SETS: readonly {
  dir: string;
  floors: Partial<
    Record<'answeredWithCitation' | 'unanswerableOneTask' | 'followupsResolved' | 'standaloneKept', [number, number]>
  >;
}[] = [
  { dir: 'assistant-set-r', floors: { followupsResolved: [93, 96] } },
  { dir: 'assistant-set-s', floors: { followupsResolved: [66, 75], standaloneKept: [15, 15] } },
  {
    dir: 'assistant-set-t',
    floors: { answeredWithCitation: [57, 70], unanswerableOneTask: [15, 18], followupsResolved: [11, 12] },
  },
  {
    dir: 'assistant-set-u',
    floors: { answeredWithCitation: [62, 66], unanswerableOneTask: [14, 18], followupsResolved: [17, 21] },
  },
  {
    dir: 'assistant-set-v',
    floors: { answeredWithCitation: [59, 66], unanswerableOneTask: [17, 18], followupsResolved: [19, 21] },
  },
  {
    dir: 'assistant-set-w',
    floors: { answeredWithCitation: [54, 60], unanswerableOneTask: [15, 21], followupsResolved: [21, 24] },
  },
  {
    dir: 'assistant-set-x',
    floors: {
      answeredWithCitation: [38, 42],
      unanswerableOneTask: [13, 15],
      followupsResolved: [31, 36],
      standaloneKept: [11, 12],
    },
  },
];

describe.each(CHECK_SETS)('check set $dir', ({ dir, floors }) => {
  let app: TestApp;
  let figures: AssistantReport['figures'];
  beforeAll(async () => {
    app = await startTestApp();
    const set = loadAssistantSet(path.join(path.dirname(ASSISTANT_SET_DIR), dir));
    const r = await runAssistantSet({ url: app.url }, {}, set);
    figures = r.figures;
    process.stdout.write(`${failureLines(r).join('\n')}\n`);
  }, 170_000);
  afterAll(async () => {
    await app?.close();
  });

  it('reaches at least its floors', () => {
    for (const [name, [floor, total]] of Object.entries(floors)) {
      const figure = figures[name as keyof typeof floors];
      expect(figure.total, name).toBe(total);
      expect(figure.passed, name).toBeGreaterThanOrEqual(floor);
    }
  });
});

describe('grading of the set', () => {
  it('compares answers without citation markers, case or line breaks', () => {
    const answer =
      'According to your documents: "We do not\naccept CASH at any time." [Doc:Maplewood Resident Handbook.md#2]';
    expect(containsExpected(answer, ['do not accept cash'])).toBe(true);
    expect(containsExpected(answer, ['money order'])).toBe(false);
    expect(containsExpected('See [Doc:Rent $75.md#1]', ['$75'])).toBe(false);
  });

  it('finds money amounts and percentages, whatever their spelling', () => {
    expect(amountsOf('a $1,500.00 hold, $ 40 per month, 2.95% or 50 percent, 12 dollars; 10:00 am, Apt. 4')).toEqual([
      '$1500',
      '$40',
      '2.95%',
      '50%',
      '$12',
    ]);
  });
});

describe('files of the set', () => {
  const docOf = (format: string) => {
    const doc = SET_BUSINESSES.flatMap((b) => Object.values(b.documents)).find((d) => d.format === format);
    if (!doc) throw new Error(`no ${format} in the set`);
    return doc;
  };

  it('the PDF draws each line on its own, breaks lines mid-sentence and runs a paragraph over a page break', async () => {
    const pdf = await getDocumentProxy(new Uint8Array(await buildPdf(documentText(docOf('pdf')))));
    const pages = (await extractText(pdf, { mergePages: false })).text;
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.join('\n')).toContain('Cedar Point Self Storage');
    const page = await pdf.getPage(1);
    const items = (await page.getTextContent()).items.filter((i) => 'str' in i && i.str.trim() !== '');
    const lines = items.map((i) => ('str' in i ? i.str : ''));
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.filter((l) => !/[.:!?]$/.test(l)).length).toBeGreaterThan(10);
    // The first page ends mid-sentence: its last line carries on on the next page.
    expect(lines.at(-1)).not.toMatch(/[.:!?]$/);
  });

  it('a justified PDF hyphenates long words at line ends, as typesetting does', async () => {
    const pdf = await getDocumentProxy(new Uint8Array(await buildPdf(documentText(docOf('pdf')), undefined, true)));
    const page = await pdf.getPage(1);
    const items = (await page.getTextContent()).items.filter((i) => 'str' in i && i.str.trim() !== '');
    const lines = items.map((i) => ('str' in i ? i.str : ''));
    const broken = lines.filter((l) => /[a-z]{3}-$/.test(l));
    expect(broken.length).toBeGreaterThan(2);
  });

  it('the DOCX has Word headings and a bulleted list', async () => {
    const { value: html } = await mammoth.convertToHtml({ buffer: buildDocx(documentText(docOf('docx'))) });
    expect(html).toContain('<h1>Bayside Vacation Rentals Guest Guide</h1>');
    expect(html).toContain('<h2>Booking and Payment</h2>');
    expect(html).toMatch(/<ul><li>Quiet hours are from 10:00 p\.m\./);
  });

  it('the Markdown handbook is hard-wrapped, with times and amounts broken over lines', () => {
    const text = documentText(docOf('md'));
    const lines = text.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(72);
    expect(text).toMatch(/9:00\np\.m\./);
    expect(text).toMatch(/\$25 per\nmonth/);
  });
});
