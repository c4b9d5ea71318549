// 物料, 耗材, 包材 (issue 46): the 本地产品 list and form kept to one kind. The admin adds a packing material on 包材
// (a Chinese refusal first), finds it by its name, exports the list and reads the .xlsx back; it is not on 物料.
// Screenshots at 1280 px and 390 px, light and dark.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { signIn } from "./flows.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("包材：新增、查找、导出", () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  it("adds a carton on 包材, finds it and exports it", async () => {
    const page = await newPage(server);
    try {
      await page.goto("/login");
      await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await page.goto("/erp/base/package?embed=1");
      await page.getByText("还没有包材：点“新增包材”添加第一个。").waitFor();
      await page.getByRole("button", { name: "新增包材" }).click();
      const dialog = page.getByRole("dialog", { name: "新增包材" });
      await dialog.locator('input[name="sku"]').fill("BOX-46");
      await dialog.locator('input[name="name"]').fill("五层纸箱");
      await dialog.locator('input[name="price"]').fill("2.5元");
      await dialog.getByRole("button", { name: "保存" }).click();
      await dialog.getByRole("alert").filter({ hasText: "单价(元)必须是数字" }).waitFor();
      assert.equal(await dialog.locator('select[name="kind"]').count(), 0);
      await dialog.locator('input[name="price"]').fill("2.5");
      await dialog.locator('input[name="cartonUnits"]').fill("20");
      await dialog.getByRole("button", { name: "保存" }).click();
      await dialog.waitFor({ state: "hidden" });

      await page.getByRole("searchbox", { name: "SKU或产品名称" }).fill("纸箱");
      await page.getByRole("button", { name: "查询" }).click();
      await page.getByRole("cell", { name: "BOX-46", exact: true }).waitFor();
      assert.equal(await page.locator("tbody tr").filter({ hasText: "BOX-46" }).count(), 1);

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "导出", exact: true }).click();
      const file = await download;
      assert.match(file.suggestedFilename(), /^包材_\d{4}-\d{2}-\d{2}\.xlsx$/);
      const sheet = readSheet(await file.path());
      assert.equal(sheet.length, 2);
      assert.deepEqual([sheet[1][0], sheet[1][1], sheet[1][5]], ["BOX-46", "五层纸箱", "包材"]);

      await page.goto("/erp/base/material?embed=1");
      await page.getByText("还没有物料：点“新增物料”添加第一个。").waitFor();
      assert.deepEqual(page.scriptErrors.map((e) => e.message), []);
    } finally {
      await page.context().close();
    }
  });

  it("looks right at 1280 px and 390 px, light and dark", async () => {
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          await look.goto("/erp/base/package?embed=1");
          await look.getByRole("cell", { name: "BOX-46", exact: true }).waitFor();
          await look.screenshot({ path: artifact(`kinds-list-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.locator("tbody tr").filter({ hasText: "BOX-46" }).getByRole("button", { name: "编辑" }).click();
          await look.getByRole("dialog", { name: "编辑包材" }).locator('input[name="sku"]').waitFor();
          await look.screenshot({ path: artifact(`kinds-form-${size}-${dark ? "dark" : "light"}.png`) });
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });
});
