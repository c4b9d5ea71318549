// 数据同步 against the Amazon stand-in (a process serving the simulated sellers' reports): a store authorised in
// 店铺管理 gets its first syncs at once; 数据同步 shows them queued, running with their progress and done, following
// them live without a refresh; after Amazon refuses the seller's grant, 立即同步 (asked first) ends with
// 授权已失效，请重新授权 on the row and 授权失效 in 店铺管理; 上传报告 answers at once and its run goes to 成功 in the
// history. Screenshots at desktop and phone widths, light and dark,
// go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, SYNC_PATIENCE, phone, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { registerCompany } from "./flows.mjs";
import { openFromRail, sayYes, signInToShell, tabFrame, waitForToast } from "./shell.mjs";
import { startAmazon } from "./amazon-standin.mjs";

const SUCCESS = "授权成功，请回到授权列表页面刷新。";
const OWNER = { account: phone("137"), password: "Owner#2026s", name: "钱七", email: "owner137@example.com", company: "深圳钱七跨境电商有限公司" };
const KINDS = ["订单", "FBA库存", "结算报告", "FBA费用预估", "买家退货", "在售商品", "父ASIN", "库存分类账明细", "库存分类账汇总", "赔偿报告", "月度仓储费", "长期仓储费", "库存规划", "移除订单", "移除货件", "销售与流量"];

before(() => getBrowser());
after(() => closeBrowser());

describe("数据同步", () => {
  let amazon;
  let server;
  let page;

  before(async () => {
    amazon = await startAmazon();
    // Amazon's reports are polled every 200 ms instead of every 15 s: the first sync is done in seconds.
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

  /** The list's rows as [店铺, 区域, 数据类型, 状态] texts. */
  const rows = (frame) =>
    frame.locator('section[aria-label="同步任务"] tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].slice(0, 4).map((td) => td.innerText.trim())));
  const taskRow = (frame, kind) => frame.locator('section[aria-label="同步任务"] tbody tr').filter({ has: frame.getByText(kind, { exact: true }) });

  it("authorises a store and watches its first sync progress to done", async () => {
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
    // The downloads wait until the test has seen a sync running.
    await fetch(`${amazon.url}/control/hold-documents`, { method: "POST" });
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      stores.locator("dialog[open]").getByRole("button", { name: "前往亚马逊授权", exact: true }).click(),
    ]);
    await popup.getByText(SUCCESS).waitFor({ timeout: PATIENCE });
    await popup.close();

    await openFromRail(page, "授权", "数据同步");
    const sync = await tabFrame(page, "数据同步");
    await taskRow(sync, "订单").waitFor({ timeout: PATIENCE });
    const first = await rows(sync);
    assert.deepEqual(first.map((r) => r.slice(0, 3)), KINDS.map((k) => ["美国一店", "北美", k]), "one row per data kind of the new store");
    for (const [, , , state] of first) assert.ok(["排队中", "同步中"].includes(state), `a first sync waits or runs: ${state}`);

    // A sync held at its download shows its report's state and the reports done; the list follows it live.
    await sync.locator('section[aria-label="同步任务"] [role="status"]', { hasText: "下载导入中" }).first().waitFor({ timeout: 30000 });
    await page.screenshot({ path: artifact("datasync-running.png") });
    await fetch(`${amazon.url}/control/release-documents`, { method: "POST" });

    // Done, every kind, without touching the page.
    await sync.locator('section[aria-label="同步任务"] tbody tr', { hasText: "已完成" }).nth(KINDS.length - 1).waitFor({ timeout: SYNC_PATIENCE });
    const done = await rows(sync);
    assert.deepEqual(done.map((r) => r[3]), KINDS.map(() => "已完成"));
    assert.match(await taskRow(sync, "订单").innerText(), /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/, "the last success shows");
    // The history has a run of the authorisation per kind: its first page of ten, and the count of them all.
    const history = sync.locator('section[aria-labelledby="runs-title"] tbody tr');
    const firstPage = Math.min(KINDS.length, 10);
    await history.filter({ hasText: "成功" }).nth(firstPage - 1).waitFor({ timeout: PATIENCE });
    assert.equal(await history.filter({ hasText: "授权" }).count(), firstPage);
    await sync.locator('section[aria-labelledby="runs-title"]').getByText(`共 ${KINDS.length} 条`).waitFor({ timeout: PATIENCE });
    await page.screenshot({ path: artifact("datasync-done.png") });
  });

  it("reports Amazon refusing the seller's grant with what to do", async () => {
    await fetch(`${amazon.url}/control/refuse-grants?on=true`, { method: "POST" });
    await fetch(`${amazon.url}/control/expire-tokens`, { method: "POST" });
    const sync = await tabFrame(page, "数据同步");
    await taskRow(sync, "订单").getByRole("button", { name: "立即同步", exact: true }).click();
    await sayYes(sync, "立即同步");
    assert.ok((await waitForToast(sync, "已加入同步队列")).includes("已加入同步队列"));
    await taskRow(sync, "订单").getByText("授权已失效，请重新授权").waitFor({ timeout: 30000 });
    assert.match(await taskRow(sync, "订单").innerText(), /失败/);
    assert.equal(await taskRow(sync, "订单").getByRole("button", { name: "立即同步", exact: true }).count(), 0, "立即同步 is not offered for a refused store");
    await page.screenshot({ path: artifact("datasync-invalid-grant.png") });

    await openFromRail(page, "授权", "店铺管理");
    const stores = await tabFrame(page, "店铺管理");
    await stores.getByRole("button", { name: "刷新", exact: true }).click();
    await stores.locator("tbody tr", { hasText: "北美" }).getByText("授权失效").waitFor();
  });

  it("refuses an uploaded file that is not the chosen report's", async () => {
    await openFromRail(page, "授权", "数据同步");
    const sync = await tabFrame(page, "数据同步");
    await sync.getByRole("button", { name: "上传报告", exact: true }).click();
    const dialog = sync.getByRole("dialog", { name: "上传报告" });
    await dialog.getByRole("combobox", { name: "店铺" }).locator("option", { hasText: "美国一店（北美）" }).waitFor({ state: "attached" });
    await dialog.getByRole("combobox", { name: "报告类型" }).selectOption({ label: "订单" });
    await dialog.getByLabel("报告文件").setInputFiles({ name: "report.txt", mimeType: "text/plain", buffer: Buffer.from("sku\tafn-fulfillable-quantity\nA-1\t3\n") });
    await dialog.getByRole("button", { name: "上传并导入", exact: true }).click();
    await dialog.getByRole("alert").getByText("文件不是所选报告类型", { exact: false }).waitFor();
    await page.screenshot({ path: artifact("datasync-upload-refused.png") });
    await dialog.getByRole("button", { name: "取消", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
  });

  it("uploads a report file, answered at once, and follows its import to done in the history", async () => {
    const sync = await tabFrame(page, "数据同步");
    await sync.getByRole("button", { name: "上传报告", exact: true }).click();
    const dialog = sync.getByRole("dialog", { name: "上传报告" });
    await dialog.getByRole("combobox", { name: "店铺" }).locator("option", { hasText: "美国一店（北美）" }).waitFor({ state: "attached" });
    await dialog.getByRole("combobox", { name: "报告类型" }).selectOption({ label: "在售商品" });
    const file = "item-name\tlisting-id\tseller-sku\tprice\tquantity\tasin1\tfulfillment-channel\tstatus\n上传的折叠椅\t0101UPLOAD1\tUP-CHAIR-1\t24.50\t7\tB0UPLOAD01\tDEFAULT\tActive\n";
    await dialog.getByLabel("报告文件").setInputFiles({ name: "listings-upload.txt", mimeType: "text/plain", buffer: Buffer.from(file) });
    await dialog.getByRole("button", { name: "上传并导入", exact: true }).click();
    const toast = "已上传“listings-upload.txt”，正在后台导入，进度见同步记录";
    assert.ok((await waitForToast(sync, toast)).includes(toast));
    await dialog.waitFor({ state: "detached" });
    // The history's one run of cause 上传 (its file column is hidden by default) goes to 成功 without a refresh.
    const run = sync.locator('section[aria-labelledby="runs-title"] tbody tr', { hasText: "上传" });
    await run.filter({ hasText: "成功" }).waitFor({ timeout: 30000 });
    assert.match(await run.innerText(), /在售商品/);
  });

  for (const { name, viewport } of [{ name: "desktop", viewport: { width: 1280, height: 800 } }, { name: "phone", viewport: { width: 390, height: 844 } }]) {
    for (const dark of [false, true]) {
      it(`draws at ${name} width in ${dark ? "dark" : "light"} mode`, async () => {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await signInToShell(look, OWNER);
          await look.goto("/amazon/datasync?embed=1");
          await look.getByText("授权已失效，请重新授权").first().waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`datasync-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
        } finally {
          await look.context().close();
        }
      });
    }
  }
});
