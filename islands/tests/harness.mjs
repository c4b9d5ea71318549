// Shared harness for the browser tests: start a sellerhub server on a fresh SQLite database, launch the system
// Chromium, read the verification codes the log sender writes to stdout, and a few helpers that act on the
// sign-in pages the way a person does (type, click by visible text, read the notice).
//
// Every test file starts its own servers, one per JavaScript mode, each with its own temporary database, so that
// the server's limits (one code per target per 60 s, 10 codes per address per 10 minutes, failed-login limits)
// never carry over between files or modes.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, mkdirSync, renameSync, rmSync, rmdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "node:test";
import { chromium } from "playwright-core";

export const ADMIN_ACCOUNT = "admin@sellerhub.local";
export const ADMIN_PASSWORD = "Admin#2026pass";
export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), "artifacts");
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The two ways every flow runs: with the sign-in script, and as plain HTML forms. */
export const MODES = [
  { js: true, label: "JavaScript on" },
  { js: false, label: "JavaScript off" },
];

/**
 * How long a test waits for something it expects (a tab, a toast, a row): CI's 2 cores run the Go tests beside two
 * browser files, and a wait of 3-5 s failed there on a save that took longer. A wait ends as soon as it holds.
 */
export const PATIENCE = 20000;

// The servers a file has started and not stopped: a failed test prints their last lines, as CI keeps nothing else of
// a run that went wrong (a slow first sync or a 500 says why only there).
const liveServers = new Set();
const LOG_TAIL = 80;
afterEach((t) => {
  if (t.passed) return;
  // One diagnostic a line: the TAP reporter CI reads escapes a message's line breaks.
  for (const server of liveServers) {
    t.diagnostic(`sellerhub ${server.url} 的最后 ${LOG_TAIL} 行输出:`);
    for (const line of server.log().split("\n").slice(-LOG_TAIL)) t.diagnostic(line);
  }
});

/**
 * How long a test waits for a store's first sync (or a part of it) to finish: some 30 s alone, two minutes and more
 * on CI's 2 cores beside the Go tests' own syncs. The wait ends as soon as the sync does.
 */
export const SYNC_PATIENCE = 300000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Calls the JSON API from the page, with its session, and answers the envelope's data; anything but success fails
 * the test with the call and the server's message. For setting up what a screen then shows.
 */
export async function apiCall(page, method, path, body) {
  const env = await page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p, { method: m, headers: { "Content-Type": "application/json", Accept: "application/json" }, body: b === undefined ? undefined : JSON.stringify(b) });
      return r.json();
    },
    [method, path, body],
  );
  if (env.code !== "201") throw new Error(`${method} ${path}: ${env.msg}`);
  return env.data;
}
// A timer that does not keep the test process alive, for the deadlines raced against events.
const deadline = (ms) => new Promise((r) => setTimeout(r, ms).unref());

/**
 * Starts bin/sellerhub (SELLERHUB_BIN) on a port the system picks with a fresh SQLite database in a temporary directory.
 * options.env adds or overrides environment variables (for example SELLERHUB_ADMIN_ACCOUNT).
 * Resolves when the server prints "sellerhub 已启动: http://...".
 */
export async function startServer(options = {}) {
  const bin = process.env.SELLERHUB_BIN;
  if (!bin) throw new Error("SELLERHUB_BIN is not set: run the browser tests with `make browser-test`");
  const dir = mkdtempSync(join(tmpdir(), "sellerhub-browser-"));
  if (options.env?.SELLERHUB_DEMO_DATA === "true" && !options.makingDemo) {
    const demo = await demoDatabase(bin, options.env);
    if (demo) for (const suffix of ["", "-wal"]) if (existsSync(demo + suffix)) copyFileSync(demo + suffix, join(dir, "db.sqlite" + suffix));
  }
  const env = {
    ...process.env,
    // Port 0: the server binds a port the system picks and prints it. Picking one here and passing it on left a
    // window in which another test's server or browser took it ("address already in use").
    SELLERHUB_ADDR: "127.0.0.1:0",
    SELLERHUB_DATABASE_URL: `sqlite://${join(dir, "db.sqlite")}`,
    SELLERHUB_ADMIN_PASSWORD: ADMIN_PASSWORD,
    SELLERHUB_LOG_FORMAT: "json",
    // The demo's 90 days of Amazon data take seconds to import at each fresh start; the test that looks at them
    // asks for them.
    SELLERHUB_DEMO_DATA: "false",
    // An instance told to stop keeps serving 5 s for its load balancer; a test's server has none, and every file's
    // stop waited those 5 s.
    SELLERHUB_DRAIN_WAIT: "0s",
    // A sync waiting on the stand-in's report resumes at the queue's next look for jobs: each 1 s look cost a
    // first sync about a second per report.
    SELLERHUB_JOB_POLL: "100ms",
    ...options.env,
  };
  const child = spawn(bin, ["serve"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });

  const codes = []; // every verification code's log line (its message starts 【验证码】), in order
  const output = []; // the last lines of stdout and stderr, for failure messages
  const remember = (line) => {
    output.push(line);
    if (output.length > 200) output.shift();
  };
  let url = "";
  let readyResolve;
  const ready = new Promise((resolve) => (readyResolve = resolve));

  let pending = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    pending += chunk;
    let nl;
    while ((nl = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      remember(line);
      const started = line.match(/sellerhub 已启动: (http:\/\/\S+?)\/?$/);
      if (started) {
        url = started[1];
        readyResolve();
        continue;
      }
      if (!line.startsWith("{")) continue;
      try {
        const entry = JSON.parse(line);
        if (entry.msg?.startsWith("【验证码】")) codes.push(entry);
      } catch {
        // not a JSON log line
      }
    }
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => chunk.split("\n").filter(Boolean).forEach((l) => remember("stderr: " + l)));

  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const outcome = await Promise.race([
    ready.then(() => "ready"),
    exited.then(() => "exited"),
    // A start with the demo data (SELLERHUB_DEMO_DATA) imports 90 days of it first: seconds alone, more beside
    // another test file and the Go tests.
    deadline(6 * PATIENCE).then(() => "timeout"),
  ]);
  if (outcome !== "ready") {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`sellerhub did not start (${outcome}):\n${output.join("\n")}`);
  }

  const database = `sqlite://${join(dir, "db.sqlite")}`;
  const server = {
    url,
    dir,
    /**
     * Runs one SQL statement on the server's database (islands/tests/sqlexec), binding args to its ? placeholders:
     * for rows whose screens are another module's.
     */
    sql(statement, ...args) {
      execFileSync("go", ["run", "./islands/tests/sqlexec", database, statement, ...args], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
    },
    /** All code log lines seen so far. */
    codes,
    /** The server's recent output, for failure messages. */
    log: () => output.join("\n"),
    /**
     * Waits for the newest code sent to target (optionally of a purpose and channel) among the lines logged after
     * `after` codes had been seen, and returns the whole log entry ({code, channel, purpose, target, ...}).
     */
    async waitForCode(target, { purpose, channel, after = 0, timeout = PATIENCE } = {}) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const found = codes
          .slice(after)
          .filter((c) => c.target === target && (!purpose || c.purpose === purpose) && (!channel || c.channel === channel))
          .at(-1);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`no verification code for ${target} (purpose ${purpose ?? "any"}) in the log:\n${output.slice(-20).join("\n")}`);
        }
        await sleep(25);
      }
    },
    /** Stops the server and removes its directory; keepAs first copies its database there (renamed into place). */
    async stop({ keepAs } = {}) {
      liveServers.delete(server);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const done = await Promise.race([exited.then(() => true), deadline(5000).then(() => false)]);
        if (!done) {
          child.kill("SIGKILL");
          await exited;
        }
      }
      if (keepAs) {
        for (const suffix of ["-wal", ""]) {
          const from = join(dir, "db.sqlite" + suffix);
          if (!existsSync(from)) continue;
          copyFileSync(from, join(dir, "kept" + suffix));
          renameSync(join(dir, "kept" + suffix), keepAs + suffix);
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  liveServers.add(server);
  return server;
}

/**
 * The demo data is months of Amazon reports, costly to import at each server's first start, and many files ask
 * for it: the first makes a database with it once per binary, hour and settings, and every demo server starts on
 * a copy (a start finding the demo in imports nothing again). The hour keeps the copy's "today"
 * that of a fresh import. Returns the database's path, or "" when its maker failed (the server imports then).
 */
async function demoDatabase(bin, env) {
  const settings = Object.entries(env).filter(([k]) => k !== "SELLERHUB_REPORT_POLL").sort();
  const key = createHash("sha256")
    .update(JSON.stringify([bin, statSync(bin).mtimeMs, new Date().toISOString().slice(0, 13), settings]))
    .digest("hex")
    .slice(0, 16);
  const db = join(tmpdir(), `sellerhub-demo-${key}.sqlite`);
  const lock = db + ".making";
  if (existsSync(db)) return db;
  try {
    mkdirSync(lock);
  } catch {
    // Another file is making it: wait for the database, or for its maker to give up.
    const until = Date.now() + 6 * PATIENCE;
    while (!existsSync(db) && existsSync(lock) && Date.now() < until) await sleep(100);
    return existsSync(db) ? db : "";
  }
  try {
    const maker = await startServer({ env, makingDemo: true });
    await maker.stop({ keepAs: db });
    return db;
  } catch {
    return "";
  } finally {
    rmdirSync(lock);
  }
}

let browserPromise;

/**
 * The browser of this test file, launched on first use; close it with closeBrowser() in the file's after().
 * Debian's chromium-headless-shell (the same Blink as its chromium, without the browser's own windows, tab strip and
 * web UI, as Playwright runs headless by default): the whole suite took 1,298 s of CPU with the full chromium and
 * 807 s with the shell, two files at a time, same tests passing. CHROMIUM_PATH runs another build.
 */
export function getBrowser() {
  browserPromise ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--no-first-run"],
  });
  return browserPromise;
}

export async function closeBrowser() {
  if (!browserPromise) return;
  const b = await browserPromise;
  browserPromise = undefined;
  await b.close();
}

/**
 * Opens a page in a fresh browser context (its own cookies) against server, with JavaScript on or off.
 * Relative addresses in page.goto() resolve against the server.
 */
export async function newPage(server, { js = true, viewport = { width: 1280, height: 800 }, ...rest } = {}) {
  const browser = await getBrowser();
  const context = await browser.newContext({
    baseURL: server.url,
    javaScriptEnabled: js,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    viewport,
    ...rest,
  });
  context.setDefaultTimeout(PATIENCE);
  context.setDefaultNavigationTimeout(PATIENCE);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err));
  page.scriptErrors = errors;
  return page;
}

/**
 * Runs fn(page) in a fresh context and closes the context afterwards, also when fn fails (an open connection
 * would hold up the server's graceful shutdown). Fails when the page threw a script error.
 */
export async function withPage(server, options, fn) {
  const page = await newPage(server, options);
  try {
    await fn(page);
    if (page.scriptErrors.length) {
      throw new Error(`script errors on the page: ${page.scriptErrors.map((e) => e.message).join("; ")}`);
    }
  } finally {
    await page.context().close();
  }
}

/** The visible text of the form's notice ([data-notice]), trimmed; "" when it is hidden or absent. */
export async function noticeText(page) {
  const n = page.locator("[data-notice]");
  if ((await n.count()) === 0) return "";
  if (!(await n.first().isVisible())) return "";
  return ((await n.first().textContent()) ?? "").trim();
}

/**
 * Waits (up to timeout) for the notice to read exactly `expected`, then returns what it reads, so that the
 * caller's assert.equal shows the actual text when it never did.
 */
export async function waitForNotice(page, expected, timeout = PATIENCE) {
  const deadline = Date.now() + timeout;
  let text = "";
  for (;;) {
    text = await noticeText(page).catch(() => "");
    if (text === expected || Date.now() > deadline) return text;
    await sleep(50);
  }
}

/** Clicks something that submits a form or follows a link, and waits for the page that comes back. */
export async function clickAndWait(page, locator) {
  const navigation = page.waitForNavigation({ waitUntil: "load" });
  await locator.click();
  await navigation;
}

/** Presses Enter in a field, which submits its form, and waits for the page that comes back. */
export async function pressEnterAndWait(page, locator) {
  const navigation = page.waitForNavigation({ waitUntil: "load" });
  await locator.press("Enter");
  await navigation;
}

export const button = (page, name) => page.getByRole("button", { name, exact: true });
export const link = (page, name) => page.getByRole("link", { name, exact: true });
export const field = (page, name) => page.locator(`input[name="${name}"]:not([type="hidden"])`);

/** Makes sure the artifacts directory exists and returns the path of a file in it. */
export function artifact(name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

/** A mainland mobile number unique within this process: prefix (3 digits, e.g. "139") plus 8 digits. */
let phoneCounter = 0;
export function phone(prefix = "139") {
  phoneCounter += 1;
  const tail = String((process.pid * 100 + phoneCounter) % 1e8).padStart(8, "0");
  return prefix + tail;
}
