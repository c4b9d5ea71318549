// 赔偿报告 and 待索赔 as the seller (the demo company's admin, whose simulated seller's ledger and reimbursements
// came in with the demo): 待索赔 lists the unit lost at a fulfilment centre that Amazon neither found nor
// reimbursed; the seller opens its evidence, is told a missing case id, marks it 已提交 with the case id, uploads
// Amazon's reimbursements report naming the case in 数据同步, and finds the claim 已赔偿 with the reimbursement's
// id; 赔偿记录 lists the reimbursement and exports. Screenshots at 1280 and 390 px, light and dark, go to
// islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { clickTab, openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const CASE = "17345678901";

describe("赔偿报告", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer({ env: { SELLERHUB_DEMO_DATA: "true" } });
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  async function shown(frame) {
    await tableLoaded(frame);
    const header = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await frame.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    return { header, rows };
  }

  async function query(frame, path) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    return shown(frame);
  }

  async function looks(name) {
    for (const dark of [false, true]) {
      if (dark) await page.getByRole("button", { name: "切换深色模式" }).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        if (width === 390) await page.waitForFunction(() => document.getElementById("main-menu").getBoundingClientRect().right <= 0);
        await page.screenshot({ path: artifact(`${name}-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.getByRole("button", { name: "切换深色模式" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  it("follows a claim from its evidence to 已提交 and, once Amazon reimburses the case, to 已赔偿", async () => {
    await openFromRail(page, "销售", "赔偿报告");
    const frame = await tabFrame(page, "赔偿报告");
    let list = await shown(frame);
    const col = (title) => list.header.indexOf(title);
    for (const title of ["类型", "平台SKU", "件数", "涉及金额", "截止日期", "状态"]) assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    const lost = list.rows.filter((r) => r[col("类型")] === "运营中心丢失/损坏");
    assert.equal(lost.length, 1, `one lost unit to claim: ${JSON.stringify(list.rows)}`);
    const [row] = lost;
    const sku = row[col("平台SKU")];
    assert.equal(row[col("件数")], "1");
    assert.equal(row[col("状态")], "待索赔");
    assert.match(row[col("涉及金额")], /^\$\d/);
    assert.match(row[col("剩余天数")], /^(剩\d+天|今天截止)$/, "counted down to its deadline");
    await looks("claims");

    await frame.locator("tbody tr", { hasText: "运营中心丢失/损坏" }).getByRole("button", { name: "详情", exact: true }).click();
    const dialog = frame.getByRole("dialog");
    const evidence = dialog.getByRole("table", { name: "证据" });
    await evidence.getByText("丢失（M）").waitFor();
    assert.match(await dialog.innerText(), /政策依据：.*60 天/);
    await page.screenshot({ path: artifact("claims-evidence-1280-light.png") });
    await dialog.getByRole("button", { name: "标记已提交", exact: true }).click();
    await dialog.getByRole("alert").getByText("请填写亚马逊的案例编号（Case ID）").waitFor();
    await dialog.getByLabel("案例编号").fill(CASE);
    const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/claims/page");
    await dialog.getByRole("button", { name: "标记已提交", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await reloaded;
    list = await shown(frame);
    const submitted = list.rows.find((r) => r[col("类型")] === "运营中心丢失/损坏");
    assert.equal(submitted[col("状态")], "已提交", "waiting for Amazon now");
    assert.equal(submitted[col("案例编号")], CASE);

    // Amazon reimburses the case: its reimbursements report, uploaded in 数据同步.
    await openFromRail(page, "授权", "数据同步");
    const sync = await tabFrame(page, "数据同步");
    await sync.getByRole("button", { name: "上传报告", exact: true }).click();
    const upload = sync.getByRole("dialog", { name: "上传报告" });
    await upload.getByRole("combobox", { name: "店铺" }).locator("option", { hasText: "演示店铺" }).first().waitFor({ state: "attached" });
    await upload.getByRole("combobox", { name: "报告类型" }).selectOption({ label: "赔偿报告" });
    const now = new Date().toISOString().slice(0, 19) + "+00:00";
    const file = "approval-date\treimbursement-id\tcase-id\tamazon-order-id\treason\tsku\tfnsku\tasin\tproduct-name\tcondition\tcurrency-unit\tamount-per-unit\tamount-total\tquantity-reimbursed-cash\tquantity-reimbursed-inventory\tquantity-reimbursed-total\toriginal-reimbursement-id\toriginal-reimbursement-type\n" +
      `${now}\t5550001\t${CASE}\t\tLost_Warehouse\t${sku}\t\t\t\tSELLABLE\tUSD\t11.40\t11.40\t1\t0\t1\t\t\n`;
    await upload.getByLabel("报告文件").setInputFiles({ name: "reimbursements.txt", mimeType: "text/plain", buffer: Buffer.from(file) });
    await upload.getByRole("button", { name: "上传并导入", exact: true }).click();
    await upload.waitFor({ state: "detached" });
    await sync.locator('section[aria-labelledby="runs-title"] tbody tr', { hasText: "上传" }).filter({ hasText: "成功" }).waitFor({ timeout: 30000 });

    await clickTab(page, "赔偿报告");
    await frame.getByLabel("状态", { exact: true }).selectOption("settled");
    list = await query(frame, "/amazon/api/v1/claims/page");
    const settled = list.rows.find((r) => r[col("案例编号")] === CASE);
    assert.ok(settled, `the case is settled: ${JSON.stringify(list.rows)}`);
    assert.equal(settled[col("状态")], "已赔偿");
    assert.equal(settled[col("赔偿编号")], "5550001");

    await frame.getByRole("tab", { name: "赔偿记录" }).click();
    await frame.getByLabel("SKU、案例或赔偿编号").fill(CASE);
    list = await query(frame, "/amazon/api/v1/reimbursements/page");
    assert.equal(list.rows.length, 1);
    assert.equal(list.rows[0][list.header.indexOf("赔偿金额")], "$11.40");
    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const xlsx = await download;
    assert.equal(xlsx.suggestedFilename(), `赔偿报告_${TODAY}.xlsx`);
    const sheet = readSheet(await xlsx.path());
    assert.equal(sheet.length, 2);
    assert.equal(String(sheet[1][list.header.indexOf("赔偿金额")]), "11.4", "a number in the file");
    await frame.getByLabel("SKU、案例或赔偿编号").fill("");
    await query(frame, "/amazon/api/v1/reimbursements/page");
    await looks("reimbursements");
  });

  it("finds the refund whose item never came back, shows the refund as its evidence, and settles it when Amazon reimburses the order", async () => {
    const frame = await tabFrame(page, "赔偿报告");
    await frame.getByRole("tab", { name: "待索赔" }).click();
    await frame.getByLabel("类型", { exact: true }).selectOption("return");
    await frame.getByLabel("状态", { exact: true }).selectOption("");
    let list = await query(frame, "/amazon/api/v1/claims/page");
    const col = (title) => list.header.indexOf(title);
    assert.equal(list.rows.length, 1, `one refund never returned: ${JSON.stringify(list.rows)}`);
    const [row] = list.rows;
    assert.equal(row[col("类型")], "退款未退货");
    assert.equal(row[col("状态")], "待索赔");
    assert.match(row[col("涉及金额")], /^\$\d/);
    const order = row[col("参考编号")];
    const sku = row[col("平台SKU")];
    assert.match(order, /^\d{3}-\d{7}-\d{7}$/);

    await frame.locator("tbody tr", { hasText: "退款未退货" }).getByRole("button", { name: "详情", exact: true }).click();
    const dialog = frame.getByRole("dialog");
    const evidence = dialog.getByRole("table", { name: "证据" });
    await evidence.getByText(/^买家退款 /).waitFor();
    assert.ok((await evidence.innerText()).includes(order), "the refunded order is the evidence");
    assert.match(await dialog.innerText(), /政策依据：.*第 60 天至第 120 天/);
    await page.screenshot({ path: artifact("claims-refund-evidence-1280-light.png") });
    await dialog.getByLabel("案例编号").fill("17345678902");
    const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/claims/page");
    await dialog.getByRole("button", { name: "标记已提交", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await reloaded;

    // Amazon reimburses the order (no case named): the reimbursements report, uploaded in 数据同步.
    await openFromRail(page, "授权", "数据同步");
    const sync = await tabFrame(page, "数据同步");
    await sync.getByRole("button", { name: "上传报告", exact: true }).click();
    const upload = sync.getByRole("dialog", { name: "上传报告" });
    await upload.getByRole("combobox", { name: "店铺" }).locator("option", { hasText: "演示店铺" }).first().waitFor({ state: "attached" });
    await upload.getByRole("combobox", { name: "报告类型" }).selectOption({ label: "赔偿报告" });
    const now = new Date().toISOString().slice(0, 19) + "+00:00";
    const file = "approval-date\treimbursement-id\tcase-id\tamazon-order-id\treason\tsku\tfnsku\tasin\tproduct-name\tcondition\tcurrency-unit\tamount-per-unit\tamount-total\tquantity-reimbursed-cash\tquantity-reimbursed-inventory\tquantity-reimbursed-total\toriginal-reimbursement-id\toriginal-reimbursement-type\n" +
      `${now}\t5550003\t\t${order}\tCustomerReturn\t${sku}\t\t\t\tSELLABLE\tUSD\t19.99\t${(19.99 * Number(row[col("件数")])).toFixed(2)}\t${row[col("件数")]}\t0\t${row[col("件数")]}\t\t\n`;
    await upload.getByLabel("报告文件").setInputFiles({ name: "reimbursements-order.txt", mimeType: "text/plain", buffer: Buffer.from(file) });
    await upload.getByRole("button", { name: "上传并导入", exact: true }).click();
    await upload.waitFor({ state: "detached" });
    await sync.locator('section[aria-labelledby="runs-title"] tbody tr', { hasText: "上传" }).filter({ hasText: "成功" }).nth(1).waitFor({ timeout: 30000 });

    await clickTab(page, "赔偿报告");
    await frame.getByLabel("状态", { exact: true }).selectOption("settled");
    list = await query(frame, "/amazon/api/v1/claims/page");
    assert.equal(list.rows.length, 1, `the refund settled: ${JSON.stringify(list.rows)}`);
    assert.equal(list.rows[0][col("参考编号")], order);
    assert.equal(list.rows[0][col("状态")], "已赔偿");
    assert.equal(list.rows[0][col("赔偿编号")], "5550003");
  });

  it("counts each claim down to its deadline, the nearest first, and says which are done with", async () => {
    const frame = await tabFrame(page, "赔偿报告");
    await frame.getByLabel("类型", { exact: true }).selectOption("");
    await frame.getByLabel("状态", { exact: true }).selectOption("all");
    const list = await query(frame, "/amazon/api/v1/claims/page");
    const col = (title) => list.header.indexOf(title);
    assert.ok(col("剩余天数") >= 0, `column 剩余天数 in ${list.header}`);
    assert.ok(list.rows.length >= 2, `the claims: ${JSON.stringify(list.rows)}`);
    const deadlines = list.rows.map((r) => r[col("截止日期")]);
    assert.deepEqual(deadlines, [...deadlines].sort(), "the nearest deadline first");
    for (const r of list.rows) {
      const left = r[col("剩余天数")];
      if (r[col("状态")] === "待索赔") assert.match(left, /^(剩\d+天|今天截止|\d+天后可申请)$/);
      else if (r[col("状态")] === "已过期") assert.equal(left, "已过期");
      else assert.equal(left, "—", `a claim filed or settled has no countdown: ${r}`);
    }
    await looks("claims-countdown");
  });
});
