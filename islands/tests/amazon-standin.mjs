// Starts the Amazon stand-in (app/amazon/amazontest/cmd) as a process for browser tests, and returns its
// address with the SELLERHUB_* variables that point a product server at it.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export async function startAmazon() {
  const dir = mkdtempSync(join(tmpdir(), "sellerhub-amazon-"));
  // `make browser-test` builds the stand-in once (SELLERHUB_AMAZON_BIN); a file run on its own builds it here.
  let bin = process.env.SELLERHUB_AMAZON_BIN;
  if (!bin) {
    bin = join(dir, "amazontest");
    execFileSync("go", ["build", "-o", bin, "./app/amazon/amazontest/cmd"], {
      cwd: root, env: { ...process.env, CGO_ENABLED: "0" }, stdio: "inherit",
    });
  }
  const child = spawn(bin, ["-addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = [];
  const ready = new Promise((resolve, reject) => {
    let pending = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      pending += chunk;
      let nl;
      while ((nl = pending.indexOf("\n")) >= 0) {
        lines.push(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
      }
      // The address, then one line per variable; the last one names the advertising API.
      if (lines.some((l) => l.startsWith("SELLERHUB_AMAZON_ADV_API_URL="))) resolve();
    });
    child.on("exit", (code) => reject(new Error(`the Amazon stand-in exited (${code})`)));
    // A binary that is not there never exits: without this the file waited for its address for ever.
    child.on("error", (err) => reject(new Error(`the Amazon stand-in did not start: ${err.message}`)));
  });
  await ready;
  const url = lines[0].replace(/^listening /, "");
  const env = Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
  return {
    url,
    env,
    async stop() {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
