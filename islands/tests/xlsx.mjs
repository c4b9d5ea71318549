// Reads back the .xlsx files the export buttons download, with nothing but node itself: an .xlsx is a zip of XML
// parts, so the test finds the parts through the zip's central directory, inflates them with zlib, and reads the
// first sheet's cells (shared, inline or plain strings and numbers) into rows of text.
import { readFileSync } from "node:fs";
import { inflateRawSync } from "node:zlib";

/** The entries of a zip file: name -> contents (Buffer). Only stored (0) and deflated (8) entries, as xlsx uses. */
export function unzip(buffer) {
  // The end-of-central-directory record is in the last 64 KiB + 22 bytes (its comment is at most 64 KiB).
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65557); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("not a zip file: no end of central directory");
  const count = buffer.readUInt16LE(eocd + 10);
  let at = buffer.readUInt32LE(eocd + 16);
  const entries = new Map();
  for (let n = 0; n < count; n++) {
    if (buffer.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry at ${at}`);
    const method = buffer.readUInt16LE(at + 10);
    // The central directory has the true sizes; a streamed local header may carry zeros (data descriptor).
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const skip = nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString("utf8", at + 46, at + 46 + nameLength);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`${name}: compression method ${method} is not read here`);
    entries.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + skip;
  }
  return entries;
}

const unescape = (s) =>
  s.replace(/&(lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-f]+));/gi, (_, name, dec, hex) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" }[name]);

// The text of an element's <t> runs (a shared or inline string may be split into rich-text runs).
const texts = (xml) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t[^>]*\/>/g)].map((m) => unescape(m[1] ?? "")).join("");

/** The first sheet of an .xlsx file as rows of cell texts, in column order (missing cells as ""). */
export function readSheet(path) {
  const parts = unzip(readFileSync(path));
  const sheetXml = parts.get("xl/worksheets/sheet1.xml")?.toString("utf8");
  if (!sheetXml) throw new Error(`no xl/worksheets/sheet1.xml among ${[...parts.keys()].join(", ")}`);
  const shared = [...(parts.get("xl/sharedStrings.xml")?.toString("utf8") ?? "").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1]));
  const column = (ref) => [...ref.replace(/\d+$/, "")].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const rows = [];
  for (const row of sheetXml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells = [];
    for (const c of row[1].matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1];
      const body = c[2] ?? "";
      const type = attrs.match(/\bt="(\w+)"/)?.[1];
      const value = unescape(body.match(/<v>([\s\S]*?)<\/v>/)?.[1] ?? "");
      const text = type === "s" ? shared[Number(value)] : type === "inlineStr" ? texts(body) : value;
      cells[column(attrs.match(/\br="([A-Z]+\d+)"/)[1])] = text;
    }
    rows.push(Array.from(cells, (t) => t ?? ""));
  }
  return rows;
}
