// Reading a printed PDF back, for the tests that print pages with Chromium (page.pdf).

/** Reads a PDF's text back, one string per page: its text runs joined with the white space taken out, since a
 * long cell value wraps into several runs (FBA15PRINT01-MSKU- / 001). */
export async function pdfPages(buffer) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => i.str).join("").replace(/\s+/g, ""));
  }
  await doc.destroy();
  return pages;
}
