// The fonts a receipt is drawn with. Members' names and project titles come in any script, and PDF's standard
// fonts draw Latin-1 only, so receipts embed Noto fonts shipped by npm packages (`npm ci` brings them; nothing is
// read from the system): Noto Sans for Latin, Greek and Cyrillic, Noto Naskh Arabic, and Noto Sans Hans for Chinese
// (the GB2312 set, which also has Japanese kana). pdfkit embeds only the glyphs a receipt uses.
import type * as Fontkit from 'fontkit';
import type { Font } from 'fontkit';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// fontkit (and pdfkit, receipt.ts) load at the first receipt, not at start: they unpack their Unicode tables as they
// load, a tenth of an API process's start (decision 0047). Required from node_modules (the compiled server leaves them
// out of its bundle: they read their data files beside their own code).
export const loadPackage = createRequire(__filename);

export type Weight = 'regular' | 'bold';

// The packages' own entry points name their files but import a types package they do not depend on: the files
// are found beside the entry point instead.
const fontFile = (pkg: string, file: string) => path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file);

/** In the order tried for each character: the first face that has a glyph for it draws it. */
const FACES: Record<Weight, ReadonlyArray<{ name: string; file: () => string }>> = {
  regular: [
    { name: 'NotoSans', file: () => fontFile('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf') },
    { name: 'NotoNaskhArabic', file: () => fontFile('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf') },
    { name: 'NotoSansHans', file: () => fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf') },
  ],
  bold: [
    { name: 'NotoSans-Bold', file: () => fontFile('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf') },
    { name: 'NotoNaskhArabic-Bold', file: () => fontFile('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Bold.ttf') },
    { name: 'NotoSansHans-Bold', file: () => fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf') },
  ],
};

interface LoadedFace {
  name: string;
  font: Font;
}

// Read once per process and only when a receipt needs the face (the Chinese ones are 8 MB each).
const loaded = new Map<string, LoadedFace>();
function face(weight: Weight, index: number): LoadedFace {
  const spec = FACES[weight][index]!;
  let entry = loaded.get(spec.name);
  if (!entry) {
    entry = { name: spec.name, font: (loadPackage('fontkit') as typeof Fontkit).create(readFileSync(spec.file())) as Font };
    loaded.set(spec.name, entry);
  }
  return entry;
}

/** A stretch of text that one face draws. */
export interface TextRun {
  text: string;
  /** The face's name, for `useFace`. */
  face: string;
  /** Right-to-left script: pdfkit must lay the run out whole (fontkit then shapes it and orders it for display). */
  rtl: boolean;
}

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
// Marks, spaces, punctuation and joiners stay in the run they are in, so an Arabic name of several words is one
// right-to-left run (its words then come out in right-to-left order) and accents stay on their letters.
const NEUTRAL = /^[\p{M}\p{Zs}\p{P}\u200c\u200d]$/u;

/** The text as a receipt prints it: composed (NFC), with control characters as spaces. */
export function printable(text: string): string {
  return text.normalize('NFC').replace(/\p{Cc}/gu, ' ');
}

/**
 * `text` cut into runs, each drawn by the first face of `weight` that has its glyphs. A character no face has stays
 * in the run it falls in (it prints as the face's empty box).
 */
export function textRuns(text: string, weight: Weight = 'regular'): TextRun[] {
  const runs: Array<{ text: string; index: number }> = [];
  const count = FACES[weight].length;
  for (const char of printable(text)) {
    const code = char.codePointAt(0)!;
    const current = runs.at(-1);
    if (current && NEUTRAL.test(char) && face(weight, current.index).font.hasGlyphForCodePoint(code)) {
      current.text += char;
      continue;
    }
    let index = 0;
    while (index < count && !face(weight, index).font.hasGlyphForCodePoint(code)) index++;
    if (index === count) index = current?.index ?? 0;
    if (current && current.index === index) {
      current.text += char;
      continue;
    }
    // Spaces after a right-to-left run belong between it and what follows: inside it, they would be laid out at its
    // left end, against the text before it.
    const trailing = current && RTL.test(current.text) ? /\s+$/.exec(current.text)?.[0] : undefined;
    if (current && trailing && face(weight, index).font.hasGlyphForCodePoint(0x20)) {
      current.text = current.text.slice(0, -trailing.length);
      runs.push({ text: trailing + char, index });
    } else runs.push({ text: char, index });
  }
  return runs.map((run) => ({ text: run.text, face: face(weight, run.index).name, rtl: RTL.test(run.text) }));
}

/** Makes `face` (a run's) the current font of `doc`. */
export function useFace(doc: PDFKit.PDFDocument, face: string): PDFKit.PDFDocument {
  const entry = loaded.get(face);
  if (!entry) throw new Error(`Unknown receipt face ${face}`);
  // The parsed font itself, shared by every receipt (pdfkit takes a fontkit font; its types list only bytes): fontkit
  // decodes the layout tables a run needs once per font object, about 0.4 s of work that bytes would repeat per receipt.
  // Each document still makes its own subset of it.
  return doc.registerFont(face, entry.font as unknown as Buffer).font(face);
}
