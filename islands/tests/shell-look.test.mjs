// How the shell looks and what its top bar holds: the rail colour (themeBlack / themeLight) and dark mode, both kept
// across a reload and applied before the first paint; the help link; the 平台选择 drawer; every flyout entry within
// the window; the 发布公告 form in dark mode; the rail without JavaScript. Screenshots (1280x800) of the shell in
// each theme, with and without a flyout open, and of 平台选择 go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer, withPage } from "./harness.mjs";
import { signIn } from "./flows.mjs";
import {
  HOME,
  activeFrame,
  expectTabs,
  flyout,
  isSeen,
  moveAway,
  openFromRail,
  railGroup,
  shellReady,
  signInToShell,
  textContrast,
} from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

// Records, in every document of the page (the shell and its frames), the root element's theme at the moment the
// <body> element is inserted: what the first paint can show.
function recordThemeAtBody() {
  window.__themeAtBody = null;
  new MutationObserver((_, observer) => {
    if (!document.body) return;
    const root = document.documentElement;
    window.__themeAtBody = { theme: root.getAttribute("data-theme"), dark: root.classList.contains("dark") };
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

const HELP_URL = "https://help.example.com/sellerhub";

describe("外观", () => {
  let server;
  let page;
  before(async () => {
    server = await startServer({ env: { SELLERHUB_HELP_URL: HELP_URL } });
    page = await newPage(server);
    await page.addInitScript(recordThemeAtBody);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the page");
  });

  let darkRail; // the rail's colour in dark mode, before the reload
  const root = () => page.evaluate(() => ({ theme: document.documentElement.dataset.theme, dark: document.documentElement.classList.contains("dark") }));
  const railColour = () => page.getByRole("navigation", { name: "主菜单" }).evaluate((el) => getComputedStyle(el).backgroundColor);
  const frameDark = () => activeFrame(page).locator("html").evaluate((el) => el.classList.contains("dark"));
  const frameBackground = () => activeFrame(page).locator("body").evaluate((el) => getComputedStyle(el).backgroundColor);

  async function shot(name, { group } = {}) {
    if (group) {
      await railGroup(page, group).hover();
      await flyout(page, group).waitFor();
    }
    await page.screenshot({ path: artifact(name) });
    if (group) {
      await moveAway(page);
      await flyout(page, group).waitFor({ state: "hidden" });
    }
  }

  it("shows the top bar: 平台选择, the bell, the configured help link (new window), the two switches, the avatar", async () => {
    const help = page.getByRole("link", { name: "帮助" });
    assert.equal(await help.getAttribute("href"), HELP_URL);
    assert.equal(await help.getAttribute("target"), "_blank");
    for (const name of ["平台选择", "消息", "切换侧栏配色", "切换深色模式", "管理员"]) {
      assert.equal(await isSeen(page.getByRole("banner").getByRole("button", { name, exact: true })), true, `${name} is seen in the top bar`);
    }
  });

  it("switches the rail to themeLight and the page to dark mode, frames included", async () => {
    assert.deepEqual(await root(), { theme: "themeBlack", dark: false }, "the defaults");
    const black = await railColour();
    await shot("shell-themeBlack.png");
    await shot("shell-themeBlack-flyout.png", { group: "产品" });

    await page.getByRole("button", { name: "切换侧栏配色" }).click();
    assert.deepEqual(await root(), { theme: "themeLight", dark: false });
    const light = await railColour();
    assert.notEqual(light, black, "the rail changes colour");
    assert.equal(light, "rgb(255, 255, 255)", "the light rail is white");
    await shot("shell-themeLight.png");
    await shot("shell-themeLight-flyout.png", { group: "仓库" });

    const lightPage = await frameBackground();
    await page.getByRole("button", { name: "切换深色模式" }).click();
    assert.deepEqual(await root(), { theme: "themeLight", dark: true });
    assert.equal(await frameDark(), true, "the open tab's page turns dark at once");
    assert.notEqual(await frameBackground(), lightPage, "the page's background changes");
    darkRail = await railColour();
    await shot("shell-dark.png");
    await shot("shell-dark-flyout.png", { group: "系统" });
  });

  it("keeps both settings across a reload, applied before the first paint", async () => {
    await page.reload({ waitUntil: "domcontentloaded" });
    const atDomContentLoaded = await root();
    assert.deepEqual(atDomContentLoaded, { theme: "themeLight", dark: true }, "at DOMContentLoaded");
    assert.deepEqual(await page.evaluate(() => window.__themeAtBody), { theme: "themeLight", dark: true },
      "already when <body> was inserted, before anything could paint");
    await shellReady(page);
    const home = page.frames().find((f) => f !== page.mainFrame());
    await home.waitForLoadState("domcontentloaded");
    assert.equal((await home.evaluate(() => window.__themeAtBody))?.dark, true, "the tab's page is dark before its first paint too");
    assert.equal(await railColour(), darkRail, "the rail looks as it did before the reload");

    // Back to the defaults; the next reload paints them.
    await page.getByRole("button", { name: "切换侧栏配色" }).click();
    await page.getByRole("button", { name: "切换深色模式" }).click();
    await page.reload({ waitUntil: "domcontentloaded" });
    assert.deepEqual(await page.evaluate(() => window.__themeAtBody), { theme: "themeBlack", dark: false });
    await shellReady(page);
  });

  it("opens 平台选择: 12 marketplaces, Amazon and AliExpress active, the others greyed; Amazon opens 店铺管理", async () => {
    await page.getByRole("button", { name: "平台选择" }).click();
    const drawer = page.getByRole("dialog", { name: "平台选择" });
    await drawer.getByRole("heading", { name: "平台选择" }).waitFor();
    const tiles = drawer.locator("[data-platform]");
    assert.deepEqual(await tiles.evaluateAll((els) => els.map((e) => e.dataset.platform)),
      ["Amazon", "Shopee", "Wish", "AliExpress", "eBay", "Cdiscount", "DHgate", "Walmart", "Kilimall", "Magento", "WooCommerce", "JD"]);
    const looks = await tiles.evaluateAll((els) => els.map((e) => ({
      name: e.dataset.platform,
      button: e.tagName === "BUTTON" && !e.disabled,
      // A greyed tile dims its logo and name (its + 添加授权 overlay stays at full strength).
      opacity: getComputedStyle(e.tagName === "BUTTON" ? e : e.firstElementChild).opacity,
    })));
    for (const t of looks) {
      const active = t.name === "Amazon" || t.name === "AliExpress";
      assert.equal(t.button, active, `${t.name} ${active ? "can" : "cannot"} be chosen`);
      assert.equal(t.opacity, active ? "1" : "0.5", `${t.name} is ${active ? "in full colour" : "greyed (50 %)"}`);
      // A greyed one says why, on screen and as its title; an active one does not.
      const tile = drawer.locator(`[data-platform="${t.name}"]`);
      const says = tile.getByText("暂未支持", { exact: true });
      assert.equal(await says.count(), active ? 0 : 1, `${t.name} ${active ? "is supported" : "says 暂未支持"}`);
      if (!active) {
        assert.equal(await says.isVisible(), true, `${t.name}: 暂未支持 is on screen`);
        assert.equal(await tile.getAttribute("title"), "暂未支持", `${t.name}: 暂未支持 is its title`);
      }
    }
    // Hovering a greyed one offers + 添加授权.
    const shopee = drawer.locator('[data-platform="Shopee"]');
    assert.equal(await shopee.getByText("+ 添加授权").isVisible(), false);
    await shopee.hover();
    await shopee.getByText("+ 添加授权").waitFor();
    await page.screenshot({ path: artifact("shell-platforms.png") });

    await drawer.locator('[data-platform="Amazon"]').click();
    await drawer.waitFor({ state: "detached" });
    await expectTabs(page, [HOME, "店铺管理"], "店铺管理", { [HOME]: "/home", 店铺管理: "/amazon/storeAuth" });
    assert.equal(await activeFrame(page).locator("h1").textContent(), "店铺管理");
  });

  it("shows every rail flyout whole in a 1280x800 window, so each entry can be seen and clicked", async () => {
    const groups = await page.getByRole("navigation", { name: "主菜单" }).locator("[data-rail-group] > a").allTextContents();
    const unseen = [];
    for (const group of groups.map((g) => g.trim())) {
      await railGroup(page, group).hover();
      await flyout(page, group).waitFor();
      for (const item of await flyout(page, group).getByRole("menuitem").all()) {
        if (!(await isSeen(item))) unseen.push(`${group} > ${(await item.textContent()).trim()}`);
      }
    }
    await moveAway(page);
    assert.deepEqual(unseen, [], "menu entries outside the window");
  });

  it("keeps the 发布公告 form readable in dark mode: what is typed contrasts with its field", async () => {
    await page.getByRole("button", { name: "切换深色模式" }).click();
    try {
      await openFromRail(page, "系统", "发布公告");
      const form = activeFrame(page);
      await form.locator('input[name="title"]').click();
      await page.keyboard.type("停机维护通知");
      await form.locator('textarea[name="content"]').click();
      await page.keyboard.type("周六凌晨停机两小时");
      for (const name of ['input[name="title"]', 'textarea[name="content"]', "h1"]) {
        const ratio = await textContrast(form.locator(name));
        assert.ok(ratio >= 4.5, `${name}: text contrast ${ratio.toFixed(2)}:1, at least 4.5:1 is readable`);
      }
    } finally {
      await page.getByRole("button", { name: "切换深色模式" }).click();
      await page.getByRole("button", { name: "关闭发布公告" }).click().catch(() => {});
    }
  });

  it("without JavaScript, the rail's flyouts open on hover and their links open the page in the shell", () =>
    withPage(server, { js: false }, async (plain) => {
      await plain.goto("/login");
      await signIn(plain, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await railGroup(plain, "仓库").hover();
      await flyout(plain, "仓库").waitFor();
      await plain.getByRole("menuitem", { name: "入库单", exact: true }).click();
      await plain.waitForURL((u) => u.pathname === "/erp/warehouse/inbound");
      const tabs = plain.getByRole("navigation", { name: "页签" }).getByRole("link");
      assert.deepEqual((await tabs.allTextContents()).map((t) => t.trim()), [HOME, "入库单"]);
      assert.equal(await tabs.filter({ hasText: "入库单" }).getAttribute("aria-current"), "page", "入库单 is the current tab");
      assert.equal(await activeFrame(plain).locator("h1").textContent(), "入库单");
    }));
});
