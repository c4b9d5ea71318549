// Builds the browser assets into static/dist with content-hashed names and writes static/dist/manifest.json,
// which the Go server reads to link them.
// - Islands and page scripts are ES modules built by esbuild with code splitting: pages share the React chunk
//   and load only their own entries; heavy pieces (Headless UI dialogs) are split off and loaded on first use.
// - theme.js is a classic script: the shell loads it in <head>, before first paint, so the saved theme and dark
//   mode apply without a flash.
// - Every script and stylesheet is also written compressed, once, at the highest levels (name.br, name.gz): the
//   server sends the one the browser accepts instead of compressing the same bytes on every request.
// - app.css is Tailwind's output; picklist.css is the print sheet's own plain stylesheet (the 配货单 loads
//   nothing else).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const out = "static/dist";
const modules = {
  signin: "islands/signin.js",
  shell: "islands/shell/main.jsx",
  content: "islands/content.js",
  table: "islands/table/main.jsx",
  dictionaries: "islands/admin/dictionaries.jsx",
  sysadmin: "islands/admin/admin.jsx",
  subusers: "islands/admin/subusers.jsx",
  roles: "islands/admin/roles.jsx",
  usercenter: "islands/usercenter.js",
  products: "islands/catalog/main.jsx",
  picklist: "islands/shipping/picklist/print.js",
  warehouse: "islands/stock/main.jsx",
  warehouseDocument: "islands/stock/document.jsx",
  ship: "islands/shipping/main.jsx",
  storeauth: "islands/stores/main.jsx",
  aestoreauth: "islands/stores/aliexpress.jsx",
  datasync: "islands/datasync/main.jsx",
  finance: "islands/finance/main.jsx",
  sales: "islands/sales/main.jsx",
  orders: "islands/orders/main.jsx",
  profit: "islands/profit/main.jsx",
  onboarding: "islands/onboarding/main.js",
  claims: "islands/claims/main.jsx",
  storagefees: "islands/claims/storagefees.jsx",
  planning: "islands/claims/planning.jsx",
  removals: "islands/claims/removals.jsx",
  fbafees: "islands/claims/fbafees.jsx",
  purchase: "islands/purchase/main.jsx",
  advertising: "islands/advertising/main.jsx",
  pricing: "islands/pricing/main.jsx",
};
const classic = { theme: "islands/theme.js" };

for (const f of readdirSync(out)) if (f !== ".gitkeep") rmSync(join(out, f), { recursive: true });
mkdirSync(out, { recursive: true });

const common = {
  outdir: out,
  bundle: true,
  minify: true,
  target: ["es2020"],
  entryNames: "[name]-[hash]",
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
};

const manifest = {};
function record(result, entries) {
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    // Dynamically imported modules (lazy dialogs) are entry points too, but pages never link them by name.
    const entry = meta.entryPoint && Object.entries(entries).find(([, src]) => src === meta.entryPoint);
    if (entry) manifest[`${entry[0]}${file.slice(file.lastIndexOf("."))}`] = basename(file);
  }
}
record(await build({ ...common, entryPoints: modules, splitting: true, format: "esm", chunkNames: "chunk-[hash]" }), modules);
record(await build({ ...common, entryPoints: classic, format: "iife" }), classic);
const sheets = { picklist: "islands/shipping/picklist/picklist.css", labels: "islands/catalog/labels/labels.css" };
record(await build({ ...common, entryPoints: sheets }), sheets);

const css = join(out, "app.tmp.css");
execFileSync("node_modules/.bin/tailwindcss", ["-i", "islands/app.css", "-o", css, "--minify"], { stdio: "inherit" });
const body = readFileSync(css);
const hash = createHash("sha256").update(body).digest("hex").slice(0, 10);
rmSync(css);
writeFileSync(join(out, `app-${hash}.css`), body);
manifest["app.css"] = `app-${hash}.css`;

for (const f of readdirSync(out)) {
  if (!/\.(js|css)$/.test(f)) continue;
  const body = readFileSync(join(out, f));
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  // A file too small to gain is sent as it is.
  if (gz.length < body.length) writeFileSync(join(out, `${f}.gz`), gz);
  if (br.length < body.length) writeFileSync(join(out, `${f}.br`), br);
}

writeFileSync(join(out, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log("assets:", manifest);
