/**
 * Real documents built inside the tests (no fixtures on disk): PDF through pdf-lib, DOCX as the
 * minimal OOXML package Word itself reads, XLSX through exceljs, and a DOCX zip bomb.
 */
import ExcelJS from 'exceljs';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** One PDF page per entry, each line drawn as real text (a text layer unpdf can read); `title` sets the metadata Title. */
export async function makePdf(pages: string[][], options: { title?: string } = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  if (options.title !== undefined) pdf.setTitle(options.title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((line, i) => {
      page.drawText(line, { x: 50, y: 740 - i * 18, size: 12, font });
    });
  }
  return Buffer.from(await pdf.save());
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type DocxParagraph = { heading?: 1 | 2 | 3; text: string };

function docxParts(documentXml: Uint8Array, title?: string): Zippable {
  const core: Zippable =
    title === undefined
      ? {}
      : {
          'docProps/core.xml': strToU8(
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
              '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
              'xmlns:dc="http://purl.org/dc/elements/1.1/">' +
              `<dc:title>${escapeXml(title)}</dc:title><dc:creator>Helixis tests</dc:creator></cp:coreProperties>`,
          ),
        };
  return {
    ...core,
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    'word/document.xml': documentXml,
  };
}

/**
 * A .docx with paragraphs; headings use Word's built-in Heading styles, which mammoth maps to h1–h3.
 * `title` writes docProps/core.xml with that dc:title.
 */
export function makeDocx(paragraphs: DocxParagraph[], options: { title?: string } = {}): Buffer {
  const body = paragraphs
    .map((p) => {
      const style = p.heading ? `<w:pPr><w:pStyle w:val="Heading${p.heading}"/></w:pPr>` : '';
      return `<w:p>${style}<w:r><w:t xml:space="preserve">${escapeXml(p.text)}</w:t></w:r></w:p>`;
    })
    .join('');
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:body>${body}</w:body></w:document>`;
  return Buffer.from(zipSync(docxParts(strToU8(xml), options.title), { level: 6 }));
}

/**
 * A .docx of a few hundred KB whose parts inflate to `entries` × `entryBytes` (default 3 × 36 MB):
 * the kind of file the zip-bomb guard must refuse before mammoth inflates it.
 */
export function makeZipBombDocx(entries = 3, entryBytes = 36 * 1024 * 1024): Buffer {
  const filler = new Uint8Array(entryBytes).fill(0x20);
  const parts = docxParts(
    strToU8('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'),
  );
  for (let i = 0; i < entries; i++) parts[`word/media/padding${i}.xml`] = [filler, { level: 6 }];
  return Buffer.from(zipSync(parts));
}

/** An .xlsx with one sheet per entry; the first row of each sheet is its header. */
export async function makeXlsx(sheets: Record<string, (string | number)[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
