// The product catalogue in the shell, as the owner of a newly registered company (the demo company's seeded
// products would crowd its lists), the way a person works: create a brand and a category
// tree, create a product with a picture (a wrong price is refused with its message first), find it in 本地产品 by
// search and filters, edit it, export the list and read the .xlsx back, import a file with one bad row (the row
// is named, nothing is imported) and then a good one, import an existing SKU again (refused, then updated with
// 更新已有产品), add a listing and pair it with the product, see the pairing
// on the product's details, and delete a product after confirming; then upload pictures in bulk by SKU (图片上传),
// the names of no product and a file too big listed, the rest sent with their progress. Screenshots go to
// /tmp/shots-products/.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PATIENCE, closeBrowser, getBrowser, newPage, phone, startServer } from "./harness.mjs";
import { registerCompany } from "./flows.mjs";
import { activeTab, clickTab, openFromRail, question, sayYes, signInToShell, tabFrame, waitForToast } from "./shell.mjs";
import { readSheet, writeSheet } from "./xlsx.mjs";

const SHOTS = "/tmp/shots-products";
mkdirSync(SHOTS, { recursive: true });

before(() => getBrowser());
after(() => closeBrowser());

describe("本地产品、品牌、分类与SKU配对", () => {
  let server;
  let page;
  const OWNER = { account: phone("137"), password: "Owner#2026c", name: "孙八", email: "sunba@example.com", company: "杭州丙方供应链有限公司" };

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await registerCompany(page, server, { js: true, ...OWNER });
    await signInToShell(page, OWNER);
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const shoot = (name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
  const row = (frame, text) => frame.locator("tbody tr").filter({ hasText: text });

  async function expectToast(frame, text) {
    const seen = await waitForToast(frame, text);
    assert.ok(seen.includes(text), `toast ${text}: saw ${JSON.stringify(seen)}`);
  }

  /** Fills the open form dialog's fields (inputs and selects by name) and saves it. */
  async function fillAndSave(frame, values) {
    const dialog = frame.locator("dialog[open]");
    await dialog.waitFor();
    for (const [name, value] of Object.entries(values)) {
      const select = dialog.locator(`select[name="${name}"]`);
      if (await select.count()) await select.selectOption({ label: value });
      else await dialog.locator(`input[name="${name}"]`).fill(value);
    }
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
  }

  /** Waits for the tab titled title to be the selected one: the tab bar renders after the click. */
  async function expectActive(title) {
    for (const deadline = Date.now() + PATIENCE; Date.now() < deadline && (await activeTab(page)) !== title; ) await sleep(50);
    assert.equal(await activeTab(page), title);
  }

  /** Waits until the table of frame shows exactly the SKUs, in order. */
  async function expectSKUs(frame, skus) {
    let got;
    for (const deadline = Date.now() + PATIENCE; Date.now() < deadline; await sleep(50)) {
      if ((await frame.locator('[role="status"]').filter({ hasText: "加载中..." }).count()) === 0) {
        got = await frame.locator("tbody tr td:nth-child(3)").allInnerTexts();
        if (JSON.stringify(got) === JSON.stringify(skus)) return;
      }
    }
    assert.deepEqual(got, skus);
  }

  it("creates a brand and a category tree", async () => {
    await openFromRail(page, "产品", "品牌");
    const brands = await tabFrame(page, "品牌");
    await brands.getByText("暂无数据！").waitFor();
    await brands.getByRole("button", { name: "新增品牌", exact: true }).click();
    await fillAndSave(brands, { name: "Anker", remark: "主力品牌" });
    await expectToast(brands, "操作成功!");
    await row(brands, "Anker").waitFor();
    await shoot("brands");

    await openFromRail(page, "产品", "分类");
    const categories = await tabFrame(page, "分类");
    await categories.getByRole("button", { name: "新增分类", exact: true }).click();
    await fillAndSave(categories, { name: "电子" });
    await categories.locator('[data-node="电子"]').waitFor();
    await categories.getByRole("button", { name: "新增下级：电子", exact: true }).click();
    await fillAndSave(categories, { name: "耳机" });
    await categories.locator('[data-node="耳机"]').waitFor();
    const names = await categories.locator("[data-node]").evaluateAll((rows) => rows.map((r) => r.dataset.node));
    assert.deepEqual(names, ["电子", "耳机"]);
    await shoot("categories");
  });

  it("creates a product with a picture, refusing a wrong price first", async () => {
    await openFromRail(page, "产品", "本地产品");
    const list = await tabFrame(page, "本地产品");
    await list.getByText("暂无数据！").waitFor();
    await list.getByRole("button", { name: "新增产品", exact: true }).click();
    const form = await tabFrame(page, "新增本地产品");
    await form.locator('input[name="sku"]').waitFor();
    await form.locator('input[name="sku"]').fill("EAR-001");
    await form.locator('input[name="name"]').fill("蓝牙耳机");
    // The brand and category lists arrive after the form: choose once they are there.
    await form.locator('select[name="brandId"] option', { hasText: "Anker" }).waitFor({ state: "attached" });
    await form.locator('select[name="brandId"]').selectOption({ label: "Anker" });
    await form.locator('select[name="categoryId"]').selectOption({ label: "\u3000耳机" });
    await form.locator('input[name="price"]').fill("19.999");
    for (const [name, value] of Object.entries({ weight: "0.25", length: "10", width: "8", height: "3.5", cartonUnits: "24", cartonWeight: "6.5", cartonLength: "40", cartonWidth: "30", cartonHeight: "20" })) {
      await form.locator(`input[name="${name}"]`).fill(value);
    }
    // The picture: a real PNG, a shot of part of the screen.
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 120 } });
    await form.locator('input[name="picture"]').setInputFiles({ name: "耳机.png", mimeType: "image/png", buffer: picture });
    await form.locator('img[alt="产品图片"]').waitFor();
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await form.getByRole("alert").filter({ hasText: "单价(元)最多2位小数" }).waitFor();
    await shoot("product-add-refused");

    await form.locator('input[name="price"]').fill("19.90");
    await form.getByRole("button", { name: "保存", exact: true }).click();
    // The add tab hands over to the new product's edit tab.
    await expectActive("编辑产品 EAR-001");
    assert.equal(await page.getByRole("tab", { name: "新增本地产品", exact: true }).count(), 0, "the add tab closed");
    const edit = await tabFrame(page, "编辑产品 EAR-001");
    await edit.locator('input[name="sku"]').waitFor();
    assert.equal(await edit.locator('input[name="price"]').inputValue(), "19.90");
    // The brands come by a call apart from the product's: until they answer the select has only its empty choice.
    await edit.locator('select[name="brandId"] option', { hasText: "Anker" }).waitFor({ state: "attached" });
    assert.equal(await edit.locator('select[name="brandId"] option:checked').innerText(), "Anker");
    await edit.getByRole("region", { name: "已配对的Listing" }).getByText("暂无数据！").waitFor(); // no listings yet
    await shoot("product-edit");
  });

  it("finds the product in the list by search and filters, and edits it", async () => {
    await clickTab(page, "本地产品");
    const list = await tabFrame(page, "本地产品");
    await list.getByRole("button", { name: "刷新", exact: true }).click();
    await row(list, "EAR-001").waitFor();
    const text = await row(list, "EAR-001").innerText();
    // 分类, 类型, 供应商 and 箱规 are hidden by default since the costs and stock columns came (列配置 shows them).
    for (const want of ["蓝牙耳机", "Anker", "启用"]) assert.ok(text.includes(want), `row shows ${want}: ${text}`);
    assert.equal(await row(list, "EAR-001").locator('img[alt="产品图片"]').count(), 1, "the row shows the picture");
    await shoot("product-list");

    await list.locator('input[name="keyword"]').fill("ear-0");
    await list.getByRole("button", { name: "查询", exact: true }).click();
    await expectSKUs(list, ["EAR-001"]);
    await list.locator('input[name="keyword"]').fill("没有这个");
    await list.getByRole("button", { name: "查询", exact: true }).click();
    await list.getByText("暂无数据！").waitFor();
    await list.locator('input[name="keyword"]').fill("");
    await list.locator('select[name="brandId"]').selectOption({ label: "Anker" });
    await list.getByRole("button", { name: "查询", exact: true }).click();
    await expectSKUs(list, ["EAR-001"]);
    await list.locator('select[name="brandId"]').selectOption({ label: "全部品牌" });
    await list.getByRole("button", { name: "查询", exact: true }).click();

    await row(list, "EAR-001").getByRole("button", { name: "编辑", exact: true }).click();
    await expectActive("编辑产品 EAR-001");
    const edit = await tabFrame(page, "编辑产品 EAR-001");
    await edit.locator('input[name="name"]').fill("降噪蓝牙耳机");
    await edit.getByRole("button", { name: "保存", exact: true }).click();
    await expectToast(edit, "操作成功!");

    await clickTab(page, "本地产品");
    await list.getByRole("button", { name: "刷新", exact: true }).click();
    await row(list, "降噪蓝牙耳机").waitFor();
  });

  it("exports the list and reads the .xlsx back", async () => {
    const list = await tabFrame(page, "本地产品");
    const download = page.waitForEvent("download");
    await list.getByRole("button", { name: "导出", exact: true }).click();
    const file = await download;
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
    assert.equal(file.suggestedFilename(), `本地产品_${today}.xlsx`);
    const sheet = readSheet(await file.path());
    assert.deepEqual(sheet[0].slice(0, 6), ["SKU*", "产品名称*", "品牌", "分类", "供应商", "类型"]);
    assert.equal(sheet.length, 2);
    assert.deepEqual(sheet[1].slice(0, 7), ["EAR-001", "降噪蓝牙耳机", "Anker", "耳机", "", "产品", "19.9"]);
  });

  it("imports a file with a bad row (nothing imported), then a good one", async () => {
    const list = await tabFrame(page, "本地产品");
    const header = ["SKU*", "产品名称*", "品牌", "分类", "类型", "单价(元)", "单箱数量"];
    const bad = join(server.dir, "bad.xlsx");
    writeSheet(bad, [header, ["CASE-01", "耳机收纳盒", "Anker", "耳机", "包材", "3.5", "100"], ["CABLE-02", "数据线", "Sony", "", "产品", "9.9元", "0"]]);
    await list.getByRole("button", { name: "导入", exact: true }).click();
    const dialog = list.locator("dialog[open]");
    await dialog.locator('input[type="file"]').setInputFiles(bad);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    // Every wrong cell of the row at once: row, column, value and why.
    const problems = dialog.getByRole("alert");
    await problems.getByText("导入失败，共1行3处有误，未导入任何产品").waitFor();
    const cells = await problems.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    assert.deepEqual(cells, [
      ["3", "单价(元)", "9.9元", "单价(元)必须是数字"],
      ["3", "单箱数量", "0", "单箱数量必须是正整数"],
      ["3", "品牌", "Sony", "品牌“Sony”不存在"],
    ]);
    await shoot("product-import-refused");

    const good = join(server.dir, "good.xlsx");
    writeSheet(good, [header, ["CASE-01", "耳机收纳盒", "Anker", "耳机", "包材", "3.5", "100"], ["CABLE-02", "数据线", "", "", "产品", "9.9", ""]]);
    await dialog.locator('input[type="file"]').setInputFiles(good);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expectToast(list, "成功导入2个产品");
    await expectSKUs(list, ["CABLE-02", "CASE-01", "EAR-001"]);
    assert.match(await row(list, "CASE-01").innerText(), /耳机收纳盒/);
  });

  it("refuses an existing SKU, then updates it with 更新已有产品", async () => {
    const list = await tabFrame(page, "本地产品");
    const header = ["SKU*", "产品名称*", "类型"];
    const again = join(server.dir, "again.xlsx");
    writeSheet(again, [header, ["CASE-01", "耳机收纳盒（大）", "包材"], ["BOX-03", "包装箱", "包材"]]);
    await list.getByRole("button", { name: "导入", exact: true }).click();
    const dialog = list.locator("dialog[open]");
    await dialog.locator('input[type="file"]').setInputFiles(again);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    await dialog.getByRole("alert").getByRole("cell", { name: "SKU“CASE-01”已存在，请更换" }).waitFor();

    await dialog.getByRole("checkbox", { name: "更新已有产品" }).check();
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expectToast(list, "成功导入2个产品，其中更新1个");
    await expectSKUs(list, ["BOX-03", "CABLE-02", "CASE-01", "EAR-001"]);
    assert.match(await row(list, "CASE-01").innerText(), /耳机收纳盒（大）/);
  });

  it("adds a listing and pairs it with the product, which its details then show", async () => {
    // Store groups are made by the store module's screens; this test puts one straight in the database.
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    server.sql(
      "INSERT INTO store_groups (id, company_id, name, remark, created_at, updated_at) VALUES (?, (SELECT company_id FROM users WHERE account = ?), '美国店', '', ?, ?)",
      String(Date.now()), OWNER.account, now, now);
    await openFromRail(page, "产品", "SKU配对");
    const listings = await tabFrame(page, "SKU配对");
    await listings.getByText("暂无数据！").waitFor();
    await listings.locator('select[name="groupId"] option', { hasText: "美国店" }).waitFor({ state: "attached" });
    await listings.getByRole("button", { name: "新增Listing", exact: true }).click();
    await fillAndSave(listings, { groupId: "美国店", marketplaceId: "美国（US）", sellerSku: "EAR-001-US", fnsku: "x00abcdefg", asin: "B0ABCDEFGH" });
    await expectToast(listings, "操作成功!");
    await row(listings, "EAR-001-US").waitFor();
    assert.match(await row(listings, "EAR-001-US").innerText(), /未配对/);

    await row(listings, "EAR-001-US").getByRole("button", { name: "配对", exact: true }).click();
    const dialog = listings.locator("dialog[open]");
    await dialog.getByRole("searchbox", { name: "搜索本地产品" }).fill("EAR");
    const choice = dialog.getByRole("button").filter({ hasText: "降噪蓝牙耳机" });
    await choice.waitFor();
    await shoot("listing-pair");
    await choice.click();
    await dialog.waitFor({ state: "detached" });
    await expectToast(listings, "操作成功!");
    for (const deadline = Date.now() + PATIENCE; Date.now() < deadline && !/已配对/.test(await row(listings, "EAR-001-US").innerText()); ) await sleep(50);
    const paired = await row(listings, "EAR-001-US").innerText();
    assert.match(paired, /已配对/);
    assert.match(paired, /EAR-001\b/);
    assert.match(paired, /X00ABCDEFG/);
    await shoot("listings");

    await clickTab(page, "本地产品");
    const list = await tabFrame(page, "本地产品");
    await row(list, "EAR-001").getByRole("button", { name: "查看", exact: true }).click();
    await expectActive("产品详情 EAR-001");
    const details = await tabFrame(page, "产品详情 EAR-001");
    await details.getByRole("region", { name: "已配对的Listing" }).getByText("EAR-001-US").waitFor();
    assert.match(await details.getByRole("region", { name: "产品信息" }).innerText(), /¥19\.90/);
    await shoot("product-details");
  });

  it("keeps a row's actions in sight at the right edge of a list wider than its box", async () => {
    await clickTab(page, "本地产品");
    const list = await tabFrame(page, "本地产品");
    const remove = row(list, "CABLE-02").getByRole("button", { name: "删除", exact: true });
    const seen = () =>
      remove.evaluate((button) => {
        const box = button.closest(".overflow-x-auto");
        const b = button.getBoundingClientRect();
        const r = box.getBoundingClientRect();
        return {
          wider: box.scrollWidth > box.clientWidth,
          inside: b.left >= r.left && b.right <= r.right,
          onTop: document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2) === button,
        };
      });
    // On a 1024 px laptop screen the list's columns are wider than its box, and 删除 is in sight without
    // scrolling; scrolled to its far left and right, the 操作 column stays where it is.
    await page.setViewportSize({ width: 1024, height: 768 });
    try {
      await list.waitForFunction(() => {
        const box = document.querySelector(".overflow-x-auto");
        return box.scrollWidth > box.clientWidth;
      });
      for (const left of [0, 10000]) {
        await remove.evaluate((button, x) => { button.closest(".overflow-x-auto").scrollLeft = x; }, left);
        assert.deepEqual(await seen(), { wider: true, inside: true, onTop: true }, `scrolled to ${left}`);
      }
      await shoot("10-actions-in-sight");
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("deletes a product after confirming", async () => {
    await clickTab(page, "本地产品");
    const list = await tabFrame(page, "本地产品");
    await row(list, "CABLE-02").getByRole("button", { name: "删除", exact: true }).click();
    await question(list, "删除产品“CABLE-02”");
    await sayYes(list, "删除");
    await expectToast(list, "操作成功!");
    await expectSKUs(list, ["BOX-03", "CASE-01", "EAR-001"]);
  });

  it("uploads pictures in bulk named by SKU from 图片上传, listing the names of no product and a file too big", async () => {
    await clickTab(page, "本地产品");
    const list = await tabFrame(page, "本地产品");
    await list.getByRole("button", { name: "图片上传", exact: true }).click();
    const upload = await tabFrame(page, "图片上传");
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 60, height: 60 } });
    await upload.getByLabel("选择图片").setInputFiles([
      { name: "EAR-001.png", mimeType: "image/png", buffer: picture },
      { name: "CASE-01-2.png", mimeType: "image/png", buffer: picture },
      { name: "NOPE-9.png", mimeType: "image/png", buffer: picture },
      { name: "BOX-03.png", mimeType: "image/png", buffer: Buffer.concat([picture, Buffer.alloc(2 << 20)]) },
    ]);
    const skipped = upload.getByRole("region", { name: "未匹配的文件" });
    await skipped.getByText("2 个文件不会上传：").waitFor();
    const reasons = (await skipped.locator("li").allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(reasons, ["NOPE-9.png：没有SKU为“NOPE-9”的本地产品", "BOX-03.png：图片不能超过2MB"]);
    await upload.getByRole("button", { name: "上传 2 张", exact: true }).click();
    await upload.getByRole("status", { name: "上传进度" }).filter({ hasText: "已上传 2 / 2" }).waitFor();
    const rows = (await upload.getByRole("table", { name: "待上传图片" }).locator("tbody tr").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
    assert.deepEqual(rows, ["EAR-001.png EAR-001 主图 已上传", "CASE-01-2.png CASE-01 第2张 已上传"]);
    await shoot("11-photo-upload");
  });
});
