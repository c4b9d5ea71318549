// A plan made in its 发货计划提交 tab takes the name the list opens it by (issue 43 #18): saved, the tab is
// 编辑发货计划 <number>; submitted, the tab and the page's heading are 发货计划详情 <number>, the address names the
// plan, a refresh of the tab and a reload of the window reopen it as that, and 新建发货计划 opens a fresh form.
// The company is the seeded admin's with the store group, warehouse and products of islands/tests/shipseed.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { activeTab, chooseTabAction, clickTab, frames, openFromRail, shellReady, signInToShell, tabFrame, tabTitles } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("发货计划提交的页签标题", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer();
    execFileSync("go", ["run", "./islands/tests/shipseed", "seed", `sqlite://${join(server.dir, "db.sqlite")}`, ADMIN_ACCOUNT], { stdio: "inherit" });
    page = await newPage(server, { viewport: { width: 1280, height: 860 } });
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const planNumber = async (form) => (await form.getByText(/^计划编号/).innerText()).match(/计划编号\s+(\S+)/)[1];
  /** Waits until the selected tab is title, and answers the tab strip's titles. */
  async function waitForTab(title) {
    await page.getByRole("tablist", { name: "页签" }).locator('[role="tab"][aria-selected="true"]', { hasText: title }).waitFor();
    return tabTitles(page);
  }

  it("names the tab by the saved plan, then by its 发货计划详情 once submitted", async () => {
    await openFromRail(page, "物流", "发货计划");
    const plans = await tabFrame(page, "发货计划");
    await plans.getByRole("button", { name: "新建发货计划", exact: true }).click();
    const form = await tabFrame(page, "发货计划提交");
    await form.getByRole("combobox", { name: "店铺" }).selectOption({ label: "美国站店铺" });
    await form.getByRole("combobox", { name: "发货仓库" }).selectOption({ label: "深圳仓" });
    await form.getByRole("combobox", { name: "产品" }).selectOption({ label: "LAMP-01 木质台灯" });
    await form.getByRole("textbox", { name: "发货数量", exact: true }).fill("5");
    await form.getByRole("button", { name: "添加", exact: true }).click();

    await form.getByRole("button", { name: "保存", exact: true }).click();
    await form.getByText("待提交", { exact: true }).waitFor();
    const number = await planNumber(form);
    assert.deepEqual(await waitForTab(`编辑发货计划 ${number}`), ["首页", "发货计划", `编辑发货计划 ${number}`], "the saved draft's tab is its 编辑");

    await form.getByRole("button", { name: "保存并提交", exact: true }).click();
    await form.getByText("已提交", { exact: true }).waitFor();
    const details = `发货计划详情 ${number}`;
    assert.deepEqual(await waitForTab(details), ["首页", "发货计划", details]);
    assert.equal(await form.getByRole("heading", { level: 1 }).innerText(), "发货计划详情");
    assert.equal(await page.title(), `${details} - sellerhub`);
    const address = new URL(page.url());
    assert.equal(address.pathname, "/e/s/p");
    assert.equal(address.searchParams.get("title"), details, "the address reopens the tab under its new title");
    assert.ok(address.searchParams.get("id"), "the address names the plan");
    const held = await frames(page);
    assert.deepEqual(held.filter((f) => f.title === details).map((f) => f.name), [`tab:${details}`], "one frame, named by the new title");
    await page.screenshot({ path: artifact("ship-plan-title-desktop.png") });

    // 新建发货计划 opens an empty form, not the submitted plan.
    await clickTab(page, "发货计划");
    await plans.getByRole("button", { name: "新建发货计划", exact: true }).click();
    const fresh = await tabFrame(page, "发货计划提交");
    await fresh.getByRole("button", { name: "保存并提交", exact: true }).waitFor();
    assert.equal(await fresh.getByText(/^计划编号/).count(), 0, "a fresh form");
    assert.deepEqual(await tabTitles(page), ["首页", "发货计划", details, "发货计划提交"]);
  });

  it("reopens the submitted plan as 发货计划详情 on a refresh of its tab and a reload of the window", async () => {
    const details = (await tabTitles(page)).find((t) => t.startsWith("发货计划详情 "));
    await clickTab(page, details);
    await chooseTabAction(page, details, "刷新页面");
    const frame = await tabFrame(page, details);
    await frame.getByRole("heading", { name: "发货计划详情", level: 1 }).waitFor();
    await frame.getByText("已提交", { exact: true }).waitFor();

    await page.reload();
    await shellReady(page);
    assert.equal(await activeTab(page), details);
    assert.deepEqual((await tabTitles(page)).filter((t) => t.startsWith("发货计划")), ["发货计划", details, "发货计划提交"], "no second tab for the plan");
    const again = await tabFrame(page, details);
    await again.getByRole("heading", { name: "发货计划详情", level: 1 }).waitFor();
  });
});
