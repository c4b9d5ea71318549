// 移除订单 as the seller (the demo company's admin, whose simulated seller's removal reports came in with the
// demo): the removal orders latest request first with their fee and where the units went; 退还 and 已完成 narrow
// the list to the returns sent back, and the two-package return opens to its lines and packages with carrier and
// tracking number; the list exports; a SKU that removed nothing finds an empty list that says where the data comes
// from. Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());

describe("移除订单", () => {
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

  async function query(frame) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/removals/page");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await answered).json();
    return { ...(await shown(frame)), total: data.total };
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

  it("lists the removal orders, opens a return's packages and exports the returns", async () => {
    await openFromRail(page, "销售", "移除订单");
    const frame = await tabFrame(page, "移除订单");
    let list = await shown(frame);
    const col = (title) => list.header.indexOf(title);
    for (const title of ["申请时间", "移除订单号", "站点", "类型", "状态", "SKU / FNSKU", "申请件数", "已发货", "已弃置", "包裹数", "移除费", "去向"]) {
      assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    }
    assert.ok(list.rows.length >= 5, `the orders: ${list.rows.length}`);
    const dates = list.rows.map((r) => r[col("申请时间")]);
    assert.deepEqual(dates, [...dates].sort().reverse(), "the latest request first");
    assert.ok(list.rows.some((r) => r[col("类型")] === "弃置" && /^已弃置\d+件$/.test(r[col("去向")])), "a disposal");
    assert.ok(list.rows.every((r) => r[col("类型")] === "退还" || r[col("类型")] === "弃置" || r[col("类型")] === "清算"));
    await looks("removals");

    await frame.getByLabel("类型").selectOption({ label: "退还" });
    await frame.getByLabel("状态").selectOption({ label: "已完成" });
    list = await query(frame);
    assert.ok(list.total >= 1, "completed returns");
    for (const r of list.rows) {
      assert.equal(r[col("类型")], "退还");
      assert.equal(r[col("状态")], "已完成");
      assert.match(r[col("移除费")], /^(\$|C\$|Mex\$)\d/);
    }
    const returned = list.rows.findIndex((r) => r[col("包裹数")] === "2");
    assert.ok(returned >= 0, `a return sent in two packages: ${JSON.stringify(list.rows)}`);
    const orderId = list.rows[returned][col("移除订单号")];
    assert.match(list.rows[returned][col("去向")], /^已退还\d+件（2个包裹）$/);

    await frame.locator("tbody tr", { hasText: orderId }).getByRole("button", { name: "详情", exact: true }).click();
    const dialog = frame.getByRole("dialog");
    await dialog.getByRole("heading", { name: `移除订单 ${orderId}` }).waitFor();
    const packages = dialog.getByRole("table", { name: "货件" }).locator("tbody tr");
    await packages.first().waitFor();
    const rows = await packages.evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    assert.equal(rows.length, 3, `three packages: ${JSON.stringify(rows)}`);
    const carriers = new Set(rows.map((r) => r[1]));
    assert.equal(carriers.size, 2, "two carriers");
    for (const r of rows) assert.match(r[2], /^\S{8,}$/, "a tracking number");
    const lines = await dialog.getByRole("table", { name: "明细" }).locator("tbody tr").allInnerTexts();
    assert.equal(lines.length, 2, "a sellable and an unsellable line");
    await looks("removals-detail");
    await dialog.getByRole("button", { name: "关闭", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const xlsx = await download;
    assert.equal(xlsx.suggestedFilename(), `移除订单_${TODAY}.xlsx`);
    const sheet = readSheet(await xlsx.path());
    assert.equal(sheet.length, list.total + 1, "the header and the completed returns");
    assert.ok(sheet.slice(1).some((r) => r[col("移除订单号")] === orderId));

    await frame.getByLabel("类型").selectOption({ label: "全部类型" });
    await frame.getByLabel("状态").selectOption({ label: "全部状态" });
    await frame.getByLabel("SKU或订单号").fill("NO-SUCH-SKU");
    list = await query(frame);
    assert.equal(list.total, 0);
    await frame.getByText("没有移除订单：在“数据同步”中同步移除订单和移除货件报告后").waitFor();
  });
});
