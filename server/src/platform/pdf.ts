import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * Building blocks of the documents the server prints (a quote, the office day's schedule): US
 * Letter pages, Noto Sans SC embedded from npm (it covers Chinese and Latin text; pdfkit subsets
 * it, so a page stays small), headings, label/value rows, tables and paragraphs. Nothing is
 * downloaded at run time.
 */

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};

export type Pdf = PDFKit.PDFDocument;
const MARGIN = 54;
const GREY = '#666666';

/**
 * The two fonts, read and parsed once per process: each file is about 10 MB, and reading and parsing
 * them for every document was most of a document's time. pdfkit takes a parsed fontkit font as a
 * font source (it only reads it; each document still makes its own subset).
 */
let parsedFonts: { regular: unknown; bold: unknown } | null = null;
function fonts() {
  if (!parsedFonts) {
    const fontkit = require('fontkit') as { create(buffer: Buffer): unknown };
    parsedFonts = { regular: fontkit.create(fs.readFileSync(FONTS.regular)), bold: fontkit.create(fs.readFileSync(FONTS.bold)) };
  }
  return parsedFonts;
}

export function createPdf(info: { title: string; author?: string }): Pdf {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: info.title, Author: info.author ?? '' } });
  const { regular, bold } = fonts();
  // pdfkit's types list only paths and buffers; at run time it takes any object with fontkit's layout().
  doc.registerFont('regular', regular as Buffer);
  doc.registerFont('bold', bold as Buffer);
  doc.font('regular').fontSize(10);
  return doc;
}

/** Width of the text area. */
export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

export function heading(doc: Pdf, text: string, size = 16): void {
  doc
    .font('bold')
    .fontSize(size)
    .fillColor('black')
    .text(text, { width: contentWidth(doc) });
  doc.font('regular').fontSize(10).moveDown(0.3);
}

/** Small grey lines under a title (an address, a date). */
export function subtitle(doc: Pdf, lines: string[]): void {
  doc.font('regular').fontSize(9).fillColor(GREY);
  for (const line of lines.filter(Boolean)) doc.text(line, { width: contentWidth(doc) });
  doc.fillColor('black').fontSize(10).moveDown(0.6);
}

/** Label / value pairs, one per line, labels in a fixed column. */
export function facts(doc: Pdf, rows: [label: string, value: string][], labelWidth = 120): void {
  const left = doc.page.margins.left;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc
      .font('bold')
      .fontSize(10)
      .text(label, left, y, { width: labelWidth - 8 });
    const labelBottom = doc.y;
    doc.font('regular').text(value || '—', left + labelWidth, y, { width: contentWidth(doc) - labelWidth });
    doc.y = Math.max(doc.y, labelBottom) + 2;
  }
  doc.x = left;
  doc.moveDown(0.4);
}

export interface PdfColumn {
  title: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
}

/** A table with a bold header row and a rule under it; a bold last row when `totalRow` is set. */
export function table(doc: Pdf, columns: PdfColumn[], rows: string[][], opts: { totalRow?: boolean } = {}): void {
  const left = doc.page.margins.left;
  const full = contentWidth(doc);
  const widths = columns.map((c) => c.width * full);
  const drawRow = (cells: string[], font: 'regular' | 'bold') => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
    const y = doc.y;
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      doc
        .font(font)
        .fontSize(10)
        .text(cell, x + 2, y, { width: widths[i]! - 4, align: columns[i]!.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
      x += widths[i]!;
    });
    doc.y = bottom + 3;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + full, doc.y)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.y += 3;
  };
  drawRow(
    columns.map((c) => c.title),
    'bold',
  );
  rule();
  rows.forEach((cells, i) => {
    const last = i === rows.length - 1;
    if (last && opts.totalRow) rule();
    drawRow(cells, last && opts.totalRow ? 'bold' : 'regular');
  });
  doc.x = left;
  doc.moveDown(0.6);
}

export function paragraph(doc: Pdf, text: string, opts: { title?: string; small?: boolean } = {}): void {
  if (opts.title)
    doc
      .font('bold')
      .fontSize(11)
      .text(opts.title, { width: contentWidth(doc) });
  doc
    .font('regular')
    .fontSize(opts.small ? 8.5 : 10)
    .fillColor(opts.small ? GREY : 'black')
    .text(text, { width: contentWidth(doc) });
  doc.fillColor('black').fontSize(10).moveDown(0.6);
}

/** Ends the document and collects its bytes. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
