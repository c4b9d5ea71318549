// 入库单's 单价 (issue 43 #18): a clerk enters each line's unit cost (CNY); a wrong one is told in Chinese, naming
// the line, before anything is sent; the form shows each line's amount and the total; the detail and the list show
// them; 审核 writes the cost on the receipt's lines in 库存流水. As the seeded admin, with two products and a warehouse
// (成本仓) added to the server's database. Screenshots at 1280 px and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, sayYes, signInToShell, tabFrame, tabTitles } from "./shell.mjs";
import { signIn } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("入库单的单价", () => {
  let server;
  let page;
  let number;
  let detailTitle;

  before(async () => {
    server = await startServer();
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    server.sql(
      "INSERT INTO local_products (id, company_id, sku, name, image, kind, remark, disabled, created_at, updated_at) VALUES " +
        [[7200000000000001, "COST-A", "蓝牙耳机"], [7200000000000002, "COST-B", "手机支架"]]
          .map(([id, sku, name]) => `(${id}, (SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}'), '${sku}', '${name}', '', 1, '', 0, '${now}', '${now}')`)
          .join(", "),
    );
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) " +
        `VALUES (7200000000000010, (SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}'), '成本仓', 'own', '', 0, 0, 0, '', '${now}', '${now}')`,
    );
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** The texts of a column (by its heading) of the frame's table labelled label (the first table when none). */
  async function column(frame, heading, label) {
    const table = label ? frame.getByRole("table", { name: label }) : frame.locator("table").first();
    const heads = (await table.locator("thead th").allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
    const i = heads.indexOf(heading);
    assert.ok(i >= 0, `a ${heading} column: ${heads}`);
    return (await table.locator(`tbody tr td:nth-child(${i + 1})`).allInnerTexts()).map((t) => t.trim());
  }

  it("takes each line's 单价, refusing a wrong one by line, and shows the amounts and the total", async () => {
    await openFromRail(page, "仓库", "入库单");
    const list = await tabFrame(page, "入库单");
    await list.getByRole("button", { name: "新建入库单", exact: true }).click();
    const form = await tabFrame(page, "新建入库单");
    await form.getByRole("combobox", { name: "仓库" }).selectOption({ label: "成本仓" });
    for (const sku of ["COST-A", "COST-B"]) {
      await form.getByLabel("查找产品").fill(sku);
      await form.getByRole("button", { name: `添加 ${sku}`, exact: true }).click();
    }
    await form.getByLabel("COST-A 数量").fill("10");
    await form.getByLabel("COST-B 数量").fill("3");
    const save = form.getByRole("button", { name: "保存", exact: true });
    const posted = [];
    page.on("request", (r) => r.method() === "POST" && new URL(r.url()).pathname === "/erp/api/v1/inbound" && posted.push(r.postData()));

    for (const [cost, message] of [
      ["-1", "第2行：单价(元)必须是不小于0的数字"],
      ["十元", "第2行：单价(元)必须是不小于0的数字"],
      ["1.234", "第2行：单价(元)最多2位小数"],
      ["1000000", "第2行：单价(元)不能超过999999.99"],
    ]) {
      await form.getByLabel("COST-A 单价").fill("12.5");
      await form.getByLabel("COST-B 单价").fill(cost);
      await save.click();
      assert.equal((await form.getByRole("alert").innerText()).trim(), message, `单价 ${cost}`);
    }
    assert.deepEqual(posted, [], "nothing is sent while a 单价 is wrong");

    await form.getByLabel("COST-B 单价").fill("0.8");
    assert.deepEqual(await column(form, "金额(元)", "单据产品"), ["125.00", "2.40"]);
    assert.equal((await form.getByLabel("合计金额").innerText()).replace(/\s+/g, ""), "合计金额(元)：127.40");
    await page.screenshot({ path: artifact("inbound-cost-new-desktop.png") });

    const open = await tabTitles(page);
    await save.click();
    await page.waitForFunction((before) => {
      const titles = [...document.querySelectorAll('[role="tablist"] [role="tab"]')].map((t) => t.textContent.trim());
      return titles.some((t) => /^入库单 RK\d{8}-\d{4}$/.test(t) && !before.includes(t));
    }, open);
    detailTitle = (await tabTitles(page)).find((t) => /^入库单 RK/.test(t) && !open.includes(t));
    number = detailTitle.split(" ")[1];
    assert.equal(JSON.parse(posted[0]).lines.map((l) => l.unitCost).join(","), "12.5,0.8");

    const detail = await tabFrame(page, detailTitle);
    await detail.getByText("待提交", { exact: true }).waitFor();
    assert.deepEqual(await column(detail, "单价(元)", "单据产品"), ["12.50", "0.80"]);
    assert.deepEqual(await column(detail, "金额(元)", "单据产品"), ["125.00", "2.40"]);
    assert.equal((await detail.locator("dt", { hasText: "总金额(元)" }).locator("xpath=following-sibling::dd").innerText()).trim(), "127.40");

    await openFromRail(page, "仓库", "入库单");
    await list.getByRole("button", { name: "刷新", exact: true }).click();
    await list.locator("tbody tr", { hasText: number }).waitFor();
    const numbers = await column(list, "入库单号");
    assert.equal((await column(list, "总金额(元)"))[numbers.indexOf(number)], "¥127.40");
  });

  it("writes the 单价 on the receipt's lines in 库存流水 once approved", async () => {
    const detail = await tabFrame(page, detailTitle);
    await page.getByRole("tab", { name: detailTitle, exact: true }).click();
    for (const [action, status] of [["提交", "待审核"], ["审核", "已完成"]]) {
      await detail.getByRole("button", { name: action, exact: true }).click();
      await sayYes(detail, action);
      await detail.getByText(status, { exact: true }).waitFor();
    }
    await openFromRail(page, "仓库", "库存流水");
    const record = await tabFrame(page, "库存流水");
    await record.locator('input[name="docNumber"]').fill(number);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/stock/ledger" && r.request().postData()?.includes(number));
    await record.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    await record.locator("tbody tr", { hasText: "COST-A" }).waitFor();
    const skus = await column(record, "SKU");
    const costs = await column(record, "单价(元)");
    assert.deepEqual(Object.fromEntries(skus.map((s, i) => [s, costs[i]])), { "COST-A": "¥12.50", "COST-B": "¥0.80" });
    await page.screenshot({ path: artifact("inbound-cost-ledger-desktop.png") });
  });

  it("draws the new document's form and the detail at 1280 px and 390 px, light and dark", async () => {
    const id = new URL(await (await tabFrame(page, detailTitle)).url()).searchParams.get("id");
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          await look.goto(`/e/w/i/d?id=${id}&embed=1`);
          await look.getByText("已完成", { exact: true }).first().waitFor();
          await look.screenshot({ path: artifact(`inbound-cost-detail-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/e/w/i?embed=1");
          await look.getByRole("combobox", { name: "仓库" }).selectOption({ label: "成本仓" });
          await look.getByLabel("查找产品").fill("COST-A");
          await look.getByRole("button", { name: "添加 COST-A", exact: true }).click();
          await look.getByLabel("COST-A 单价").fill("1.234");
          await look.screenshot({ path: artifact(`inbound-cost-new-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });
});
