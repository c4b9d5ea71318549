// Helpers for the shell's browser tests: the rail and its flyouts, the tab strip and each tab's ▾ menu, the tab
// frames, and what a person sees (an element is "seen" when it is on screen and nothing covers or clips it).
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { signIn } from "./flows.mjs";
import { PATIENCE } from "./harness.mjs";

export const HOME = "首页";

/** Signs in from /login and waits for the shell's islands (the tab bar replaces its plain-HTML strip). */
export async function signInToShell(page, { account, password }) {
  await page.goto("/login");
  await signIn(page, { account, password });
  assert.equal(new URL(page.url()).pathname, "/home", `after signing in the browser should be on /home, it is on ${page.url()}`);
  await shellReady(page);
}

/** Waits until the shell's scripts have mounted the tab bar (a tab list) and the account menu. */
export async function shellReady(page) {
  await page.getByRole("tablist", { name: "页签" }).waitFor();
  await page.locator('[data-island="account"] button[aria-haspopup="menu"]').waitFor();
}

/** The tab strip's tab titles, in order. */
export async function tabTitles(page) {
  return (await page.getByRole("tablist", { name: "页签" }).getByRole("tab").allTextContents()).map((t) => t.trim());
}

/** The title of the selected tab. */
export async function activeTab(page) {
  const selected = page.getByRole("tablist", { name: "页签" }).locator('[role="tab"][aria-selected="true"]');
  assert.equal(await selected.count(), 1, "exactly one tab is selected");
  return (await selected.textContent()).trim();
}

/** The frame of the active tab, as a frame locator. */
export const activeFrame = (page) => page.frameLocator('#tab-frames iframe[data-active="true"]');

/** The Frame of the tab titled title (the iframe the shell made for it carries the tab's title). */
export async function tabFrame(page, title) {
  const handle = await page.locator(`#tab-frames iframe[title="${title}"]`).elementHandle({ timeout: PATIENCE });
  const frame = await handle.contentFrame();
  assert.ok(frame, `the tab ${title} has no frame`);
  // An iframe starts at about:blank before its page: what is typed there would be lost with it.
  await frame.waitForFunction(() => location.href !== "about:blank" && document.readyState === "complete", null, { timeout: PATIENCE });
  return frame;
}

/** The frames the shell holds: their titles and which one is shown. */
export async function frames(page) {
  return page.locator("#tab-frames iframe").evaluateAll((els) =>
    els.map((f) => ({ title: f.title, name: f.name, active: f.dataset.active === "true", src: f.getAttribute("src") })));
}

/**
 * Checks the tab strip and what goes with it: the tabs in order, the selected one, the address bar on the
 * selected tab's address (paths[title], with ?title=<title> except on /home), the document title, and exactly
 * one shown frame, the selected tab's, alongside one frame at most per open tab.
 */
export async function expectTabs(page, titles, active, paths) {
  // The tab bar renders after a click; give React its turn.
  const deadline = Date.now() + PATIENCE;
  let got;
  for (;;) {
    got = await tabTitles(page);
    if ((JSON.stringify(got) === JSON.stringify(titles) && (await activeTab(page)) === active) || Date.now() > deadline) break;
    await sleep(25);
  }
  assert.deepEqual(got, titles, "the tabs, in order");
  assert.equal(await activeTab(page), active, "the selected tab");
  await expectAddress(page, active, paths);
  assert.equal(await page.title(), `${active} - sellerhub`, "the document title names the active tab");
  assert.equal(await page.evaluate(() => document.scrollingElement.scrollTop), 0, "the shell itself never scrolls");
  const held = await frames(page);
  const shown = held.filter((f) => f.active);
  assert.equal(shown.length, 1, `exactly one frame is shown: ${JSON.stringify(held)}`);
  assert.equal(shown[0].title, active, "the shown frame is the active tab's");
  for (const f of held) assert.ok(titles.includes(f.title), `a frame of the closed tab ${f.title} is still there`);
  assert.equal(new Set(held.map((f) => f.title)).size, held.length, `one frame per tab: ${JSON.stringify(held)}`);
}

/** The address bar shows the tab's address: its path and, except for 首页, ?title=<title>&path=<path>. */
export async function expectAddress(page, title, paths) {
  const deadline = Date.now() + PATIENCE;
  let u;
  for (;;) {
    u = new URL(page.url());
    if (u.pathname === paths[title] || Date.now() > deadline) break;
    await sleep(25);
  }
  assert.equal(u.pathname, paths[title], `the address bar follows the active tab ${title}: ${page.url()}`);
  if (title !== HOME) {
    assert.equal(u.searchParams.get("title"), title, `the address carries the tab's title: ${page.url()}`);
    assert.equal(u.searchParams.get("path"), paths[title], `the address carries the tab's path: ${page.url()}`);
  }
  assert.equal(u.searchParams.get("embed"), null, "the address bar never shows the frame's embed mark");
}

/** The rail's group item (its icon link and its flyout) named group. */
export function railGroup(page, group) {
  return page.getByRole("navigation", { name: "主菜单" }).locator("[data-rail-group]")
    .filter({ has: page.getByRole("link", { name: group, exact: true }) });
}

/** The flyout of a rail group (visible only while it is open). */
export const flyout = (page, group) => page.getByRole("menu", { name: group, exact: true });

/**
 * Opens a menu entry the way a person does: hovers the group in the rail, waits for its flyout, clicks the link,
 * and moves the mouse away (the flyout closes). Returns how long the flyout took to show after the hover.
 */
export async function openFromRail(page, group, entry) {
  const item = railGroup(page, group);
  const hoveredAt = Date.now();
  await item.hover();
  const menu = flyout(page, group);
  await menu.waitFor({ state: "visible", timeout: PATIENCE });
  const delay = Date.now() - hoveredAt;
  const link = menu.getByRole("menuitem", { name: entry, exact: true });
  // A person can only click what the window shows (the shell itself never scrolls).
  assert.equal(await waitSeen(link), true, `${group} > ${entry} is seen in the open flyout`);
  await link.click();
  await moveAway(page);
  await menu.waitFor({ state: "hidden", timeout: PATIENCE });
  return delay;
}

/** Moves the mouse to an empty spot of the top bar, away from the rail, the tabs and the menus. */
export async function moveAway(page) {
  await page.mouse.move(640, 24);
}

/** Clicks a tab in the strip. */
export async function clickTab(page, title) {
  await page.getByRole("tablist", { name: "页签" }).getByRole("tab", { name: title, exact: true }).click();
}

/** The ▾ button of a tab. */
export const tabMenuButton = (page, title) => page.getByRole("button", { name: `${title}的操作`, exact: true });

/** The open ▾ menu of a tab. */
export const tabMenu = (page, title) => page.locator(`[data-tab="${title}"] [role="menu"]`);

/** Opens a tab's ▾ menu with a click and chooses an action from it; the menu closes. */
export async function chooseTabAction(page, title, action) {
  await tabMenuButton(page, title).click();
  const menu = tabMenu(page, title);
  await menu.waitFor();
  await menu.getByRole("menuitem", { name: action, exact: true }).click();
  await menu.waitFor({ state: "detached" });
  await moveAway(page);
}

/** Closes a tab with its × button. */
export async function closeWithX(page, title) {
  await page.getByRole("button", { name: `关闭${title}`, exact: true }).click();
}

/**
 * Whether a person sees the element: it has a size, its centre is inside the window (or frame), and the topmost
 * element there is the element itself or inside it (not covered, not clipped away by a scrolling ancestor).
 * Nothing is scrolled to find it.
 */
export async function isSeen(locator) {
  if ((await locator.count()) === 0) return false;
  return locator.first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/**
 * Polls read() until check(value) holds or timeout passes, and returns the last value, so that the caller's
 * assertion shows what the page had when it never did. For reads that do not wait themselves (a list's texts).
 */
export async function eventually(read, check, timeout = PATIENCE) {
  const deadline = Date.now() + timeout;
  let value;
  for (;;) {
    value = await read().catch(() => undefined);
    if ((value !== undefined && check(value)) || Date.now() > deadline) return value;
    await sleep(25);
  }
}

/** Polls isSeen until it is true or the timeout passes; returns the last answer. */
export async function waitSeen(locator, timeout = PATIENCE) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const seen = await isSeen(locator).catch(() => false);
    if (seen || Date.now() > deadline) return seen;
    await sleep(25);
  }
}

/**
 * Waits until the list table (islands/table) in scope shows a page: its rows loaded (aria-busy false) and its
 * columns too. The user's column layout comes by a call of its own: until it answers, the header holds only 操作
 * and each row no data cell, even once the rows are in and the table is no longer busy.
 */
export async function tableLoaded(scope) {
  await scope.locator('table[aria-busy="false"] > thead th[scope="col"]:not(:has(input))').first().waitFor({ state: "attached" });
}

/** The texts of the toasts showing now. */
export async function toasts(page) {
  return (await page.locator("#toasts [data-toast]").allInnerTexts()).map((t) => t.replace(/×\s*$/, "").trim());
}

let toastRecorders = 0;

/**
 * Records every toast the page shows from now on, as the page shows it (an observer in the page reports each one
 * added), so that a toast is seen even when it is gone before the test looks: one shown just before a reload.
 * seen() is the texts so far; until(text, timeout) resolves true once text was shown, false at the timeout.
 */
export async function recordToasts(page) {
  const seen = [];
  const waiting = new Set();
  const binding = `__toastShown${++toastRecorders}`;
  await page.exposeBinding(binding, (_source, text) => {
    seen.push(text);
    waiting.forEach((check) => check());
  });
  await page.evaluate((binding) => {
    const report = (el) => window[binding](el.querySelector("span")?.textContent.trim() ?? "");
    new MutationObserver((records) => {
      for (const r of records) {
        for (const node of r.addedNodes) {
          if (node.nodeType !== 1) continue;
          if (node.matches("[data-toast]")) report(node);
          node.querySelectorAll("[data-toast]").forEach(report);
        }
      }
    }).observe(document.documentElement, { childList: true, subtree: true });
  }, binding);
  return {
    seen: () => [...seen],
    until(text, timeout) {
      return new Promise((resolve) => {
        const check = () => {
          if (!seen.includes(text)) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          resolve(false);
        }, timeout);
        waiting.add(check);
        check();
      });
    },
  };
}

/** Waits for a toast reading text (up to timeout) and returns the toasts seen then. */
export async function waitForToast(page, text, timeout = PATIENCE) {
  const deadline = Date.now() + timeout;
  let seen = [];
  for (;;) {
    seen = await toasts(page).catch(() => []);
    if (seen.includes(text) || Date.now() > deadline) return seen;
    await sleep(25);
  }
}

/**
 * The contrast ratio (WCAG, 1 to 21) between an element's text colour and the background it is painted on (its
 * own or its nearest ancestor's that is not transparent). Colours are read through a canvas, which understands
 * every CSS colour syntax (Tailwind's oklch included).
 */
export async function textContrast(locator) {
  return locator.evaluate((el) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    const rgba = (colour) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#000";
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    };
    let background = [255, 255, 255, 255];
    for (let node = el; node; node = node.parentElement) {
      const c = rgba(getComputedStyle(node).backgroundColor);
      if (c[3] > 0) {
        background = c;
        break;
      }
    }
    const luminance = ([r, g, b]) => {
      const lin = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const [hi, lo] = [luminance(rgba(getComputedStyle(el).color)), luminance(background)].sort((a, b) => b - a);
    return (hi + 0.05) / (lo + 0.05);
  });
}

/**
 * Waits for the question the product asks before a step (islands/lib/ConfirmDialog.jsx), titled title, in page or
 * frame, and returns it. It is seen by its title: the dialog element itself has no box of its own.
 */
export async function question(page, title) {
  const asked = page.getByRole("dialog", { name: title, exact: true });
  await asked.getByRole("heading", { name: title, exact: true }).waitFor();
  return asked;
}

/** Says yes to the question asked in page or frame: presses its button named action and waits for it to close. */
export async function sayYes(page, action) {
  const asked = page.locator("[data-question]");
  await asked.getByRole("button", { name: action, exact: true }).click();
  await asked.waitFor({ state: "detached" });
}
