// The active tab is always fully seen in the tab strip (issue 43, item 11): with more tabs open than the strip
// holds, the strip scrolls sideways so that the active tab is inside its visible box whenever the active tab
// changes (a tab opened, a tab clicked, the active one closed and its neighbour taking over, the tabs restored on a
// reload) and when the window narrows, at 1280 px and at 390 px. Screenshots of many tabs at both widths, light
// and dark, go to islands/tests/artifacts/shell-tabs-scroll-*.png.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { activeTab, clickTab, shellReady, signInToShell, tabTitles } from "./shell.mjs";

const PHONE = { width: 390, height: 844 };

before(() => getBrowser());
after(() => closeBrowser());

/** Dark mode as the top bar's switch applies it, to the shell and its frames. */
async function setDark(page, dark) {
  await page.evaluate((on) => {
    localStorage.setItem("dark", on ? "1" : "0");
    for (const doc of [document, ...[...document.querySelectorAll("#tab-frames iframe")].map((f) => f.contentDocument)]) {
      doc?.documentElement?.classList.toggle("dark", on);
    }
  }, dark);
}

/** The strip's visible box and the active tab's box, in the page's coordinates. */
function boxes(page) {
  return page.evaluate(() => {
    const bar = document.querySelector('[role="tablist"][aria-label="页签"]');
    const tab = bar.querySelector('[role="tab"][aria-selected="true"]').closest("[data-tab]");
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    return { bar: box(bar), tab: box(tab), title: tab.dataset.tab, overflows: bar.scrollWidth > bar.clientWidth };
  });
}

/** Waits until the active tab (expected: its title) lies wholly inside the strip's visible box */
async function expectActiveSeen(page, expected, why) {
  const deadline = Date.now() + PATIENCE;
  let got;
  for (;;) {
    got = await boxes(page);
    const inside = got.tab.left >= got.bar.left - 0.5 && got.tab.right <= got.bar.right + 0.5;
    if ((inside && got.title === expected) || Date.now() > deadline) break;
    await sleep(25);
  }
  assert.equal(got.title, expected, `${why}: the active tab`);
  assert.ok(got.overflows, `${why}: the strip should hold more tabs than it shows, so that the test means something`);
  assert.ok(
    got.tab.left >= got.bar.left - 0.5 && got.tab.right <= got.bar.right + 0.5,
    `${why}: the active tab ${expected} [${got.tab.left}, ${got.tab.right}] is not inside the strip [${got.bar.left}, ${got.bar.right}]`,
  );
  assert.equal(await page.evaluate(() => document.scrollingElement.scrollTop), 0, `${why}: the shell itself never scrolls`);
}

describe("页签多时当前页签总在可见处", () => {
  let server;
  let page;
  let titles; // the tabs opened, after 首页

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the page");
  });

  /** Opens a tab as a page or a menu link does (the shell's open), and waits for it to be the active tab. */
  async function open(title, href) {
    await page.evaluate(([title, href]) => window.sellerhubShell.open(title, href), [title, href]);
    for (let i = 0; i < 120 && (await activeTab(page)) !== title; i++) await sleep(25);
  }

  it("at 1280 px, each tab opened is scrolled into view, and so is a tab activated far to the left", async () => {
    // The built entries of the rail's menus, as many as make the strip overflow twice over.
    const links = await page.locator('#main-menu [role="menu"] li:not([data-building]) a[data-tab-link]').evaluateAll((as) =>
      as.map((a) => ({ title: a.dataset.title || a.textContent.trim(), href: a.getAttribute("href") })));
    const seen = new Set(["首页"]);
    const picked = links.filter((l) => !seen.has(l.title) && seen.add(l.title)).slice(0, 16);
    assert.ok(picked.length >= 14, `the rail offers ${picked.length} built entries`);
    titles = picked.map((l) => l.title);
    for (const l of picked) await open(l.title, l.href);
    assert.deepEqual(await tabTitles(page), ["首页", ...titles]);
    await expectActiveSeen(page, titles.at(-1), "the last tab opened");

    // Opening the address of a tab already open activates it, far to the left: the strip scrolls back to it.
    await open(titles[0], picked[0].href);
    await expectActiveSeen(page, titles[0], "an open tab activated again");
    await open(titles[12], picked[12].href);
    await expectActiveSeen(page, titles[12], "a tab to the right activated again");
  });

  it("at 1280 px, the neighbour that takes over from a closed tab is scrolled into view", async () => {
    // Closing the active tab with Esc: its right neighbour takes over.
    await open(titles[1], "");
    await expectActiveSeen(page, titles[1], "the tab before Esc");
    await page.keyboard.press("Escape");
    await expectActiveSeen(page, titles[2], "the right neighbour of the tab closed with Esc");
    titles.splice(1, 1);
    // Clicking a tab that is partly cut at the strip's edge brings it wholly in.
    const { bar } = await boxes(page);
    const cut = await page.evaluate((right) => {
      for (const el of document.querySelectorAll('[role="tablist"][aria-label="页签"] [data-tab]')) {
        const r = el.getBoundingClientRect();
        if (r.left < right && r.right > right) return el.dataset.tab;
      }
      return null;
    }, bar.right);
    if (cut) {
      await clickTab(page, cut);
      await expectActiveSeen(page, cut, "a tab clicked where the strip cuts it");
    }
  });

  it("after a reload, the restored active tab is scrolled into view", async () => {
    const last = titles.at(-1);
    await open(last, "");
    await page.reload();
    await shellReady(page);
    await expectActiveSeen(page, last, "the active tab restored on reload");
  });

  it("at 390 px, the active tab stays seen as the window narrows, and each tab opened or closed is scrolled into view", async () => {
    await page.setViewportSize(PHONE);
    await expectActiveSeen(page, titles.at(-1), "the active tab after the window narrowed");
    await open(titles[3], "");
    await expectActiveSeen(page, titles[3], "a tab activated at 390 px");
    await page.keyboard.press("Escape");
    await expectActiveSeen(page, titles[4], "the right neighbour of a tab closed at 390 px");
    titles.splice(3, 1);
    await open(titles.at(-1), "");
    await expectActiveSeen(page, titles.at(-1), "the last tab at 390 px");
    await page.reload();
    await shellReady(page);
    await expectActiveSeen(page, titles.at(-1), "the active tab restored on reload at 390 px");
  });

  it("screenshots of many tabs at 1280 px and 390 px, light and dark", async () => {
    for (const [width, viewport] of [
      [390, PHONE],
      [1280, { width: 1280, height: 800 }],
    ]) {
      await page.setViewportSize(viewport);
      for (const mode of ["light", "dark"]) {
        await setDark(page, mode === "dark");
        await expectActiveSeen(page, titles.at(-1), `the screenshot at ${width} px, ${mode}`);
        await page.screenshot({ path: artifact(`shell-tabs-scroll-${width}-${mode}.png`) });
      }
    }
    await setDark(page, false);
  });
});
