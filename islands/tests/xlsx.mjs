// Reads back the .xlsx files the export buttons download, with nothing but node itself: an .xlsx is a zip of XML
// parts, so the test finds the parts through the zip's central directory, inflates them with zlib, and reads the
// first sheet's cells (shared, inline or plain strings and numbers) into rows of text. writeSheet makes the
// smallest .xlsx the other way, for the import tests.
import { readFileSync, writeFileSync } from "node:fs";
import { crc32, inflateRawSync } from "node:zlib";

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

const escapeXml = (s) => String(s).replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]);

/** A zip of the entries (name -> string), stored without compression, as the smallest valid .xlsx needs. */
function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, "utf8");
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** Writes rows (arrays of cell texts) as the first sheet of a new .xlsx file at path, every cell an inline string. */
export function writeSheet(path, rows) {
  const column = (i) => (i >= 26 ? column(Math.floor(i / 26) - 1) : "") + String.fromCharCode(65 + (i % 26));
  const sheetRows = rows
    .map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`).join("")}</row>`)
    .join("");
  const ns = "http://schemas.openxmlformats.org";
  writeFileSync(path, zip({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  }));
}
