import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parseDocument } from './parsers';

/** A page as a word processor draws one: lines 16 pt apart, paragraphs and headings set apart by space. */
async function pdfOf(lines: { text: string; bold?: boolean; gapBefore?: boolean }[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  let y = 740;
  for (const line of lines) {
    if (line.gapBefore) y -= 16;
    page.drawText(line.text, { x: 50, y, size: 11, font: line.bold ? bold : font });
    y -= 16;
  }
  return pdf.save();
}

describe('PDF text as blocks', () => {
  it('keeps a label line apart from the paragraph drawn below it after a gap, and a bold line is a heading', async () => {
    const bytes = await pdfOf([
      { text: 'Contacts and Hours', bold: true },
      { text: 'Front desk phone: (555) 247-8100', gapBefore: true },
      { text: 'Member app: book rooms, invite guests and pay invoices in the app', gapBefore: true },
      { text: 'Members on a dedicated desk have access 24 hours a day with their', gapBefore: true },
      { text: 'key card. Flex desk members have access from 7 a.m. to 10 p.m.' },
      { text: 'Billing and Payment', bold: true, gapBefore: true },
      { text: 'Fees are billed on the 1st of each month.' },
    ]);
    const { blocks } = await parseDocument('pdf', bytes);
    const shown = blocks.filter((b) => !(b.kind === 'heading' && b.quiet)).map((b) => [b.kind, b.text]);
    expect(shown).toEqual([
      ['heading', 'Contacts and Hours'],
      ['text', 'Front desk phone: (555) 247-8100'],
      ['text', 'Member app: book rooms, invite guests and pay invoices in the app'],
      [
        'text',
        'Members on a dedicated desk have access 24 hours a day with their key card. Flex desk members have access from 7 a.m. to 10 p.m.',
      ],
      ['heading', 'Billing and Payment'],
      ['text', 'Fees are billed on the 1st of each month.'],
    ]);
  });

  it('joins the lines of a paragraph drawn without gaps, in one font', async () => {
    const bytes = await pdfOf([
      { text: 'Rent is due on the 1st. A payment received after the' },
      { text: '5th carries a $50 late fee.' },
    ]);
    const { blocks } = await parseDocument('pdf', bytes);
    expect(blocks.filter((b) => b.kind === 'text').map((b) => b.text)).toEqual([
      'Rent is due on the 1st. A payment received after the 5th carries a $50 late fee.',
    ]);
  });
});
