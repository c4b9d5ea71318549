// The shell at phone width (390x844) and the 建设中 marks. At 390 px neither the shell nor the built list screens
// scroll sideways, the top bar's 菜单 button opens the rail as a drawer (also without JavaScript) whose entries
// open their tab, and toolbar buttons keep their text on one line. Every menu entry has its screen, so the rail, the
// flyouts and the home tiles mark none; 平台选择 marks none either (Amazon and AliExpress are built). Screenshots at 390 and 1280 px,
// light and dark, go to islands/tests/artifacts/shell-phone-*.png.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer, withPage } from "./harness.mjs";
import { signIn } from "./flows.mjs";
import { activeFrame, activeTab, expectAddress, flyout, moveAway, railGroup, shellReady, signInToShell, tabFrame, waitSeen } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const PHONE = { width: 390, height: 844 };

// Built list screens, as the rail opens them.
const LISTS = [
  ["/erp/material/localproduct", "本地产品"],
  ["/sys/subuser", "子账号"],
  ["/erp/warehouse/base", "仓库"],
  ["/erp/warehouse/inbound", "入库单"],
  ["/erp/ship/quota", "货件处理"],
  ["/amazon/storeAuth", "店铺管理"],
];

const tabURL = (path, title) => `${path}?title=${encodeURIComponent(title)}&path=${encodeURIComponent(path)}`;

const scrollWidth = (target) => target.evaluate(() => document.scrollingElement.scrollWidth);

// The seen buttons (and button-like links) with a piece of text that takes more than one line: a button squeezed
// narrower than its words.
function wrappedButtons(target) {
  return target.evaluate(() => {
    const out = [];
    for (const b of document.querySelectorAll("button, a[class*='border']")) {
      if (!b.getClientRects().length || getComputedStyle(b).visibility === "hidden") continue;
      const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.trim() || node.parentElement.closest(".sr-only")) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
        if (lines.size > 1) out.push(`${node.textContent.trim()} (${lines.size} lines)`);
      }
    }
    return out;
  });
}

// How far the rail reaches into the window (0 or less: the drawer is shut).
const railRight = (page) => page.getByRole("navigation", { name: "主菜单" }).evaluate((el) => el.getBoundingClientRect().right);

async function waitFor(fn, what, timeout = PATIENCE) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await fn()) return;
    assert.ok(Date.now() < deadline, what);
    await new Promise((r) => setTimeout(r, 25));
  }
}

// Dark mode as the top bar's switch applies and keeps it (the shell and its frames), without a click that would close an
// open flyout or dialog.
async function setDark(page, dark) {
  await page.evaluate((on) => {
    localStorage.setItem("dark", on ? "1" : "0");
    for (const doc of [document, ...[...document.querySelectorAll("#tab-frames iframe")].map((f) => f.contentDocument)]) {
      doc?.documentElement?.classList.toggle("dark", on);
    }
  }, dark);
}

describe("手机宽度", () => {
  let server;
  let page;
  before(async () => {
    server = await startServer();
    page = await newPage(server, { viewport: PHONE });
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the page");
  });

  it("首页 and the list screens do not scroll sideways, and their buttons keep their text on one line", async () => {
    assert.ok((await scrollWidth(page)) <= PHONE.width, `/home is ${await scrollWidth(page)} px wide`);
    assert.equal(await railRight(page), 0, "the rail is shut away at phone width");
    assert.deepEqual(await wrappedButtons(page), [], "the top bar's buttons are on one line");
    for (const [path, title] of LISTS) {
      await page.goto(tabURL(path, title));
      await shellReady(page);
      const frame = await tabFrame(page, title);
      await frame.locator("table").first().waitFor();
      assert.ok((await scrollWidth(page)) <= PHONE.width, `the shell with ${title} is ${await scrollWidth(page)} px wide`);
      assert.ok((await scrollWidth(frame)) <= PHONE.width, `${title} is ${await scrollWidth(frame)} px wide`);
      assert.deepEqual(await wrappedButtons(frame), [], `${title}: buttons on one line`);
    }
  });

  it("the 菜单 button opens the rail as a drawer, and an entry opens its tab", async () => {
    await page.goto("/home");
    await shellReady(page);
    const menu = page.getByRole("button", { name: "菜单", exact: true });
    assert.equal(await menu.getAttribute("aria-expanded"), "false");
    await menu.click();
    await waitFor(async () => (await railRight(page)) === 64, "the drawer slides in");
    assert.equal(await menu.getAttribute("aria-expanded"), "true");
    const group = railGroup(page, "产品").getByRole("link", { name: "产品", exact: true });
    assert.equal(await waitSeen(group), true, "the rail's 产品 is seen");
    await page.screenshot({ path: artifact("shell-phone-390-drawer.png") });
    await group.click();
    const entry = flyout(page, "产品").getByRole("menuitem", { name: "本地产品", exact: true });
    assert.equal(await waitSeen(entry), true, "本地产品 is seen in the open flyout");
    const right = await flyout(page, "产品").evaluate((el) => el.getBoundingClientRect().right);
    assert.ok(right <= PHONE.width, `the flyout ends at ${right} px, inside the window`);
    await page.screenshot({ path: artifact("shell-phone-390-flyout.png") });
    await entry.click();
    await waitFor(async () => (await activeTab(page)) === "本地产品", "本地产品 opens in its tab");
    await expectAddress(page, "本地产品", { 本地产品: "/erp/material/localproduct" });
    await waitFor(async () => (await railRight(page)) <= 0, "choosing an entry shuts the drawer");
    assert.equal(await menu.getAttribute("aria-expanded"), "false");
    await activeFrame(page).locator("table").first().waitFor();
    assert.ok((await scrollWidth(page)) <= PHONE.width);
  });

  it("screenshots at 390 px, light and dark", async () => {
    for (const dark of [false, true]) {
      await setDark(page, dark);
      const mode = dark ? "dark" : "light";
      await page.screenshot({ path: artifact(`shell-phone-390-list-${mode}.png`) });
      await page.goto("/home");
      await shellReady(page);
      await activeFrame(page).getByRole("heading", { level: 1 }).waitFor();
      await page.screenshot({ path: artifact(`shell-phone-390-home-${mode}.png`) });
      await page.getByRole("button", { name: "菜单", exact: true }).click();
      await waitFor(async () => (await railRight(page)) === 64, "the drawer slides in");
      await page.screenshot({ path: artifact(`shell-phone-390-drawer-${mode}.png`) });
      await page.keyboard.press("Escape");
      await waitFor(async () => (await railRight(page)) <= 0, "Esc shuts the drawer");
      await page.goto(tabURL(...LISTS[0]));
      await shellReady(page);
      await activeFrame(page).locator("table").first().waitFor();
    }
    await setDark(page, false);
  });

  // Last: signing in again ends the session of the page above.
  it("without JavaScript the 菜单 button still shows the rail", async () => {
    await withPage(server, { js: false, viewport: PHONE }, async (plain) => {
      await plain.goto("/login");
      await signIn(plain, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      assert.equal(await railRight(plain), 0, "the rail is shut away");
      await plain.getByRole("button", { name: "菜单", exact: true }).click();
      await waitFor(async () => (await railRight(plain)) === 64, "the rail slides in");
      assert.equal(await waitSeen(railGroup(plain, "产品").getByRole("link", { name: "产品", exact: true })), true, "产品 is seen");
    });
  });
});

describe("建设中", () => {
  let server;
  let page;
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

  const marked = (locator) => locator.evaluate((el) => el.hasAttribute("data-building") && /建设中/.test(el.textContent));
  const unmarked = (locator) => locator.evaluate((el) => !el.hasAttribute("data-building") && !/建设中/.test(el.textContent));

  // Every group has a built entry now, so none is marked (the rule for a group with nothing built is held by
  // core's TestBuildingMarksWhatLeadsOnlyToUnbuiltPages).
  it("the rail marks no group that has a built entry", async () => {
    for (const group of ["产品", "广告", "财务"]) {
      assert.equal(await unmarked(railGroup(page, group).locator("[data-rail-toggle]")), true, `${group} is not marked`);
    }
  });

  // Every menu entry has its screen now: the flyout and the tiles mark none (the marking itself is held by core's
  // TestBuildingMarksWhatLeadsOnlyToUnbuiltPages and the menus test).
  it("the flyout marks none of its entries, each having its screen", async () => {
    await railGroup(page, "产品").getByRole("link", { name: "产品", exact: true }).click();
    const menu = flyout(page, "产品");
    await menu.waitFor({ state: "visible" });
    const entry = (name) => menu.getByRole("listitem").filter({ has: page.getByRole("menuitem", { name, exact: true }) });
    for (const name of ["本地产品", "品牌", "SKU配对", "产品标签"]) {
      assert.equal(await unmarked(entry(name)), true, `${name} is not marked`);
    }
    assert.equal(await menu.locator("[data-building]").count(), 0, "no entry of the flyout is marked 建设中");
    for (const dark of [false, true]) {
      await setDark(page, dark);
      await page.screenshot({ path: artifact(`shell-phone-1280-flyout-${dark ? "dark" : "light"}.png`) });
    }
    await setDark(page, false);
    await page.keyboard.press("Escape");
    await moveAway(page);
    await menu.waitFor({ state: "hidden" });
  });

  it("the home tiles mark none of the entries", async () => {
    const home = activeFrame(page);
    const tile = (name) => home.getByRole("list").getByRole("link", { name, exact: true });
    await tile("本地产品").waitFor();
    for (const name of ["本地产品", "资金账户"]) {
      assert.equal(await unmarked(tile(name)), true, `${name} is not marked`);
    }
    assert.equal(await home.getByRole("list").locator("[data-building]").count(), 0, "no tile is marked 建设中");
  });

  it("平台选择 marks neither Amazon nor AliExpress, whose authorizations are built", async () => {
    await page.getByRole("button", { name: "平台选择" }).click();
    const dialog = page.getByRole("dialog", { name: "平台选择" });
    await dialog.locator('[data-platform="Amazon"]').waitFor();
    assert.equal(await unmarked(dialog.locator('[data-platform="AliExpress"]')), true, "AliExpress is not marked 建设中");
    assert.equal(await unmarked(dialog.locator('[data-platform="Amazon"]')), true, "Amazon is not");
    for (const dark of [false, true]) {
      await setDark(page, dark);
      await page.screenshot({ path: artifact(`shell-phone-1280-platforms-${dark ? "dark" : "light"}.png`) });
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await setDark(page, false);
  });
});
