// 广告规则 and 预警管理 as an ad manager, against the Amazon stand-in: after a store's advertising is synced, a rule
// pausing keywords of high ACOS is made (disabled), its 试运行 lists the keywords it would pause with the figures
// that qualify each, and it is enabled from there; 预警管理's thresholds are set, 立即检查 raises the sudden changes
// of the synced days, and opening one reads it. Both screens are drawn at desktop and phone widths, light and dark.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, SYNC_PATIENCE, phone, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { registerCompany } from "./flows.mjs";
import { openFromRail, sayYes, signInToShell, tabFrame } from "./shell.mjs";
import { startAmazon } from "./amazon-standin.mjs";

const SUCCESS = "授权成功，请回到授权列表页面刷新。";
const OWNER = { account: phone("148"), password: "Owner#2026s", name: "冯十二", email: "owner148@example.com", company: "深圳冯十二跨境电商有限公司" };

before(() => getBrowser());
after(() => closeBrowser());

describe("广告规则 and 预警管理", () => {
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

  const taskRow = (frame, kind) => frame.locator('section[aria-label="同步任务"] tbody tr').filter({ has: frame.getByText(kind, { exact: true }) });
  const consent = async (button) => {
    const [popup] = await Promise.all([page.context().waitForEvent("page"), button()]);
    await popup.getByText(SUCCESS).waitFor({ timeout: PATIENCE });
    await popup.close();
    await page.bringToFront();
  };

  it("syncs a store's advertising", async () => {
    await openFromRail(page, "授权", "店铺管理");
    const stores = await tabFrame(page, "店铺管理");
    await stores.getByText("还没有店铺。下一步", { exact: false }).waitFor();
    await stores.getByRole("button", { name: "添加店铺", exact: true }).click();
    const add = stores.locator("dialog[open]");
    await add.locator('input[name="name"]').fill("美国一店");
    await add.getByRole("button", { name: "保存", exact: true }).click();
    await add.waitFor({ state: "detached" });
    const na = stores.locator("tbody tr", { hasText: "北美" });
    await na.getByRole("button", { name: "授权", exact: true }).click();
    await consent(() => stores.locator("dialog[open]").getByRole("button", { name: "前往亚马逊授权", exact: true }).click());
    await consent(() => na.getByRole("button", { name: "授权广告", exact: true }).click());

    await openFromRail(page, "授权", "数据同步");
    const sync = await tabFrame(page, "数据同步");
    for (const kind of ["广告活动", "广告报表"]) {
      await taskRow(sync, kind).waitFor({ timeout: PATIENCE });
    }
    // The store's first syncs are done before 立即同步 is offered on every row.
    for (const kind of ["广告活动", "广告报表"]) {
      const now = taskRow(sync, kind).getByRole("button", { name: "立即同步", exact: true });
      if (await now.count()) {
        await now.click();
        await sayYes(sync, "立即同步");
      }
    }
    for (const kind of ["广告活动", "广告报表"]) {
      await taskRow(sync, kind).getByText("已完成").waitFor({ timeout: SYNC_PATIENCE });
    }
  });

  it("makes a rule, dry-runs it, reads why and enables it", async () => {
    await openFromRail(page, "广告", "广告规则");
    const view = await tabFrame(page, "广告规则");
    await view.getByText("还没有广告规则", { exact: false }).waitFor({ timeout: PATIENCE });
    await view.getByRole("button", { name: "新建规则", exact: true }).click();
    const form = view.locator("dialog[open]", { has: view.getByRole("heading", { name: "新建规则" }) });
    // A missing ACOS is refused with the form's message, nothing saved.
    await form.locator('input[name="name"]').fill("高ACOS关键词暂停");
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await form.getByRole("alert").getByText("ACOS须大于0，最多两位小数").waitFor({ timeout: PATIENCE });
    await form.locator('input[name="acosAbove"]').fill("50");
    await form.locator('input[name="minClicks"]').fill("10");
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await form.waitFor({ state: "detached", timeout: PATIENCE });
    const row = view.locator('section[aria-label="广告规则"] tbody tr', { hasText: "高ACOS关键词暂停" });
    await row.waitFor({ timeout: PATIENCE });
    await row.locator("span", { hasText: /^停用$/ }).waitFor();
    assert.ok((await row.innerText()).includes("近7天关键词ACOS > 50%，点击 ≥ 10"), await row.innerText());

    await row.getByRole("button", { name: "试运行", exact: true }).click();
    const dry = view.locator("dialog[open]", { has: view.getByRole("heading", { name: "试运行：高ACOS关键词暂停" }) });
    const status = dry.getByRole("status");
    await status.waitFor({ timeout: PATIENCE });
    const count = Number((await status.innerText()).match(/将修改 (\d+) 个/)[1]);
    assert.ok(count > 0, await status.innerText());
    const lines = dry.locator("tbody tr");
    assert.equal(await lines.count(), count);
    // Each keyword says why: its ACOS above 50 % and its clicks.
    for (const text of await lines.allInnerTexts()) {
      assert.match(text, /启用 → 暂停/);
      assert.match(text, /(ACOS \d+\.\d\d% > 50\.00%|有花费无销售额)/);
      assert.match(text, /点击 \d+ ≥ 10/);
    }
    await page.screenshot({ path: artifact("adv-rules-dry-run.png") });
    await dry.getByRole("button", { name: "启用规则", exact: true }).click();
    await dry.waitFor({ state: "detached", timeout: PATIENCE });
    await row.locator("span", { hasText: /^启用$/ }).waitFor({ timeout: PATIENCE });
  });

  it("sets 预警's thresholds, checks now and opens an alert", async () => {
    await openFromRail(page, "广告", "预警管理");
    const view = await tabFrame(page, "预警管理");
    await view.getByText("没有未读预警").waitFor({ timeout: PATIENCE });
    await view.getByRole("button", { name: "预警设置", exact: true }).click();
    const form = view.locator("dialog[open]", { has: view.getByRole("heading", { name: "预警设置" }) });
    await form.locator('input[name="periodDays"]').fill("7");
    for (const name of ["spendPct", "acosPct", "clicksPct"]) await form.locator(`input[name="${name}"]`).fill("5");
    await form.locator('input[name="minClicks"]').fill("1");
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await form.waitFor({ state: "detached", timeout: PATIENCE });
    await view.getByRole("button", { name: "立即检查", exact: true }).click();
    const rows = view.locator('section[aria-label="预警管理"] tbody tr');
    await rows.first().waitFor({ timeout: PATIENCE });
    const unread = view.getByText(/有 \d+ 条未读预警/);
    await unread.waitFor({ timeout: PATIENCE });
    const before = Number((await unread.innerText()).match(/(\d+)/)[1]);
    assert.ok(before > 0);
    const first = rows.first();
    await first.getByText("未读", { exact: true }).waitFor();
    const campaign = (await first.locator("td button").first().innerText()).trim();
    await first.locator("td button").first().click();
    const opened = view.locator("dialog[open]", { has: view.getByRole("heading", { name: new RegExp(`^${campaign}：`) }) });
    await opened.getByText("对比周期").waitFor({ timeout: PATIENCE });
    await page.screenshot({ path: artifact("adv-warning-alert.png") });
    await opened.getByRole("button", { name: "知道了", exact: true }).click();
    await opened.waitFor({ state: "detached" });
    if (before > 1) await view.getByText(`有 ${before - 1} 条未读预警`).waitFor({ timeout: PATIENCE });
    else await view.getByText("没有未读预警").waitFor({ timeout: PATIENCE });
    // Unread ones come first: the read one is found among the read.
    await view.locator('select[name="read"]').selectOption("read");
    await view.getByRole("button", { name: "查询", exact: true }).click();
    await view.locator('section[aria-label="预警管理"] tbody tr', { hasText: campaign }).filter({ hasText: "已读" }).first().waitFor({ timeout: PATIENCE });
    await view.locator('section[aria-label="预警管理"] tbody tr', { hasText: "未读" }).first().waitFor({ state: "detached", timeout: PATIENCE });
  });

  for (const { name, viewport } of [{ name: "desktop", viewport: { width: 1280, height: 800 } }, { name: "phone", viewport: { width: 390, height: 844 } }]) {
    for (const dark of [false, true]) {
      it(`draws at ${name} width in ${dark ? "dark" : "light"} mode`, async () => {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await signInToShell(look, OWNER);
          await look.goto("/amazon/adv/rules?embed=1");
          await look.locator('section[aria-label="广告规则"] tbody tr').first().waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`adv-rules-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.getByRole("button", { name: "新建规则", exact: true }).click();
          await look.getByRole("heading", { name: "新建规则" }).waitFor();
          await look.locator('dialog[open] select[name="kind"]').selectOption("lowerBid");
          await look.locator('dialog[open] input[name="coverBelow"]').waitFor();
          await look.screenshot({ path: artifact(`adv-rules-form-${name}-${dark ? "dark" : "light"}.png`) });
          await look.locator("dialog[open]").getByRole("button", { name: "取消", exact: true }).click();
          await look.goto("/amazon/adv/warning?embed=1");
          await look.locator('section[aria-label="预警管理"] tbody tr').first().waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`adv-warning-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
        } finally {
          await look.context().close();
        }
      });
    }
  }
});
