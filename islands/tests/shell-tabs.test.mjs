// The shell's tabs, as a person uses them: menu entries opened from the rail's flyouts, each page kept alive in its
// tab (a half-typed form and the scroll position survive switching), 刷新页面 reloading one tab only, the ▾ menu's
// 关闭其他页签 / 关闭右边 / 关闭左边, × and Esc with the neighbour taking over, 首页 that never closes, a browser
// reload that brings the tabs back, and an address whose title is already open activating that tab.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import {
  HOME,
  activeFrame,
  chooseTabAction,
  clickTab,
  closeWithX,
  expectTabs,
  flyout,
  moveAway,
  openFromRail,
  railGroup,
  shellReady,
  signInToShell,
  tabFrame,
  tabMenu,
  tabMenuButton,
  tabTitles,
  waitSeen,
} from "./shell.mjs";

// Where each tab's page lives (the address bar shows it while the tab is active).
const PATHS = {
  [HOME]: "/home",
  入库单: "/erp/warehouse/inbound",
  出库单: "/erp/warehouse/outbound",
  本地产品: "/erp/material/localproduct",
  采购单: "/erp/purchase/orders",
  发货计划: "/erp/ship/plan",
  发布公告: "/sys/notify/publish",
  入库单详情: "/e/w/i/d",
};

const address = (title) => `${PATHS[title]}?${new URLSearchParams({ title, path: PATHS[title] })}`;

before(() => getBrowser());
after(() => closeBrowser());

describe("页签", () => {
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

  /** Brings the tabs back to 首页 alone: 关闭其他页签 on 首页. */
  async function onlyHome() {
    if ((await tabTitles(page)).length > 1) await chooseTabAction(page, HOME, "关闭其他页签");
    await expectTabs(page, [HOME], HOME, PATHS);
  }

  it("opens 仓库 > 入库单, 产品 > 本地产品 and 系统 > 发布公告 from the rail's flyouts, in order after 首页", async () => {
    await expectTabs(page, [HOME], HOME, PATHS);
    assert.equal(await activeFrame(page).locator("[data-user-name]").textContent(), "管理员", "首页 shows the dashboard");
    assert.equal(await flyout(page, "仓库").isVisible(), false, "no flyout shows before the rail is hovered");

    const delay = await openFromRail(page, "仓库", "入库单");
    assert.ok(delay >= 200, `the flyout opens after the 250 ms hover delay, it showed after ${delay} ms`);
    await expectTabs(page, [HOME, "入库单"], "入库单", PATHS);
    assert.equal(await activeFrame(page).locator("h1").textContent(), "入库单");
    await activeFrame(page).getByRole("button", { name: "新建入库单", exact: true }).waitFor();

    await openFromRail(page, "产品", "本地产品");
    await expectTabs(page, [HOME, "入库单", "本地产品"], "本地产品", PATHS);
    assert.equal(await activeFrame(page).locator("h1").textContent(), "本地产品");

    // 发布公告 sits under the heading 基础设置 of 系统.
    await railGroup(page, "系统").hover();
    await flyout(page, "系统").waitFor();
    assert.match((await flyout(page, "系统").innerText()).replace(/\s+/g, " "), /基础设置 .*发布公告/);
    await openFromRail(page, "系统", "发布公告");
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], "发布公告", PATHS);
    assert.equal(await activeFrame(page).locator("h1").textContent(), "发布公告");

    // The address bar follows every change of tab.
    await clickTab(page, "入库单");
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], "入库单", PATHS);
    await clickTab(page, HOME);
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], HOME, PATHS);
    await clickTab(page, "发布公告");
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], "发布公告", PATHS);
  });

  it("keeps each tab's page alive: the typed title and the scroll position survive switching tabs", async () => {
    const publish = await tabFrame(page, "发布公告");
    const title = publish.locator('input[name="title"]');
    await title.click();
    await title.pressSequentially("【仓库通知】月底盘点");
    // Make the window short, so that the form is taller than its frame, and scroll it with the mouse wheel.
    await page.setViewportSize({ width: 1280, height: 520 });
    const box = await page.locator('#tab-frames iframe[data-active="true"]').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 400);
    await publish.waitForFunction(() => window.scrollY > 0, null, { timeout: PATIENCE });
    const scrolled = await publish.evaluate(() => window.scrollY);

    await clickTab(page, "本地产品");
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], "本地产品", PATHS);
    await clickTab(page, "发布公告");
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], "发布公告", PATHS);
    assert.equal(await title.inputValue(), "【仓库通知】月底盘点", "the half-typed title is still there");
    assert.equal(await publish.evaluate(() => window.scrollY), scrolled, "the page is scrolled where it was left");
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("opens a tab's ▾ menu after hovering 250 ms, and closes it when the mouse leaves", async () => {
    const hoveredAt = Date.now();
    await tabMenuButton(page, "本地产品").hover();
    await tabMenu(page, "本地产品").waitFor({ timeout: PATIENCE });
    const delay = Date.now() - hoveredAt;
    assert.ok(delay >= 200, `the ▾ menu opens after the 250 ms hover delay, it showed after ${delay} ms`);
    assert.deepEqual(
      (await tabMenu(page, "本地产品").getByRole("menuitem").allTextContents()).map((t) => t.trim()),
      ["刷新页面", "关闭其他页签", "关闭右边", "关闭左边"],
    );
    await moveAway(page);
    await tabMenu(page, "本地产品").waitFor({ state: "detached", timeout: PATIENCE });
  });

  it("刷新页面 reloads that tab's page alone: its typed value is gone, the other tabs keep theirs", async () => {
    const publish = await tabFrame(page, "发布公告");
    const title = publish.locator('input[name="title"]');
    const scrolled = await publish.evaluate(() => window.scrollY);
    assert.equal(await title.inputValue(), "【仓库通知】月底盘点");

    // 刷新页面 on another tab than the active one: only that page is asked for again.
    const documents = [];
    const onRequest = (r) => r.resourceType() === "document" && documents.push(new URL(r.url()).pathname);
    page.on("request", onRequest);
    const inbound = page.waitForResponse((r) => new URL(r.url()).pathname === PATHS.入库单);
    await chooseTabAction(page, "入库单", "刷新页面");
    await inbound;
    page.off("request", onRequest);
    assert.deepEqual(documents, [PATHS.入库单], "only the refreshed tab's page is loaded again");
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], "发布公告", PATHS);
    assert.equal(await title.inputValue(), "【仓库通知】月底盘点", "发布公告 keeps its typed title");
    assert.equal(await publish.evaluate(() => window.scrollY), scrolled, "发布公告 keeps its scroll position");

    // 刷新页面 on 发布公告 itself: the form comes back empty.
    const reloaded = page.waitForEvent("framenavigated", (f) => f === publish);
    await chooseTabAction(page, "发布公告", "刷新页面");
    await reloaded;
    await publish.waitForLoadState("load");
    assert.equal(await title.inputValue(), "", "after 刷新页面 the typed title is gone");
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], "发布公告", PATHS);
  });

  it("closes to the right, to the left and the others from the ▾ menu; 首页 always stays", async () => {
    await chooseTabAction(page, "本地产品", "关闭右边");
    // 发布公告 was active and is gone: the tab whose menu was used takes over.
    await expectTabs(page, [HOME, "入库单", "本地产品"], "本地产品", PATHS);

    await chooseTabAction(page, "本地产品", "关闭左边");
    await expectTabs(page, [HOME, "本地产品"], "本地产品", PATHS);

    // Reopen some: 入库单 from the 首页 page's 常用功能, two more from the rail.
    await clickTab(page, HOME);
    await activeFrame(page).getByRole("link", { name: "入库单", exact: true }).click();
    await expectTabs(page, [HOME, "本地产品", "入库单"], "入库单", PATHS);
    await openFromRail(page, "采购", "采购单");
    await openFromRail(page, "物流", "发货计划");
    await expectTabs(page, [HOME, "本地产品", "入库单", "采购单", "发货计划"], "发货计划", PATHS);

    await clickTab(page, "采购单");
    await chooseTabAction(page, "入库单", "关闭其他页签");
    await expectTabs(page, [HOME, "入库单"], "入库单", PATHS);

    await chooseTabAction(page, "入库单", "关闭左边");
    await expectTabs(page, [HOME, "入库单"], "入库单", PATHS);
    await chooseTabAction(page, HOME, "关闭右边");
    await expectTabs(page, [HOME], HOME, PATHS);
    await chooseTabAction(page, HOME, "关闭其他页签");
    await chooseTabAction(page, HOME, "关闭左边");
    await expectTabs(page, [HOME], HOME, PATHS);
  });

  it("× closes a tab: the active one hands over to its right neighbour, else its left; 首页 has no ×", async () => {
    await onlyHome();
    assert.equal(await page.getByRole("button", { name: `关闭${HOME}`, exact: true }).count(), 0, "首页 has no × button");
    await openFromRail(page, "仓库", "入库单");
    await openFromRail(page, "产品", "本地产品");
    await openFromRail(page, "采购", "采购单");
    await expectTabs(page, [HOME, "入库单", "本地产品", "采购单"], "采购单", PATHS);

    await clickTab(page, "本地产品");
    await closeWithX(page, "本地产品");
    await expectTabs(page, [HOME, "入库单", "采购单"], "采购单", PATHS);

    await closeWithX(page, "采购单");
    await expectTabs(page, [HOME, "入库单"], "入库单", PATHS);

    // Closing a tab that is not active leaves the active one alone.
    await openFromRail(page, "仓库", "出库单");
    await clickTab(page, "入库单");
    await closeWithX(page, "出库单");
    await expectTabs(page, [HOME, "入库单"], "入库单", PATHS);
  });

  it("Esc closes the active tab, also from inside its page, but not while typing in a field; never 首页", async () => {
    await expectTabs(page, [HOME, "入库单"], "入库单", PATHS);
    await page.keyboard.press("Escape");
    await expectTabs(page, [HOME], HOME, PATHS);
    await page.keyboard.press("Escape");
    await expectTabs(page, [HOME], HOME, PATHS);

    await openFromRail(page, "仓库", "入库单");
    await openFromRail(page, "系统", "发布公告");
    await expectTabs(page, [HOME, "入库单", "发布公告"], "发布公告", PATHS);

    // Typing in the form: Esc belongs to the field.
    const publish = activeFrame(page);
    await publish.locator('input[name="title"]').click();
    await page.keyboard.type("草稿");
    await page.keyboard.press("Escape");
    await publish.locator("textarea[name=content]").click();
    await page.keyboard.press("Escape");
    await expectTabs(page, [HOME, "入库单", "发布公告"], "发布公告", PATHS);
    assert.equal(await publish.locator('input[name="title"]').inputValue(), "草稿");

    // Focus in the page but not in a field: Esc closes the tab.
    await publish.locator("h1").click();
    await page.keyboard.press("Escape");
    await expectTabs(page, [HOME, "入库单"], "入库单", PATHS);

    await activeFrame(page).locator("h1").click();
    await page.keyboard.press("Escape");
    await expectTabs(page, [HOME], HOME, PATHS);
    await activeFrame(page).locator("h1").click();
    await page.keyboard.press("Escape");
    await expectTabs(page, [HOME], HOME, PATHS);
  });

  it("brings the open tabs and the active one back after the browser reloads", async () => {
    await openFromRail(page, "仓库", "入库单");
    await openFromRail(page, "产品", "本地产品");
    await openFromRail(page, "系统", "发布公告");
    await clickTab(page, "本地产品");
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], "本地产品", PATHS);

    await page.reload();
    await shellReady(page);
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], "本地产品", PATHS);
    assert.equal(await activeFrame(page).locator("h1").textContent(), "本地产品");
    await clickTab(page, "发布公告");
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], "发布公告", PATHS);
    assert.equal(await activeFrame(page).locator("h1").textContent(), "发布公告");
    await clickTab(page, HOME);
    await expectTabs(page, [HOME, "入库单", "本地产品", "发布公告"], HOME, PATHS);
    assert.equal(await activeFrame(page).locator("[data-user-name]").textContent(), "管理员");
  });

  it("activates the open tab when an address with its title is opened again, from the rail, 首页 or the address bar", async () => {
    const open = [HOME, "入库单", "本地产品", "发布公告"];
    await openFromRail(page, "仓库", "入库单");
    await expectTabs(page, open, "入库单", PATHS);

    await clickTab(page, HOME);
    await activeFrame(page).getByRole("link", { name: "本地产品", exact: true }).click();
    await expectTabs(page, open, "本地产品", PATHS);

    await page.goto(address("入库单"));
    await shellReady(page);
    await expectTabs(page, open, "入库单", PATHS);
    assert.equal(await activeFrame(page).locator("h1").textContent(), "入库单");
  });

  it("an address whose title is open but whose query differs activates that tab and leaves no stray frame", async () => {
    const open = [HOME, "入库单", "本地产品", "发布公告"];
    try {
      await page.goto(`${address("入库单")}&status=2`);
      await shellReady(page);
      await expectTabs(page, open, "入库单", PATHS);
      await clickTab(page, HOME);
      await expectTabs(page, open, HOME, PATHS);
    } finally {
      // A fresh document, whatever happened.
      await page.goto("/home");
      await shellReady(page);
    }
  });

  it("replace=true: a page that hands over to another closes its own tab", async () => {
    // No built page links with replace=true yet; a create page will link to its detail page this way. Give the
    // 入库单 page such a link and click it.
    await onlyHome();
    await openFromRail(page, "仓库", "入库单");
    const detail = `${PATHS.入库单详情}?${new URLSearchParams({ title: "入库单详情", path: PATHS.入库单详情, replace: "true" })}`;
    await activeFrame(page).locator("main").evaluate((main, href) => {
      const a = document.createElement("a");
      a.href = href;
      a.dataset.tabLink = "";
      a.dataset.title = "入库单详情";
      a.textContent = "查看入库单详情";
      main.append(a);
    }, detail);
    await activeFrame(page).getByRole("link", { name: "查看入库单详情" }).click();
    await page.waitForFunction(() => document.title.startsWith("入库单详情"), null, { timeout: PATIENCE });
    assert.equal(await activeFrame(page).locator("h1").textContent(), "入库单详情");
    assert.deepEqual(await tabTitles(page), [HOME, "入库单详情"], "入库单 handed over to 入库单详情 and closed");
  });

  it("shows a tab's ▾ menu below the tab, where a person sees and clicks it", async () => {
    await onlyHome();
    await openFromRail(page, "仓库", "入库单");
    await tabMenuButton(page, "入库单").click();
    const menu = tabMenu(page, "入库单");
    await menu.waitFor();
    for (const item of ["刷新页面", "关闭其他页签", "关闭右边", "关闭左边"]) {
      assert.equal(await waitSeen(menu.getByRole("menuitem", { name: item })), true, `${item} is seen under the tab`);
    }
    await tabMenuButton(page, "入库单").click();
  });

  it("clicking a rail group opens its flyout (touch screens have no hover), and no tab is named after a group", async () => {
    await onlyHome();
    await railGroup(page, "仓库").getByRole("link", { name: "仓库", exact: true }).click();
    // The flyout showing says the click has been handled: by then it would have opened a tab, if it did.
    assert.equal(await waitSeen(flyout(page, "仓库").getByRole("menuitem", { name: "入库单", exact: true })), true,
      "the click opens the group's flyout");
    assert.deepEqual(await tabTitles(page), [HOME], "a click on the group opens no tab");
  });
});
