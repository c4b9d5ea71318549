// Builds the browser assets into static/dist with content-hashed names and writes static/dist/manifest.json,
// which the Go server reads to link them. Scripts are ES modules built by esbuild with code splitting, so pages
// share chunks (React, later) and load only their own entries; the stylesheet is Tailwind's.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const out = "static/dist";
const entries = { signin: "islands/signin.js" };

for (const f of readdirSync(out)) if (f !== ".gitkeep") rmSync(join(out, f), { recursive: true });
mkdirSync(out, { recursive: true });

const result = await build({
  entryPoints: entries,
  outdir: out,
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  target: ["es2020"],
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
});

const manifest = {};
for (const [file, meta] of Object.entries(result.metafile.outputs)) {
  if (meta.entryPoint) {
    const name = Object.entries(entries).find(([, src]) => src === meta.entryPoint)[0];
    manifest[`${name}.js`] = basename(file);
  }
}

const css = join(out, "app.tmp.css");
execFileSync("node_modules/.bin/tailwindcss", ["-i", "islands/app.css", "-o", css, "--minify"], { stdio: "inherit" });
const body = readFileSync(css);
const hash = createHash("sha256").update(body).digest("hex").slice(0, 10);
rmSync(css);
writeFileSync(join(out, `app-${hash}.css`), body);
manifest["app.css"] = `app-${hash}.css`;

writeFileSync(join(out, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log("assets:", manifest);
