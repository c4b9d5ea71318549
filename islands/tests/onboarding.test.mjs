// 首页's 新手引导 as a new seller meets it, against the Amazon stand-in: the six steps, all to do, each opening its
// screen; the empty 店铺管理 and 数据同步 saying what to do next; a store added and authorised; the first sync
// followed live on 首页 (its step counting the kinds done without a reload) until it is done; the owner putting the
// guide away and bringing it back. Screenshots at 1280 px and 390 px, light and dark, go to
// islands/tests/artifacts/onboarding-*.png.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, SYNC_PATIENCE, phone, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { registerCompany } from "./flows.mjs";
import { clickTab, openFromRail, signInToShell, tabFrame, tabTitles } from "./shell.mjs";
import { startAmazon } from "./amazon-standin.mjs";

const SUCCESS = "授权成功，请回到授权列表页面刷新。";
const OWNER = { account: phone("136"), password: "Owner#2026g", name: "孙八", email: "owner136@example.com", company: "杭州孙八电子商务有限公司" };
const STEPS = ["添加店铺", "授权", "首次同步", "生成本地产品", "填写成本", "配对"];

before(() => getBrowser());
after(() => closeBrowser());

describe("新手引导", () => {
  let amazon;
  let server;
  let page;

  before(async () => {
    amazon = await startAmazon();
    server = await startServer({ env: { ...amazon.env, SELLERHUB_REPORT_POLL: "200ms" } });
    page = await newPage(server);
    await registerCompany(page, server, { js: true, ...OWNER });
    await signInToShell(page, OWNER);
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    await amazon?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const guide = (frame) => frame.locator("section[data-guide]");
  const step = (frame, key) => guide(frame).locator(`li[data-step="${key}"]`);
  async function shoot(name) {
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width, height });
      for (const dark of [false, true]) {
        await page.evaluate((on) => {
          for (const doc of [document, ...[...document.querySelectorAll("#tab-frames iframe")].map((f) => f.contentDocument)]) {
            doc?.documentElement?.classList.toggle("dark", on);
          }
        }, dark);
        await page.screenshot({ path: artifact(`onboarding-${name}-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.evaluate(() => {
      for (const doc of [document, ...[...document.querySelectorAll("#tab-frames iframe")].map((f) => f.contentDocument)]) {
        doc?.documentElement?.classList.remove("dark");
      }
    });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  it("shows a new company the six steps, all to do, each opening its screen", async () => {
    const home = await tabFrame(page, "首页");
    await guide(home).waitFor();
    const titles = await guide(home).locator("li").evaluateAll((lis) => lis.map((li) => li.querySelector("a > span:nth-child(2) > span").firstChild.textContent.trim()));
    assert.deepEqual(titles, STEPS);
    assert.deepEqual(await guide(home).locator("li").evaluateAll((lis) => lis.map((li) => li.dataset.done)), STEPS.map(() => "false"));
    assert.match(await guide(home).innerText(), /已完成 0\/6 步/);
    await shoot("new");

    await step(home, "store").getByRole("link").click();
    await page.waitForFunction(() => document.querySelector('#tab-frames iframe[title="店铺管理"]'));
    const stores = await tabFrame(page, "店铺管理");
    await stores.getByText("还没有店铺。下一步：点“添加店铺”", { exact: false }).waitFor();
  });

  it("the empty 数据同步 leads to 店铺管理", async () => {
    await openFromRail(page, "授权", "数据同步");
    const sync = await tabFrame(page, "数据同步");
    const empty = sync.locator("[data-empty]", { hasText: "还没有已授权的店铺" });
    await empty.waitFor();
    await empty.getByRole("button", { name: "店铺管理", exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent.includes("店铺管理"));
  });

  it("follows the first sync live on 首页 until it is done", async () => {
    const stores = await tabFrame(page, "店铺管理");
    await stores.getByRole("button", { name: "添加店铺", exact: true }).click();
    const add = stores.locator("dialog[open]");
    await add.locator('input[name="name"]').fill("美国一店");
    await add.getByRole("button", { name: "保存", exact: true }).click();
    await add.waitFor({ state: "detached" });
    // The reports wait until 首页 has shown the sync under way.
    await fetch(`${amazon.url}/control/hold-documents`, { method: "POST" });
    await stores.locator("tbody tr", { hasText: "北美" }).getByRole("button", { name: "授权", exact: true }).click();
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      stores.locator("dialog[open]").getByRole("button", { name: "前往亚马逊授权", exact: true }).click(),
    ]);
    await popup.getByText(SUCCESS).waitFor({ timeout: PATIENCE });
    await popup.close();

    await clickTab(page, "首页");
    // 首页 was rendered before the store existed: shown again, it is reloaded to see the steps done so far.
    let home = await tabFrame(page, "首页");
    await home.evaluate(() => location.reload());
    home = await tabFrame(page, "首页");
    await step(home, "authorize").and(home.locator('[data-done="true"]')).waitFor();
    // The total is the store's kinds of Selling Partner data (amazondata.Kinds; no advertising is authorised).
    const progress = step(home, "sync").getByText(/同步中：已完成 \d+\/\d+ 项数据/);
    await progress.waitFor();
    const kinds = Number((await progress.innerText()).match(/\/(\d+) 项/)[1]);
    assert.ok(kinds >= 10, `the sync counts every kind: ${kinds}`);
    assert.equal((await step(home, "sync").locator("[data-step-state]").innerText()).trim(), "进行中");
    const marker = await home.evaluate(() => (window.__sameDocument = Math.random()));
    await shoot("syncing");

    // The sync finishes; the step counts up in place, then the page reloads itself with the data.
    await fetch(`${amazon.url}/control/release-documents`, { method: "POST" });
    // Done in place first, then the page reloads itself: wait for the new document, which has no marker.
    await page.waitForFunction(
      () => {
        const frame = document.querySelector('#tab-frames iframe[title="首页"]');
        const doc = frame?.contentDocument;
        return frame?.contentWindow?.__sameDocument === undefined && doc?.readyState === "complete" &&
          doc.querySelector('li[data-step="sync"]')?.dataset.done === "true";
      },
      null,
      { timeout: SYNC_PATIENCE },
    );
    home = await tabFrame(page, "首页");
    assert.notEqual(await home.evaluate(() => window.__sameDocument), marker, "the page reloaded once the sync was done");
    assert.match(await step(home, "sync").innerText(), new RegExp(`已完成：${kinds} 项数据已同步`));
    assert.match(await guide(home).innerText(), /已完成 3\/6 步/);
    assert.deepEqual(await tabTitles(page), ["首页", "店铺管理", "数据同步"]);
  });

  it("the owner puts the guide away and brings it back", async () => {
    let home = await tabFrame(page, "首页");
    await guide(home).getByRole("button", { name: "隐藏新手引导", exact: true }).click();
    await page.waitForFunction(() => {
      const doc = document.querySelector('#tab-frames iframe[title="首页"]')?.contentDocument;
      return doc?.readyState === "complete" && doc.querySelector("[data-guide-shown=true]");
    });
    home = await tabFrame(page, "首页");
    assert.equal(await guide(home).count(), 0, "the guide is put away");
    await home.getByRole("button", { name: "显示新手引导", exact: true }).click();
    await page.waitForFunction(() => document.querySelector('#tab-frames iframe[title="首页"]')?.contentDocument?.querySelector("section[data-guide]"));
    home = await tabFrame(page, "首页");
    await guide(home).waitFor();
  });
});
